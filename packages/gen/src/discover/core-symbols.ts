import { ts } from '../program/typescript.js';
import { CORE_PACKAGE } from '../program/core-entry.js';
import { FileScopeMemo } from '../program/file-scope.js';
import { PackageNames } from '../program/package-names.js';

/**
 * Recognises the names of `@toolwright/core` in user code by symbol, not by spelling: an identifier is core's
 * `tool` when it resolves (through renaming imports, namespace imports and the user's own re-exporting barrels)
 * to the declaration in the core package. When the core package cannot be resolved at all, the import's module
 * specifier decides.
 */
export class CoreSymbols {
  private readonly checker: ts.TypeChecker;
  private readonly packages = new PackageNames();
  /** Whether a name written as a decorator at the top level of a file is core's `tool`. */
  private readonly fileScoped = new FileScopeMemo<boolean>();

  constructor(checker: ts.TypeChecker) {
    this.checker = checker;
  }

  /** Whether the decorator is core's `tool`, called (`@tool()`) or not (`@tool`). */
  isToolDecorator(decorator: ts.Decorator): boolean {
    let callee: ts.Expression = decorator.expression;
    if (ts.isCallExpression(callee)) callee = callee.expression;
    while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
    if (ts.isIdentifier(callee)) {
      // On a method of a top-level class, the name is looked up in the file's scope: once per file and name.
      const owner = decorator.parent.parent;
      if (!owner || !ts.isClassDeclaration(owner) || !ts.isSourceFile(owner.parent))
        return this.refersToCore(callee, 'tool');
      return this.fileScoped.get(this.checker, owner.parent, callee.text, () => this.refersToCore(callee, 'tool'));
    }
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name))
      return this.refersToCore(callee.name, 'tool');
    return false;
  }

  /** Whether `type` (once `undefined` is set aside) is core's `ToolContext`. */
  isToolContext(type: ts.Type): boolean {
    const parts =
      type.flags & ts.TypeFlags.Union
        ? (type as ts.UnionType).types.filter((part) => !(part.flags & ts.TypeFlags.Undefined))
        : [type];
    if (parts.length !== 1) return false;
    const [part] = parts as [ts.Type];
    const symbol = part.aliasSymbol ?? part.getSymbol();
    return symbol !== undefined && this.isCoreSymbol(symbol, 'ToolContext');
  }

  private refersToCore(name: ts.Identifier, exportName: string): boolean {
    const local = this.checker.getSymbolAtLocation(name);
    if (local) {
      const target = local.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(local) : local;
      if (target.declarations?.length) return this.isCoreSymbol(target, exportName);
    }
    return importedFromCore(local, name, exportName);
  }

  private isCoreSymbol(symbol: ts.Symbol, exportName: string): boolean {
    const resolved = symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
    if (resolved.getName() !== exportName) return false;
    return (resolved.declarations ?? []).some(
      (declaration) => this.packages.of(declaration.getSourceFile().fileName) === CORE_PACKAGE,
    );
  }
}

/** The fallback when `@toolwright/core` does not resolve: `import { tool [as x] }` or `import * as ns` from it. */
function importedFromCore(local: ts.Symbol | undefined, name: ts.Identifier, exportName: string): boolean {
  for (const declaration of local?.declarations ?? []) {
    if (ts.isImportSpecifier(declaration)) {
      const imported = (declaration.propertyName ?? declaration.name).text;
      const module = declaration.parent.parent.parent.moduleSpecifier;
      if (imported === exportName && ts.isStringLiteral(module) && module.text === CORE_PACKAGE) return true;
    }
  }
  // `ns.tool`: the local symbol is the property; look at what `ns` is.
  const access = name.parent;
  if (ts.isPropertyAccessExpression(access) && access.name === name && name.text === exportName) {
    return isCoreNamespaceIdentifier(access.expression);
  }
  return false;
}

function isCoreNamespaceIdentifier(expression: ts.Expression): boolean {
  if (!ts.isIdentifier(expression)) return false;
  const sourceFile = expression.getSourceFile();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (
      statement.moduleSpecifier.text === CORE_PACKAGE &&
      bindings &&
      ts.isNamespaceImport(bindings) &&
      bindings.name.text === expression.text
    ) {
      return true;
    }
  }
  return false;
}
