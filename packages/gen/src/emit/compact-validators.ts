import { ts } from '../program/typescript.js';

/** The fields of the error objects ajv's verbose validators build, in the order its code writes them. */
const ERROR_FIELDS = ['instancePath', 'schemaPath', 'keyword', 'params', 'message', 'schema', 'parentSchema', 'data'];

/** The helpers of `@toolwright/core/validator-runtime` that compacted code calls (see there for each). */
export type CompactHelper =
  | 'verboseError'
  | 'typeError'
  | 'requiredError'
  | 'additionalPropertyError'
  | 'enumError'
  | 'pushError';

/** The compacted code, and which helpers it calls. */
export interface CompactedValidators {
  code: string;
  uses: Set<CompactHelper>;
}

/**
 * ajv's standalone code made smaller, with the same behaviour. Every cold start reads and compiles this module, and
 * three patterns ajv writes at every error site or function were most of it:
 * - each error object literal (the eight verbose fields, in ajv's order) becomes a call that builds the same object
 *   from the same values: `verboseError`, or for the four commonest keywords one that also makes what follows from
 *   its parameter (the keyword, the message, the keyword's schema), where the code's own text shows they are so;
 * - `const errN = ...; if (vErrors === null) { vErrors = [errN]; } else { vErrors.push(errN); }` becomes
 *   `vErrors = pushError(vErrors, ...);`;
 * - at the start of a validator whose `evaluated` record says nothing is dynamic, the reads that would reset it
 *   (dead code there) are dropped, and so are the options (`parentData`, `rootData`, ...) its body never names.
 * Anything of another shape is left as it is.
 */
export function compactValidators(code: string): CompactedValidators {
  const uses = new Set<CompactHelper>();
  const withCalls = edit(code, (file, edits) => {
    const visit = (node: ts.Node): void => {
      const fields = ts.isObjectLiteralExpression(node) ? errorFields(node) : null;
      if (fields) {
        const { helper, args } = errorCall(fields, file);
        uses.add(helper);
        edits.push({ start: node.getStart(file), end: node.getEnd(), text: `${helper}(${args.join(', ')})` });
      } else ts.forEachChild(node, visit);
    };
    visit(file);
  });
  const compacted = edit(withCalls, (file, edits) => {
    const staticRecords = functionsWithStaticEvaluated(file);
    const visit = (node: ts.Node): void => {
      if (ts.isBlock(node) || ts.isSourceFile(node)) {
        const statements = node.statements;
        for (let i = 0; i + 1 < statements.length; i++) {
          const push = errorPush(statements[i]!, statements[i + 1]!, statements.slice(i + 2), file);
          if (!push) continue;
          uses.add('pushError');
          const text = `${push.list} = pushError(${push.list}, ${push.error});`;
          edits.push({ start: statements[i]!.getStart(file), end: statements[i + 1]!.getEnd(), text });
          i++;
        }
      }
      if (ts.isFunctionDeclaration(node) && node.name && node.body) {
        const reset = staticRecords.has(node.name.text) ? evaluatedReset(node.name.text, node.body) : null;
        if (reset) edits.push({ start: reset.start, end: reset.end, text: '' });
        const options = usedOptions(node, node.body, file);
        if (options) edits.push(options);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  });
  return { code: compacted, uses };
}

type Edit = { start: number; end: number; text: string };

/** The code with the edits `collect` finds in its syntax tree applied (they must not overlap). */
function edit(code: string, collect: (file: ts.SourceFile, edits: Edit[]) => void): string {
  const file = ts.createSourceFile('validators.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const edits: Edit[] = [];
  collect(file, edits);
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let from = 0;
  for (const { start, end, text } of edits) {
    out += code.slice(from, start) + text;
    from = end;
  }
  return out + code.slice(from);
}

/** The value of each field, when the literal is exactly an error object; null otherwise. */
function errorFields(literal: ts.ObjectLiteralExpression): ts.Expression[] | null {
  const { properties } = literal;
  if (properties.length !== ERROR_FIELDS.length) return null;
  const values: ts.Expression[] = [];
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i]!;
    if (!ts.isIdentifier(property.name!) || property.name.text !== ERROR_FIELDS[i]) return null;
    if (ts.isShorthandPropertyAssignment(property)) values.push(property.name);
    else if (ts.isPropertyAssignment(property)) values.push(property.initializer);
    else return null;
  }
  return values;
}

/**
 * The helper that builds this error object, and its arguments' source texts. ajv writes a `type`, `required`,
 * `additionalProperties` or `enum` error with a message made from its parameter and with the keyword's own schema as
 * `schema`: where the text shows exactly that, the helper makes them, from the same values (a literal or a read of a
 * name, so reading it once is the same as twice).
 */
function errorCall(fields: ts.Expression[], file: ts.SourceFile): { helper: CompactHelper; args: string[] } {
  const [instancePath, schemaPath, keyword, params, message, schema, parentSchema, data] = fields as [
    ts.Expression,
    ts.Expression,
    ts.Expression,
    ts.Expression,
    ts.Expression,
    ts.Expression,
    ts.Expression,
    ts.Expression,
  ];
  const text = (node: ts.Expression) => node.getText(file);
  const parent = text(parentSchema);
  const start = [text(instancePath), text(schemaPath)];
  const end = [parent, text(data)];
  const param = onlyParameter(params);
  if (ts.isStringLiteral(keyword) && param) {
    const value = text(param.value);
    if (
      keyword.text === 'type' &&
      param.name === 'type' &&
      ts.isStringLiteral(param.value) &&
      ts.isStringLiteral(message) &&
      message.text === `must be ${param.value.text}` &&
      text(schema) === `${parent}.type`
    )
      return { helper: 'typeError', args: [...start, value, ...end] };
    if (
      keyword.text === 'required' &&
      param.name === 'missingProperty' &&
      text(message) === `"must have required property '"+${value}+"'"` &&
      text(schema) === `${parent}.required`
    )
      return { helper: 'requiredError', args: [...start, value, ...end] };
    if (
      keyword.text === 'additionalProperties' &&
      param.name === 'additionalProperty' &&
      ts.isStringLiteral(message) &&
      message.text === 'must NOT have additional properties' &&
      text(schema) === 'false'
    )
      return { helper: 'additionalPropertyError', args: [...start, value, ...end] };
    if (
      keyword.text === 'enum' &&
      param.name === 'allowedValues' &&
      value === `${parent}.enum` &&
      ts.isStringLiteral(message) &&
      message.text === 'must be equal to one of the allowed values' &&
      text(schema) === `${parent}.enum`
    )
      return { helper: 'enumError', args: [...start, ...end] };
  }
  return { helper: 'verboseError', args: fields.map(text) };
}

/**
 * `{ name: value }` with a literal, a plain name or a schema's property (`schema31.properties.a.enum`) as the value:
 * that one parameter. Reading any of those has no effect, so a helper may read it in another order.
 */
function onlyParameter(params: ts.Expression): { name: string; value: ts.Expression } | null {
  if (!ts.isObjectLiteralExpression(params) || params.properties.length !== 1) return null;
  const property = params.properties[0]!;
  if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return null;
  const value = property.initializer;
  return ts.isStringLiteral(value) || isNamePath(value) ? { name: property.name.text, value } : null;
}

/** `a`, `a.b.c` or `a["b"]`: a name and property reads of it. */
function isNamePath(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return true;
  if (ts.isPropertyAccessExpression(node)) return isNamePath(node.expression);
  if (ts.isElementAccessExpression(node))
    return ts.isStringLiteral(node.argumentExpression) && isNamePath(node.expression);
  return false;
}

/**
 * `const err = <error>;` then `if (list === null) { list = [err]; } else { list.push(err); }`, with `err` named
 * nowhere after: the list's name and the error's source text.
 */
function errorPush(
  declaration: ts.Statement,
  branch: ts.Statement,
  rest: readonly ts.Statement[],
  file: ts.SourceFile,
): { list: string; error: string } | null {
  if (!ts.isVariableStatement(declaration) || !(declaration.declarationList.flags & ts.NodeFlags.Const)) return null;
  const [variable, ...others] = declaration.declarationList.declarations;
  if (!variable || others.length || !ts.isIdentifier(variable.name) || !variable.initializer) return null;
  const err = variable.name.text;
  if (!ts.isIfStatement(branch) || !branch.elseStatement) return null;
  const test = branch.expression;
  if (
    !ts.isBinaryExpression(test) ||
    test.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken ||
    !ts.isIdentifier(test.left) ||
    test.right.kind !== ts.SyntaxKind.NullKeyword
  )
    return null;
  const list = test.left.text;
  const start = onlyExpression(branch.thenStatement);
  const append = onlyExpression(branch.elseStatement);
  const startsList =
    start !== undefined &&
    ts.isBinaryExpression(start) &&
    start.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    isIdentifierNamed(start.left, list) &&
    ts.isArrayLiteralExpression(start.right) &&
    start.right.elements.length === 1 &&
    isIdentifierNamed(start.right.elements[0]!, err);
  const appends =
    append !== undefined &&
    ts.isCallExpression(append) &&
    ts.isPropertyAccessExpression(append.expression) &&
    isIdentifierNamed(append.expression.expression, list) &&
    append.expression.name.text === 'push' &&
    append.arguments.length === 1 &&
    isIdentifierNamed(append.arguments[0]!, err);
  if (!startsList || !appends) return null;
  if (rest.some((statement) => names(statement, err))) return null;
  return { list, error: variable.initializer.getText(file) };
}

/** The expression of a statement, or of a block holding only that statement. */
function onlyExpression(statement: ts.Statement): ts.Expression | undefined {
  const inner = ts.isBlock(statement) && statement.statements.length === 1 ? statement.statements[0]! : statement;
  return ts.isExpressionStatement(inner) ? inner.expression : undefined;
}

function isIdentifierNamed(node: ts.Node, name: string): boolean {
  return ts.isIdentifier(node) && node.text === name;
}

/** Whether an identifier `name` occurs in the node. */
function names(node: ts.Node, name: string): boolean {
  return isIdentifierNamed(node, name) || (ts.forEachChild(node, (child) => names(child, name) || undefined) ?? false);
}

/** The validators whose `F.evaluated = {...}` record (top level) has dynamicProps and dynamicItems false. */
function functionsWithStaticEvaluated(file: ts.SourceFile): Set<string> {
  const found = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    const assignment = statement.expression;
    if (!ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const target = assignment.left;
    if (!ts.isPropertyAccessExpression(target) || target.name.text !== 'evaluated') continue;
    if (!ts.isIdentifier(target.expression) || !ts.isObjectLiteralExpression(assignment.right)) continue;
    const flags = new Map<string, ts.Expression>();
    for (const property of assignment.right.properties) {
      if (ts.isPropertyAssignment(property) && (ts.isStringLiteral(property.name) || ts.isIdentifier(property.name)))
        flags.set(property.name.text, property.initializer);
    }
    const isFalse = (key: string) => flags.get(key)?.kind === ts.SyntaxKind.FalseKeyword;
    if (isFalse('dynamicProps') && isFalse('dynamicItems')) found.add(target.expression.text);
  }
  return found;
}

/**
 * In the body of validator `fn`: `const e = fn.evaluated;` and the two statements after it that reset `e.props` and
 * `e.items` when they are dynamic, with `e` named nowhere else. The text range to drop, or null.
 */
function evaluatedReset(fn: string, body: ts.Block): { start: number; end: number } | null {
  const statements = body.statements;
  const index = statements.findIndex((statement) => {
    if (!ts.isVariableStatement(statement)) return false;
    const [variable] = statement.declarationList.declarations;
    const init = variable?.initializer;
    return (
      init !== undefined &&
      ts.isPropertyAccessExpression(init) &&
      init.name.text === 'evaluated' &&
      isIdentifierNamed(init.expression, fn)
    );
  });
  if (index < 0) return null;
  const declaration = statements[index] as ts.VariableStatement;
  const record = declaration.declarationList.declarations[0]!.name;
  if (!ts.isIdentifier(record)) return null;
  const resets = [statements[index + 1], statements[index + 2]];
  const fields = [
    ['dynamicProps', 'props'],
    ['dynamicItems', 'items'],
  ] as const;
  for (let i = 0; i < 2; i++) {
    const statement = resets[i];
    const [flag, field] = fields[i]!;
    if (!statement || !ts.isIfStatement(statement) || statement.elseStatement) return null;
    const test = statement.expression;
    if (!ts.isPropertyAccessExpression(test) || !isIdentifierNamed(test.expression, record.text)) return null;
    if (test.name.text !== flag) return null;
    const assignment = onlyExpression(statement.thenStatement);
    if (
      !assignment ||
      !ts.isBinaryExpression(assignment) ||
      assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken ||
      !ts.isPropertyAccessExpression(assignment.left) ||
      !isIdentifierNamed(assignment.left.expression, record.text) ||
      assignment.left.name.text !== field
    )
      return null;
  }
  const after = statements.slice(index + 3);
  if (after.some((statement) => names(statement, record.text))) return null;
  return { start: declaration.getFullStart(), end: resets[1]!.getEnd() };
}

/**
 * A validator's second parameter, `{instancePath="", parentData, parentDataProperty, rootData=data,
 * dynamicAnchors={}}={}`, without the options its body never names (their defaults have no effect): the edit, or
 * null when there is none to drop.
 */
function usedOptions(fn: ts.FunctionDeclaration, body: ts.Block, file: ts.SourceFile): Edit | null {
  const options = fn.parameters[1];
  if (!options || fn.parameters.length !== 2 || !ts.isObjectBindingPattern(options.name)) return null;
  const elements = options.name.elements;
  const named = (name: string) =>
    names(body, name) || elements.some((other) => other.initializer !== undefined && names(other.initializer, name));
  const kept = elements.filter((element) => !ts.isIdentifier(element.name) || named(element.name.text));
  if (kept.length === elements.length) return null;
  const pattern = `{${kept.map((element) => element.getText(file)).join(', ')}}`;
  return { start: options.name.getStart(file), end: options.name.getEnd(), text: pattern };
}
