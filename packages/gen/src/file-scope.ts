// Where a name in a type is looked up. Names that resolve in their file's own scope resolve alike wherever they stand
// in it, so what is learnt from resolving one (its symbol, the tags of its alias) holds for all: the walk of
// host-libs.ts and the alias tags of the schema builder resolve each such name once per file.
import { ts } from './ts-morph.js';

/** Type nodes that a name in them is looked up through without meeting a declaration of another name. */
const TRANSPARENT_TYPES = new Set([
  ts.SyntaxKind.TypeReference, ts.SyntaxKind.QualifiedName, ts.SyntaxKind.ArrayType, ts.SyntaxKind.UnionType, ts.SyntaxKind.IntersectionType,
  ts.SyntaxKind.TypeOperator, ts.SyntaxKind.IndexedAccessType, ts.SyntaxKind.ParenthesizedType, ts.SyntaxKind.TupleType,
  ts.SyntaxKind.NamedTupleMember, ts.SyntaxKind.OptionalType, ts.SyntaxKind.RestType, ts.SyntaxKind.TypeLiteral,
  ts.SyntaxKind.ExpressionWithTypeArguments, ts.SyntaxKind.HeritageClause,
]);

/**
 * The file when a name is looked up in its file's scope: it stands in types (the type of a parameter or property
 * counts, not its default value) up to a declaration at the top of the file without type parameters.
 */
export function fileScopeOf(id: ts.Identifier): ts.SourceFile | undefined {
  let child: ts.Node = id;
  for (let node = id.parent; ; child = node, node = node.parent) {
    if (TRANSPARENT_TYPES.has(node.kind)) continue;
    if ((ts.isParameter(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) && node.type === child) continue;
    // A method's parameters are values: the names in its types see the class's scope.
    if (ts.isMethodDeclaration(node) && !node.typeParameters?.length) continue;
    const topLevel = (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && !node.typeParameters?.length;
    return topLevel && ts.isSourceFile(node.parent) ? node.parent : undefined;
  }
}
