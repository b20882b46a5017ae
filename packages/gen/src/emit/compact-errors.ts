import { ts } from '../program/typescript.js';

/** The fields of the error objects ajv's verbose validators build, in the order its code writes them. */
const ERROR_FIELDS = ['instancePath', 'schemaPath', 'keyword', 'params', 'message', 'schema', 'parentSchema', 'data'];

/**
 * ajv's standalone code with each error object literal it writes (the eight verbose fields, in ajv's order) turned
 * into a call of `make`, which builds the same object from the same values, evaluated in the same order. Those
 * literals are over a third of a validators module (about 190 bytes each, some ten per tool), code every cold start
 * reads and compiles; the call is about a third of that. An object of any other shape is left as it is.
 */
export function compactErrorObjects(code: string, make: string): string {
  const file = ts.createSourceFile('validators.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    const values = ts.isObjectLiteralExpression(node) ? errorFieldValues(node, file) : null;
    if (values) edits.push({ start: node.getStart(file), end: node.getEnd(), text: `${make}(${values.join(', ')})` });
    else ts.forEachChild(node, visit);
  };
  visit(file);
  let out = '';
  let from = 0;
  for (const edit of edits) {
    out += code.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return out + code.slice(from);
}

/** The source text of each field's value, when the literal is exactly an error object; null otherwise. */
function errorFieldValues(literal: ts.ObjectLiteralExpression, file: ts.SourceFile): string[] | null {
  const { properties } = literal;
  if (properties.length !== ERROR_FIELDS.length) return null;
  const values: string[] = [];
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i]!;
    if (!ts.isIdentifier(property.name!) || property.name.text !== ERROR_FIELDS[i]) return null;
    if (ts.isShorthandPropertyAssignment(property)) values.push(property.name.text);
    else if (ts.isPropertyAssignment(property)) values.push(property.initializer.getText(file));
    else return null;
  }
  return values;
}
