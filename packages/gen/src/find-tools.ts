import { Node, SyntaxKind, ts, type ClassDeclaration, type Decorator, type MethodDeclaration, type SourceFile } from './ts-morph.js';
import type { CoreSymbols } from './core-symbols.js';
import { compareText } from './diagnostics.js';
import type { Report } from './schema/contract.js';

/** A method marked with core's `@tool()`, in a class the generated module can import. */
export interface DecoratedMethod {
  method: MethodDeclaration;
  decorator: Decorator;
  classDeclaration: ClassDeclaration;
  className: string;
  methodName: string;
  /** The name the class is exported under (`default` for a default export); undefined when it is not exported. */
  exportName: string | undefined;
}

/**
 * Every `@tool()` of the given files, sorted by file then position. Decorators on anything but an instance method
 * of a named, exported, top-level class are reported, never dropped in silence.
 */
export function findTools(files: readonly SourceFile[], core: CoreSymbols, report: Report): DecoratedMethod[] {
  const found: DecoratedMethod[] = [];
  const exportNames = new Map<ClassDeclaration, string | undefined>();
  for (const file of files) {
    const decorated = new Set<MethodDeclaration>();
    for (const decorator of toolDecorators(file, core)) {
      if (!decorator.isDecoratorFactory()) {
        report(decorator, 'error', '@tool is a decorator factory: write @tool() (with parentheses)');
        continue;
      }
      const target = decorator.getParentOrThrow();
      if (!Node.isMethodDeclaration(target)) {
        report(decorator, 'error', `@tool() goes on an instance method, not on ${describeTarget(target)}`);
        continue;
      }
      const method = target;
      if (decorated.has(method)) {
        report(decorator, 'error', `@tool() appears twice on method "${method.getName()}"`);
        continue;
      }
      decorated.add(method);
      const owner = method.getParentOrThrow();
      if (!Node.isClassDeclaration(owner)) {
        report(decorator, 'error', '@tool() in a class expression: declare the class with a name and export it');
        continue;
      }
      const methodName = readMethodName(method);
      if (methodName === undefined) {
        report(method.getNameNode(), 'error', '@tool() needs a method with a plain name (not #private or computed)');
        continue;
      }
      if (method.isStatic()) {
        report(decorator, 'error', `@tool() on static method "${methodName}": tools are bound to instances`);
        continue;
      }
      if (method.isAbstract() || !method.hasBody()) {
        report(decorator, 'error', `@tool() on method "${methodName}", which has no body: decorate the implementation`);
        continue;
      }
      const className = owner.getName();
      if (className === undefined) {
        report(decorator, 'error', '@tool() in an anonymous class: give the class a name so the manifest can import it');
        continue;
      }
      if (!exportNames.has(owner)) {
        const exportName = exportNameOf(owner);
        exportNames.set(owner, exportName);
        if (exportName === undefined) {
          const where = Node.isSourceFile(owner.getParent()) ? 'is not exported' : 'is not declared at the top level of its module';
          report(
            owner.getNameNode() ?? owner,
            'error',
            `class ${className} has @tool() methods but ${where}: the generated manifest module cannot import it`,
          );
        }
      }
      found.push({ method, decorator, classDeclaration: owner, className, methodName, exportName: exportNames.get(owner) });
    }
  }
  // By file, then position: methods never overlap, so the full start (`pos`, leading trivia included) orders them as
  // their token start does, without scanning their JSDoc again at every comparison.
  return found.sort(
    (a, b) =>
      compareText(a.method.compilerNode.getSourceFile().fileName, b.method.compilerNode.getSourceFile().fileName) ||
      a.method.compilerNode.pos - b.method.compilerNode.pos,
  );
}

/**
 * The file's decorators that are core's `tool`, found on the compiler's nodes: only those get ts-morph wrappers
 * (wrapping every node of a large file costs more than the rest of discovery).
 */
function toolDecorators(file: SourceFile, core: CoreSymbols): Decorator[] {
  const found: ts.Decorator[] = [];
  const source = file.compilerNode;
  // Every decorator holds an `@`: a node whose text has none (most method bodies) is not entered.
  const ats: number[] = [];
  for (let at = source.text.indexOf('@'); at >= 0; at = source.text.indexOf('@', at + 1)) ats.push(at);
  const visit = (node: ts.Node): void => {
    if (!holdsAt(ats, node.pos, node.end)) return;
    if (ts.isDecorator(node) && core.isToolDecorator(node)) found.push(node);
    // Decorators sit on declarations; expressions and statements inside bodies may hold class expressions too.
    ts.forEachChild(node, visit);
  };
  visit(source);
  // ts-morph has no public way to wrap a compiler node of a file; every node class has this.
  const wrap = (file as unknown as { _getNodeFromCompilerNode(node: ts.Node): Decorator })._getNodeFromCompilerNode.bind(file);
  return found.map((node) => wrap(node));
}

/** Whether one of the sorted positions lies in [start, end). */
function holdsAt(positions: readonly number[], start: number, end: number): boolean {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle]! < start) low = middle + 1;
    else high = middle;
  }
  return low < positions.length && positions[low]! < end;
}

function readMethodName(method: MethodDeclaration): string | undefined {
  const name = method.getNameNode();
  if (Node.isIdentifier(name)) return name.getText();
  if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return name.getLiteralText();
  return undefined;
}

function exportNameOf(declaration: ClassDeclaration): string | undefined {
  const file = declaration.getParent();
  if (!Node.isSourceFile(file)) return undefined;
  if (declaration.isDefaultExport()) return 'default';
  if (declaration.hasExportKeyword()) return declaration.getName();
  // `export { Service }` or `export { Service as Other }` elsewhere in the file.
  const names: string[] = [];
  for (const symbol of file.getExportSymbols()) {
    const target = symbol.isAlias() ? symbol.getAliasedSymbol() : symbol;
    if (target?.getDeclarations().includes(declaration)) names.push(symbol.getName());
  }
  const own = declaration.getName();
  return own !== undefined && names.includes(own) ? own : names.sort(compareText)[0];
}

function describeTarget(node: Node): string {
  switch (node.getKind()) {
    case SyntaxKind.PropertyDeclaration:
      return 'a property';
    case SyntaxKind.GetAccessor:
    case SyntaxKind.SetAccessor:
      return 'an accessor';
    case SyntaxKind.ClassDeclaration:
    case SyntaxKind.ClassExpression:
      return 'a class';
    case SyntaxKind.Parameter:
      return 'a parameter';
    default:
      return `a ${node.getKindName()}`;
  }
}
