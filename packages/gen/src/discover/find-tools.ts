import { ts } from '../program/typescript.js';
import type { CoreSymbols } from './core-symbols.js';
import { compareText, type Report } from '../diagnostics.js';

/** A method marked with core's `@tool()`, in a class the generated module can import (compiler nodes). */
export interface DecoratedMethod {
  method: ts.MethodDeclaration;
  decorator: ts.Decorator;
  classDeclaration: ts.ClassDeclaration;
  className: string;
  methodName: string;
  /** The name the class is exported under (`default` for a default export). */
  exportName: string;
}

/**
 * Why a class the generated module cannot import is no error: test files declare such classes (inside a test, not
 * exported) and bind them without the manifest; they must not stop the project's generation.
 */
const LEFT_OUT =
  'so the generated module cannot import it: its tools are left out of the manifest. Export it at the top level to ' +
  'bind it with the manifest; a class only tests use can stay (bind its @tool({ parameters }) methods without a ' +
  'manifest), or leave its file out of the tsconfig';

/**
 * Every `@tool()` of the given files, sorted by file then position. Decorators on anything but an instance method
 * of a named class are reported, never dropped in silence; methods of a class that the generated module cannot import
 * (not exported at the top level, a class expression, an anonymous class) are left out with a warning.
 */
export function findTools(
  files: readonly ts.SourceFile[],
  core: CoreSymbols,
  report: Report,
  checker: ts.TypeChecker,
): DecoratedMethod[] {
  const found: DecoratedMethod[] = [];
  const exportNames = new Map<ts.ClassDeclaration, string | undefined>();
  for (const file of files) {
    const decorated = new Set<ts.MethodDeclaration>();
    for (const decorator of toolDecorators(file, core)) {
      if (!ts.isCallExpression(innerExpression(decorator))) {
        report(decorator, 'TW2001', '@tool is a decorator factory: write @tool() (with parentheses)');
        continue;
      }
      const target = decorator.parent;
      if (!ts.isMethodDeclaration(target)) {
        report(decorator, 'TW2002', `@tool() goes on an instance method, not on ${describeTarget(target)}`);
        continue;
      }
      const method = target;
      if (decorated.has(method)) {
        report(decorator, 'TW2003', `@tool() appears twice on method "${method.name.getText(file)}"`);
        continue;
      }
      decorated.add(method);
      const owner = method.parent;
      if (!ts.isClassDeclaration(owner)) {
        report(decorator, 'TW2501', `@tool() in a class expression, ${LEFT_OUT}`);
        continue;
      }
      const methodName = readMethodName(method, file);
      if (methodName === undefined) {
        report(method.name, 'TW2004', '@tool() needs a method with a plain name (not #private or computed)');
        continue;
      }
      if (hasModifier(method, ts.SyntaxKind.StaticKeyword)) {
        report(decorator, 'TW2005', `@tool() on static method "${methodName}": tools are bound to instances`);
        continue;
      }
      if (hasModifier(method, ts.SyntaxKind.AbstractKeyword) || method.body === undefined) {
        report(
          decorator,
          'TW2006',
          `@tool() on method "${methodName}", which has no body: decorate the implementation`,
        );
        continue;
      }
      const className = owner.name?.getText(file);
      if (className === undefined) {
        report(decorator, 'TW2501', `@tool() in an anonymous class, ${LEFT_OUT}`);
        continue;
      }
      if (!exportNames.has(owner)) {
        const exportName = exportNameOf(owner, checker);
        exportNames.set(owner, exportName);
        if (exportName === undefined) {
          const where = ts.isSourceFile(owner.parent)
            ? 'is not exported'
            : 'is not declared at the top level of its module';
          report(owner.name ?? owner, 'TW2501', `class ${className} has @tool() methods but ${where}, ${LEFT_OUT}`);
        }
      }
      const exportName = exportNames.get(owner);
      if (exportName === undefined) continue;
      found.push({ method, decorator, classDeclaration: owner, className, methodName, exportName });
    }
  }
  // By file, then position: methods never overlap, so the full start (`pos`, leading trivia included) orders them as
  // their token start does, without scanning their JSDoc again at every comparison.
  return found.sort(
    (a, b) =>
      compareText(a.method.getSourceFile().fileName, b.method.getSourceFile().fileName) || a.method.pos - b.method.pos,
  );
}

/** The file's decorators that are core's `tool`, found on the compiler's nodes. */
function toolDecorators(file: ts.SourceFile, core: CoreSymbols): ts.Decorator[] {
  const found: ts.Decorator[] = [];
  // Every decorator holds an `@`: a node whose text has none (most method bodies) is not entered.
  const ats: number[] = [];
  for (let at = file.text.indexOf('@'); at >= 0; at = file.text.indexOf('@', at + 1)) ats.push(at);
  const visit = (node: ts.Node): void => {
    if (!holdsAt(ats, node.pos, node.end)) return;
    if (ts.isDecorator(node) && core.isToolDecorator(node)) found.push(node);
    // Decorators sit on declarations; expressions and statements inside bodies may hold class expressions too.
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The decorator's expression inside any parentheses: `@(tool)()` is a call. */
function innerExpression(decorator: ts.Decorator): ts.Expression {
  let expression: ts.Expression = decorator.expression;
  while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
  return expression;
}

function hasModifier(node: ts.HasModifiers, kind: ts.SyntaxKind): boolean {
  return node.modifiers?.some((modifier) => modifier.kind === kind) ?? false;
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

function readMethodName(method: ts.MethodDeclaration, file: ts.SourceFile): string | undefined {
  const name = method.name;
  if (ts.isIdentifier(name)) return name.getText(file);
  if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

function exportNameOf(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): string | undefined {
  const file = declaration.parent;
  if (!ts.isSourceFile(file)) return undefined;
  if (isDefaultExport(declaration, file, checker)) return 'default';
  const own = declaration.name?.getText(file);
  if (hasModifier(declaration, ts.SyntaxKind.ExportKeyword)) return own;
  // `export { Service }` or `export { Service as Other }` elsewhere in the file.
  const names: string[] = [];
  const fileSymbol = symbolOf(file, checker);
  for (const symbol of fileSymbol ? checker.getExportsOfModule(fileSymbol) : []) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target?.declarations?.includes(declaration)) names.push(symbol.getName());
  }
  return own !== undefined && names.includes(own) ? own : names.sort(compareText)[0];
}

/** `export default class`, or a class the file's `default` export names. */
function isDefaultExport(declaration: ts.ClassDeclaration, file: ts.SourceFile, checker: ts.TypeChecker): boolean {
  if (hasModifier(declaration, ts.SyntaxKind.DefaultKeyword)) return true;
  const own = symbolOf(declaration, checker);
  if (!own) return false;
  const defaultExport = symbolOf(file, checker)?.exports?.get(ts.escapeLeadingUnderscores('default'));
  if (!defaultExport) return false;
  if (own === defaultExport) return true;
  return defaultExport.flags & ts.SymbolFlags.Alias ? own === checker.getAliasedSymbol(defaultExport) : false;
}

/** A declaration's symbol: the one the binder gave it, else the checker's (of the node, then of its name). */
function symbolOf(node: ts.Node, checker: ts.TypeChecker): ts.Symbol | undefined {
  const bound = (node as { symbol?: ts.Symbol }).symbol;
  if (bound) return bound;
  const found = checker.getSymbolAtLocation(node);
  if (found) return found;
  const name = (node as { name?: ts.Node }).name;
  return name ? symbolOf(name, checker) : undefined;
}

function describeTarget(node: ts.Node): string {
  switch (node.kind) {
    case ts.SyntaxKind.PropertyDeclaration:
      return 'a property';
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
      return 'an accessor';
    case ts.SyntaxKind.ClassDeclaration:
    case ts.SyntaxKind.ClassExpression:
      return 'a class';
    case ts.SyntaxKind.Parameter:
      return 'a parameter';
    default:
      return `a ${syntaxKindName(node.kind)}`;
  }
}

/** The name of a syntax kind, not one of the First/Last range markers that share its number. */
function syntaxKindName(kind: ts.SyntaxKind): string {
  return (
    Object.keys(ts.SyntaxKind).find(
      (name) => ts.SyntaxKind[name as keyof typeof ts.SyntaxKind] === kind && !/^(First|Last)/.test(name),
    ) ?? String(kind)
  );
}
