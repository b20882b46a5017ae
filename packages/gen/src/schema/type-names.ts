import { ts } from '../program/typescript.js';

/**
 * A readable name for a type, for `$defs`: the alias or declared name with its type arguments
 * (`Tree<User>` is `Tree_User`, `Page<string[]>` is `Page_stringArray`), letters, digits and `_` only.
 */
export function typeName(type: ts.Type, checker: ts.TypeChecker, depth = 0): string {
  if (depth > 3) return 'T';
  if (type.aliasSymbol) {
    return withArguments(type.aliasSymbol.name, type.aliasTypeArguments ?? [], checker, depth);
  }
  if (type.flags & ts.TypeFlags.Object && checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return `${element ? typeName(element, checker, depth + 1) : 'Unknown'}Array`;
  }
  const symbol = type.getSymbol();
  if (symbol && !symbol.name.startsWith('__')) {
    // A class or interface reference also carries its `this` type last: keep the declared parameters only.
    const reference = type as ts.TypeReference;
    const args =
      type.flags & ts.TypeFlags.Object && reference.objectFlags & ts.ObjectFlags.Reference
        ? checker.getTypeArguments(reference).slice(0, reference.target.typeParameters?.length ?? 0)
        : [];
    return withArguments(symbol.name, args, checker, depth);
  }
  if (type.flags & ts.TypeFlags.Union) return 'Union';
  const text = checker
    .typeToString(type)
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return text === '' || text.length > 40 ? 'Type' : text;
}

function withArguments(name: string, args: readonly ts.Type[], checker: ts.TypeChecker, depth: number): string {
  const clean = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (args.length === 0) return clean;
  return [clean, ...args.map((arg) => typeName(arg, checker, depth + 1))].join('_');
}
