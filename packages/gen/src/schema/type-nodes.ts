import { FileScopeMemo, fileScopeOf } from '../program/file-scope.js';
import { ts } from '../program/typescript.js';
import { SCHEMA_TAGS, type DocTag } from './doc-tags.js';

/** The type annotation of a parameter, property or type alias declaration. */
export function declaredTypeNode(node: ts.Node | undefined): ts.TypeNode | undefined {
  if (!node) return undefined;
  if (ts.isTypeNode(node)) return node;
  if (
    ts.isParameter(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isTypeAliasDeclaration(node)
  ) {
    return node.type;
  }
  return undefined;
}

type AliasTags = { name: string; tags: DocTag[]; at: ts.Node } | undefined;

/** aliasTags of names looked up in their file's scope (see file-scope.ts). */
const byFileScope = new FileScopeMemo<AliasTags>();

/** Schema tags written on the type aliases that `node` refers to (outer aliases last, so that they win). */
export function aliasTags(node: ts.TypeNode, checker: ts.TypeChecker): AliasTags {
  let start = node;
  while (ts.isParenthesizedTypeNode(start)) start = start.type;
  const scope =
    ts.isTypeReferenceNode(start) && ts.isIdentifier(start.typeName) ? fileScopeOf(start.typeName) : undefined;
  if (!scope) return readAliasTags(node, checker);
  const name = ((start as ts.TypeReferenceNode).typeName as ts.Identifier).text;
  return byFileScope.get(checker, scope, name, () => readAliasTags(node, checker));
}

function readAliasTags(node: ts.TypeNode, checker: ts.TypeChecker): AliasTags {
  let tags: DocTag[] = [];
  let first: { name: string; at: ts.Node } | undefined;
  let current: ts.TypeNode | undefined = node;
  for (let depth = 0; current && depth < 8; depth++) {
    while (ts.isParenthesizedTypeNode(current)) current = current.type;
    if (!ts.isTypeReferenceNode(current)) break;
    let symbol = checker.getSymbolAtLocation(current.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    if (!declaration) break;
    const own = ts.getJSDocTags(declaration).map((tag) => ({
      name: tag.tagName.text,
      text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
    }));
    if (own.length > 0) {
      tags = [...own, ...tags];
      first ??= { name: declaration.name.text, at: declaration };
    }
    current = declaration.type;
  }
  return first && tags.some((tag) => SCHEMA_TAGS.has(tag.name)) ? { ...first, tags } : undefined;
}

/** The element type as written in `T[]`, `readonly T[]`, `Array<T>` or `ReadonlyArray<T>`. */
export function elementTypeNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  while (node && (ts.isParenthesizedTypeNode(node) || ts.isTypeOperatorNode(node))) node = node.type;
  if (!node) return undefined;
  if (ts.isArrayTypeNode(node)) return node.elementType;
  if (ts.isTypeReferenceNode(node) && node.typeArguments?.length === 1) return node.typeArguments[0];
  return undefined;
}

export function aliasTypeNode(type: ts.Type): ts.TypeNode | undefined {
  return declaredTypeNode(type.aliasSymbol?.declarations?.[0]);
}

export function unionNode(node: ts.TypeNode | undefined): ts.UnionTypeNode | undefined {
  while (node && ts.isParenthesizedTypeNode(node)) node = node.type;
  return node && ts.isUnionTypeNode(node) ? node : undefined;
}
