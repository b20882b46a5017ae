import { ts } from '../program/typescript.js';

/**
 * The property name of a parameter in the arguments object. A destructured parameter (`{ q, limit }: Search`)
 * has no name of its own, so it stays one property (the Toolbox passes arguments positionally, and the model
 * sees the same nesting the method declares) named after its `@param` tag, else its declared type
 * (`Search` -> `search`), else `args`; a number is added when that name is taken.
 */
export function parameterName(parameter: ts.ParameterDeclaration, taken: ReadonlySet<string>): string {
  const nameNode = parameter.name;
  if (ts.isIdentifier(nameNode)) return nameNode.getText();
  const base = docName(parameter) ?? typeName(parameter) ?? 'args';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  return name;
}

function docName(parameter: ts.ParameterDeclaration): string | undefined {
  for (const tag of ts.getJSDocParameterTags(parameter)) {
    if (ts.isIdentifier(tag.name)) return tag.name.text;
  }
  return undefined;
}

function typeName(parameter: ts.ParameterDeclaration): string | undefined {
  const typeNode = parameter.type;
  if (!typeNode || !ts.isTypeReferenceNode(typeNode)) return undefined;
  const name = typeNode.typeName;
  const last = ts.isQualifiedName(name) ? name.right.getText() : name.getText();
  return last.charAt(0).toLowerCase() + last.slice(1);
}
