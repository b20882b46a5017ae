// The DOM and web worker lib files ("host libs") are over half of what TypeScript parses and binds for a project
// on the default lib: lib.dom.d.ts is 34,000 of the 56,000 lines of lib files for ES2022. tsc needs them to check every
// file; gen-tools reads only what its tool methods reach. So the program is first built without them, and kept that way
// only when the tools cannot reach a global they declare; otherwise it is built again with them (the parsed files and
// their binding are reused). The test is conservative: a doubt keeps the host libs, and the outputs are the same either
// way (tested on every golden fixture). TOOLWRIGHT_GEN_ALL_LIBS=1 turns it off.
import { basename } from 'node:path';
import { hostLibGlobals } from './host-lib-globals.generated.js';
import { fileScopeOf } from './file-scope.js';
import { isLibFile, ts } from './typescript.js';

/** lib.dom*.d.ts and lib.webworker*.d.ts. */
export function isHostLib(fileName: string): boolean {
  return /^lib\.(dom|webworker)\b/.test(basename(fileName));
}

interface HostLibTable {
  names: ReadonlySet<string>;
  merged: ReadonlySet<string>;
}

let table: HostLibTable | null | undefined;

/** The generated table of host lib globals, or null when it was made from another TypeScript than the one running. */
function hostLibTable(): HostLibTable | null {
  if (table === undefined) {
    table =
      hostLibGlobals.typescript === ts.version
        ? {
            names: new Set(hostLibGlobals.names.trim().split(/\s+/)),
            merged: new Set(hostLibGlobals.merged.split(' ').filter(Boolean)),
          }
        : null;
  }
  return table;
}

/**
 * The lib files a program of these options is built from: the tsconfig's `lib`, or what the default lib file of its
 * `target` references. Undefined with `noLib`, or a default lib file this does not know.
 */
export function requestedLibs(
  options: ts.CompilerOptions,
  libText: (fileName: string) => string | undefined,
): string[] | undefined {
  if (options.noLib) return undefined;
  if (options.lib) return options.lib;
  const text = libText(ts.getDefaultLibFileName(options));
  // The default lib files (lib.d.ts, lib.es2022.full.d.ts, ...) only reference others; one that declares anything
  // itself is not one this knows.
  if (text === undefined || text.replace(/\/\*[\s\S]*?\*\/|\/\/.*/g, '').trim() !== '') return undefined;
  return ts
    .preProcessFile(text, true, false)
    .libReferenceDirectives.map((ref) => `lib.${ref.fileName.toLowerCase()}.d.ts`);
}

/**
 * The lib files to build the program from first: the requested ones (see requestedLibs) without the host libs.
 * Undefined when there is no host lib to leave out.
 */
export function libsWithoutHost(requested: readonly string[] | undefined): string[] | undefined {
  if (!requested || !hostLibTable()) return undefined;
  const kept = requested.filter((fileName) => !isHostLib(fileName));
  return kept.length < requested.length ? kept : undefined;
}

const isLib = (file: ts.SourceFile) => isLibFile(file.fileName);

/**
 * Why the files of a program built without the host libs need them whatever the tools are, or undefined: a file
 * references a host lib, is JavaScript (its JSDoc types count, and are not looked into here), or declares a global
 * that a host lib declares too (the two would merge; @types/node does). Syntax only: no checker is made for this.
 */
export function hostLibsNeededByFiles(program: ts.Program): string | undefined {
  const { names } = hostLibTable()!;
  for (const file of program.getSourceFiles()) {
    if (isLib(file)) {
      if (isHostLib(file.fileName)) return `${basename(file.fileName)} is referenced`;
      continue;
    }
    if (/\.[cm]?jsx?$/.test(file.fileName)) return `${file.fileName} is JavaScript`;
    if (!hasAny(file, names)) continue;
    for (const name of globalNames(file)) {
      if (names.has(name.text))
        return `${where(name, file)}: declares the global ${name.text}, which a host lib declares too`;
    }
  }
  return undefined;
}

/**
 * A quick look before any checker is made, for the common way of needing the host libs: a decorated method of one
 * of these files whose parameter or return type names a host lib global (`url: URL`) that the file neither imports
 * nor declares. Syntax only, so it may keep the host libs where the walk would not (never the other way round).
 */
export function signatureNamesHostGlobal(files: readonly ts.SourceFile[]): string | undefined {
  return signatureNamesGlobal(files, hostLibTable()!.names);
}

/**
 * Whether a decorated method of these files names one of these globals (capitalised: lower-case globals such as the
 * DOM's name and length are common words, and typeof one of them in a signature is rare enough to be left to later
 * looks) in a parameter or return type, where the file neither imports nor declares that name.
 */
export function signatureNamesGlobal(
  files: readonly ts.SourceFile[],
  names: { has(name: string): boolean },
): string | undefined {
  for (const file of files) {
    if (!hasAny(file, names, /^[A-Z]/)) continue;
    const declared = new Set(file.statements.flatMap(declaredNames).map((name) => name.text));
    let found: string | undefined;
    const visitType = (node: ts.Node, local: ReadonlySet<string>): void => {
      if (found) return;
      const name = ts.isTypeReferenceNode(node) ? node.typeName : ts.isTypeQueryNode(node) ? node.exprName : undefined;
      if (name) {
        let first: ts.EntityName = name;
        while (ts.isQualifiedName(first)) first = first.left;
        if (ts.isIdentifier(first) && names.has(first.text) && !declared.has(first.text) && !local.has(first.text)) {
          found = `${where(first, file)}: names ${first.text}`;
          return;
        }
      }
      ts.forEachChild(node, (child) => visitType(child, local));
    };
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      for (const member of statement.members) {
        if (
          !ts.isMethodDeclaration(member) ||
          !member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.Decorator)
        )
          continue;
        const local = new Set(
          [...(statement.typeParameters ?? []), ...(member.typeParameters ?? [])].map(
            (parameter) => parameter.name.text,
          ),
        );
        for (const parameter of member.parameters) if (parameter.type) visitType(parameter.type, local);
        if (member.type) visitType(member.type, local);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** The local names under which a file imports `name` (from any module). */
function importedAs(file: ts.SourceFile, name: string): Set<string> {
  const found = new Set<string>();
  for (const statement of file.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      if ((element.propertyName ?? element.name).text === name) found.add(element.name.text);
  }
  return found;
}

/**
 * Why the tools can reach something the host libs declare, or undefined when they cannot (the program may be built
 * with or without them; see hostLibsNeededByFiles for what its files need). The walk starts from what gen-tools asks
 * the checker about (each tool's parameters, default values, return type, or its body when the return type is
 * inferred, and the decorator's options), and from every global declaration and augmentation (they can add to any
 * type; `fromGlobals` false leaves those out, for a caller that knows them unchanged), and follows every name to all of
 * its declarations outside TypeScript's libs, whole (bodies included). The host libs are needed when it meets a name
 * that a host lib declares and nothing else resolves, a name the host libs add members to (ImportMeta), or
 * `globalThis`, `import.meta` or `this` at the top of a script.
 */
export function reachesHostLibs(
  program: ts.Program,
  roots: readonly ts.Node[],
  fromGlobals = true,
  esLibs?: WalkWatcher,
): string | undefined {
  const unrecorded = esLibs ? <T>(resolve: () => T) => esLibs.unrecorded(resolve) : <T>(resolve: () => T) => resolve();
  const { names, merged } = hostLibTable()!;
  const checker = program.getTypeChecker();
  const walked = new Set<ts.Node>();
  const queue: ts.Node[] = [];
  const follow = (node: ts.Node) => {
    if (!walked.has(node)) {
      walked.add(node);
      queue.push(node);
    }
  };
  for (const file of fromGlobals ? program.getSourceFiles() : []) {
    if (isLib(file)) continue;
    const script = !ts.isExternalModule(file);
    for (const statement of file.statements) {
      if (
        script ||
        (ts.isModuleDeclaration(statement) &&
          (statement.flags & ts.NodeFlags.GlobalAugmentation || ts.isStringLiteral(statement.name)))
      ) {
        follow(statement);
      }
    }
  }
  roots.forEach(follow);

  let reason: string | undefined;
  const visit = (node: ts.Node): void => {
    if (reason) return;
    if (ts.isIdentifier(node)) {
      reason = reference(node);
      return;
    }
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword && merged.has('ImportMeta')) {
      reason = `${where(node)}: uses import.meta`;
      return;
    }
    if (node.kind === ts.SyntaxKind.ThisKeyword || node.kind === ts.SyntaxKind.ThisType) {
      const owner = ts.findAncestor(
        node,
        (ancestor) => ts.isClassLike(ancestor) || ts.isInterfaceDeclaration(ancestor),
      );
      if (owner) follow(owner);
      else if (!ts.isExternalModule(node.getSourceFile())) reason = `${where(node)}: uses this in a script`;
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const { literal } = node.argument;
      followSymbol(unrecorded(() => checker.getSymbolAtLocation(literal)));
    }
    ts.forEachChild(node, visit);
  };
  /** Follows a symbol's declarations; true when one is in a host lib (the program was built with them). */
  const followSymbol = (symbol: ts.Symbol | undefined): boolean => {
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    for (const declaration of symbol?.declarations ?? []) {
      const file = declaration.getSourceFile();
      if (!isLib(file)) follow(declaration);
      else if (isHostLib(file.fileName)) return true;
    }
    return false;
  };
  // Names that resolve in the file's own scope (no type parameter or local on the way up) resolve alike wherever
  // they stand in it: each is followed once.
  const fileScoped = new Map<ts.SourceFile, Set<string>>();
  const reference = (id: ts.Identifier): string | undefined => {
    if (roleOf(id) !== 'reference') return undefined;
    const scope = fileScopeOf(id);
    if (scope) {
      let seen = fileScoped.get(scope);
      if (!seen) fileScoped.set(scope, (seen = new Set()));
      const key = `${id.parent.kind} ${id.text}`;
      if (seen.has(key)) return undefined;
      seen.add(key);
    }
    if (id.text === 'globalThis') return `${where(id)}: names globalThis`;
    if (merged.has(id.text)) return `${where(id)}: names ${id.text}, which a host lib adds to`;
    const symbol = unrecorded(() => resolvedSymbol(id, checker));
    if (
      esLibs &&
      isTypeName(id) &&
      symbol?.declarations?.every((declaration) => isLib(declaration.getSourceFile())) !== false
    )
      esLibs.walked(id.text, () => where(id));
    if (!symbol?.declarations?.length) return names.has(id.text) ? `${where(id)}: names ${id.text}` : undefined;
    return followSymbol(symbol) ? `${where(id)}: names ${id.text}` : undefined;
  };
  // Breadth first: a tool's own types come before what they lead to, so that a direct need is met early.
  for (let next = 0; next < queue.length && !reason; next++) visit(queue[next]!);
  return reason;
}

/** What the walk tells the ES lib probe (es-libs.ts): its lookups are not gen's, its global type names are hints. */
export interface WalkWatcher {
  unrecorded<T>(resolve: () => T): T;
  walked(name: string, where: () => string): void;
}

/**
 * A name where a declaration names a type: a type reference, a heritage clause, `typeof`, the left of a qualified
 * name; not in a function's body or an expression (`x as Map<...>` in a decorator's code is not a type gen reads).
 */
function isTypeName(id: ts.Identifier): boolean {
  const parent = id.parent;
  const typeName =
    ts.isTypeReferenceNode(parent) ||
    ts.isExpressionWithTypeArguments(parent) ||
    ts.isTypeQueryNode(parent) ||
    (ts.isQualifiedName(parent) && parent.left === id);
  return typeName && !ts.findAncestor(parent.parent, (node) => ts.isBlock(node) || ts.isExpression(node));
}

/** The file, line and column of a node, for the timing log. */
function where(node: ts.Node, file = node.getSourceFile()): string {
  const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${file.fileName}:${line + 1}:${character + 1}`;
}

/**
 * Whether the file holds an identifier of one of the names (that also matches `shape`, when given), from the
 * parser's own table of the file's identifiers when it has one.
 */
function hasAny(file: ts.SourceFile, names: { has(name: string): boolean }, shape?: RegExp): boolean {
  const own = (file as { identifiers?: ReadonlyMap<string, string> }).identifiers;
  const words: Iterable<string> = own
    ? own.keys()
    : (file.text.match(/[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/gu) ?? []);
  for (const word of words) if (names.has(word) && (!shape || shape.test(word))) return true;
  return false;
}

/**
 * The nodes gen-tools asks the checker about for these tools: parameter types and default values, the return type
 * (the body when it is inferred), type parameters and the decorator (its options are read with the checker). A
 * ToolContext parameter is only recognised, its members never read (its `signal` is the DOM's AbortSignal).
 */
export function toolRoots(
  methods: readonly { method: ts.MethodDeclaration; decorator: ts.Decorator }[],
  isToolContext: (type: ts.TypeReferenceNode) => boolean,
): ts.Node[] {
  const roots: ts.Node[] = [];
  const contextNames = new Map<ts.SourceFile, ReadonlySet<string>>();
  // Only a type written as a name imported as ToolContext is asked about (the checker would resolve every other
  // type here): a ToolContext that comes another way is walked, which can only keep the host libs.
  const isContext = (type: ts.TypeNode, file: ts.SourceFile): boolean => {
    const [part, ...more] = ts.isUnionTypeNode(type)
      ? type.types.filter((member) => member.kind !== ts.SyntaxKind.UndefinedKeyword)
      : [type];
    if (more.length || !part || !ts.isTypeReferenceNode(part) || !ts.isIdentifier(part.typeName)) return false;
    let names = contextNames.get(file);
    if (!names) contextNames.set(file, (names = importedAs(file, 'ToolContext')));
    return names.has(part.typeName.text) && isToolContext(part);
  };
  for (const { method, decorator } of methods) {
    const file = method.getSourceFile();
    // `@tool()` without options: the checker is never asked about the call.
    if (!ts.isCallExpression(decorator.expression) || decorator.expression.arguments.length > 0) roots.push(decorator);
    for (const parameter of method.parameters) {
      if (parameter.type && !isContext(parameter.type, file)) roots.push(parameter.type);
      if (parameter.initializer) roots.push(parameter.initializer);
    }
    const returns = method.type ?? method.body;
    if (returns) roots.push(returns);
    for (const parameter of method.typeParameters ?? []) roots.push(parameter);
  }
  return roots;
}

type Role = 'member' | 'declaration' | 'reference';

/** What an identifier is where it stands: a name looked up in scope (a reference), or not. */
function roleOf(id: ts.Identifier): Role {
  const parent = id.parent;
  switch (parent.kind) {
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.PropertyAssignment:
    case ts.SyntaxKind.PropertyDeclaration:
    case ts.SyntaxKind.PropertySignature:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.MethodSignature:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
    case ts.SyntaxKind.EnumMember:
    case ts.SyntaxKind.JsxAttribute:
    case ts.SyntaxKind.NamedTupleMember:
    case ts.SyntaxKind.MetaProperty:
      return (parent as { name?: ts.Node }).name === id ? 'member' : 'reference';
    case ts.SyntaxKind.QualifiedName:
      return (parent as ts.QualifiedName).right === id ? 'member' : 'reference';
    case ts.SyntaxKind.LabeledStatement:
    case ts.SyntaxKind.BreakStatement:
    case ts.SyntaxKind.ContinueStatement:
    case ts.SyntaxKind.TypePredicate:
      return 'member';
    case ts.SyntaxKind.BindingElement: {
      const element = parent as ts.BindingElement;
      if (element.propertyName === id) return 'member';
      return element.name === id ? 'declaration' : 'reference';
    }
    case ts.SyntaxKind.ImportSpecifier:
    case ts.SyntaxKind.ImportClause:
    case ts.SyntaxKind.NamespaceImport:
    case ts.SyntaxKind.NamespaceExport:
    case ts.SyntaxKind.NamespaceExportDeclaration:
      return 'declaration';
    case ts.SyntaxKind.ImportEqualsDeclaration:
      return (parent as ts.ImportEqualsDeclaration).name === id ? 'declaration' : 'reference';
    case ts.SyntaxKind.ExportSpecifier: {
      const specifier = parent as ts.ExportSpecifier;
      if (specifier.parent.parent.moduleSpecifier) return 'member';
      return specifier.propertyName && specifier.name === id ? 'member' : 'reference';
    }
    case ts.SyntaxKind.JsxOpeningElement:
    case ts.SyntaxKind.JsxSelfClosingElement:
    case ts.SyntaxKind.JsxClosingElement:
      // A lower-case tag is an intrinsic element (JSX.IntrinsicElements), not a name in scope.
      return /^[a-z]/.test(id.text) ? 'member' : 'reference';
    case ts.SyntaxKind.VariableDeclaration:
    case ts.SyntaxKind.Parameter:
    case ts.SyntaxKind.FunctionDeclaration:
    case ts.SyntaxKind.FunctionExpression:
    case ts.SyntaxKind.ClassDeclaration:
    case ts.SyntaxKind.ClassExpression:
    case ts.SyntaxKind.InterfaceDeclaration:
    case ts.SyntaxKind.TypeAliasDeclaration:
    case ts.SyntaxKind.EnumDeclaration:
    case ts.SyntaxKind.ModuleDeclaration:
    case ts.SyntaxKind.TypeParameter:
      return (parent as ts.NamedDeclaration).name === id ? 'declaration' : 'reference';
    default:
      return 'reference';
  }
}

/**
 * The names a file declares in the global scope: the top-level declarations of a script, and those of every
 * `declare global { }` (at the top of a module or in an ambient module), with `export as namespace` names.
 */
function globalNames(file: ts.SourceFile): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const declare = (statements: readonly ts.Statement[]) => {
    for (const statement of statements) found.push(...declaredNames(statement));
  };
  const augmentations = (statements: readonly ts.Statement[]) => {
    for (const statement of statements) {
      if (!ts.isModuleDeclaration(statement) || !statement.body || !ts.isModuleBlock(statement.body)) continue;
      if (statement.flags & ts.NodeFlags.GlobalAugmentation) declare(statement.body.statements);
      else if (ts.isStringLiteral(statement.name)) augmentations(statement.body.statements);
    }
  };
  if (ts.isExternalModule(file)) augmentations(file.statements);
  else {
    declare(file.statements);
    augmentations(file.statements);
  }
  return found;
}

/** The names a statement declares where it stands (imports included; `export as namespace` declares a global). */
export function declaredNames(statement: ts.Statement): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.name) found.push(clause.name);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) found.push(bindings.name);
    else if (bindings) for (const element of bindings.elements) found.push(element.name);
  } else if (ts.isVariableStatement(statement)) {
    for (const { name } of statement.declarationList.declarations) bindingNames(name, found);
  } else if (ts.isImportEqualsDeclaration(statement) || ts.isNamespaceExportDeclaration(statement)) {
    found.push(statement.name);
  } else if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement) ||
      ts.isModuleDeclaration(statement)) &&
    statement.name &&
    ts.isIdentifier(statement.name)
  ) {
    found.push(statement.name);
  }
  return found;
}

function bindingNames(name: ts.BindingName, found: ts.Identifier[]): void {
  if (ts.isIdentifier(name)) found.push(name);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, found);
}

function resolvedSymbol(reference: ts.Identifier, checker: ts.TypeChecker): ts.Symbol | undefined {
  const parent = reference.parent;
  if (ts.isShorthandPropertyAssignment(parent) && parent.name === reference)
    return checker.getShorthandAssignmentValueSymbol(parent);
  if (ts.isExportSpecifier(parent)) return checker.getExportSpecifierLocalTargetSymbol(parent);
  return checker.getSymbolAtLocation(reference);
}
