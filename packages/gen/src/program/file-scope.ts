// Where a name is looked up. Names that resolve in their file's own scope resolve alike wherever they stand in it,
// so what is learnt from resolving one holds for all: the alias tags of the schema builder, default values and the
// decorator's name are each resolved once per file (FileScopeMemo).
import { ts } from './typescript.js';

/** Type nodes that a name in them is looked up through without meeting a declaration of another name. */
const TRANSPARENT_TYPES = new Set([
  ts.SyntaxKind.TypeReference,
  ts.SyntaxKind.QualifiedName,
  ts.SyntaxKind.ArrayType,
  ts.SyntaxKind.UnionType,
  ts.SyntaxKind.IntersectionType,
  ts.SyntaxKind.TypeOperator,
  ts.SyntaxKind.IndexedAccessType,
  ts.SyntaxKind.ParenthesizedType,
  ts.SyntaxKind.TupleType,
  ts.SyntaxKind.NamedTupleMember,
  ts.SyntaxKind.OptionalType,
  ts.SyntaxKind.RestType,
  ts.SyntaxKind.TypeLiteral,
  ts.SyntaxKind.ExpressionWithTypeArguments,
  ts.SyntaxKind.HeritageClause,
]);

/**
 * The file when a name is looked up in its file's scope: it stands in types (the type of a parameter or property
 * counts, not its default value) up to a declaration at the top of the file without type parameters.
 */
export function fileScopeOf(id: ts.Identifier): ts.SourceFile | undefined {
  let child: ts.Node = id;
  for (let node = id.parent; ; child = node, node = node.parent) {
    if (TRANSPARENT_TYPES.has(node.kind)) continue;
    if ((ts.isParameter(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) && node.type === child)
      continue;
    // A method's parameters are values: the names in its types see the class's scope.
    if (ts.isMethodDeclaration(node) && !node.typeParameters?.length) continue;
    const topLevel =
      (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
      !node.typeParameters?.length;
    return topLevel && ts.isSourceFile(node.parent) ? node.parent : undefined;
  }
}

/** What is learnt from the names of a file's scope, by checker (one program), file and key. */
export class FileScopeMemo<V> {
  private readonly byChecker = new WeakMap<ts.TypeChecker, WeakMap<ts.SourceFile, Map<string, V>>>();

  /** The value for `key` in `file`, computed by `compute` the first time it is asked for. */
  get(checker: ts.TypeChecker, file: ts.SourceFile, key: string, compute: () => V): V {
    let files = this.byChecker.get(checker);
    if (!files) this.byChecker.set(checker, (files = new WeakMap()));
    let known = files.get(file);
    if (!known) files.set(file, (known = new Map()));
    if (!known.has(key)) known.set(key, compute());
    return known.get(key)!;
  }
}
