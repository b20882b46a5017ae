// The DOM and web worker lib files ("host libs") are over half of what TypeScript parses and binds for a project
// on the default lib: lib.dom.d.ts is 34,000 of the 56,000 lines of lib files for ES2022. tsc needs them to check every
// file; gen-tools reads only what its tool methods reach. So the program is first built without them, and kept that way
// only when nothing the checker did for gen's questions could differ with them: the probe (lib-probe.ts) watches its
// lookups of the names they declare and its reading of ImportMeta's members, which they add to. Otherwise it is built
// again with them (the parsed files and their binding are reused) and the tools described again. Two things the probe
// cannot see are told from the syntax before any checker: a file of the program that needs them whatever the tools are
// (a reference to lib dom, JavaScript, a global declared by the DOM too), and, to spare a second description, a tool
// signature that names a DOM global. The outputs are the same either way (tested on every golden fixture).
// TOOLWRIGHT_GEN_ALL_LIBS=1 turns it off.
import { basename } from 'node:path';
import { hostLibGlobals } from './host-lib-globals.generated.js';
import type { LibWatch } from './lib-probe.js';
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

let watch: LibWatch | undefined;

/** What the probe watches for the host libs: every global they declare, and the interface they add to. */
export function hostLibWatch(): LibWatch {
  if (!watch) {
    const { names, merged } = hostLibTable()!;
    const declares = 'a host lib (lib.dom.d.ts, lib.webworker.d.ts)';
    watch = {
      lookups: new Map([...names].filter((name) => !merged.has(name)).map((name) => [name, declares])),
      augmented: new Map([...merged].map((name) => [name, declares])),
    };
  }
  return watch;
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
 * nor declares: the program is built with them at once, rather than described twice. Syntax only, so it may keep the
 * host libs where the probe would not (never the other way round: the probe still watches the rest).
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
