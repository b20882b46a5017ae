// @toolwright/core's entry (its index) re-exports some 30 declaration files, 67 KB: as much as ES5 once its binary
// data is left out (es-libs.ts), parsed and bound in every run. A project's tools import a few names of it (`tool`,
// now and then `ToolContext` or `Integer`). So when every mention of the package in the files gen reads first (those
// that may declare tools) is a named import or re-export, the program is built with the entry cut down to the
// re-exports of those names, and core's other files are never read. Its declarations stay in their own files, so
// core's symbols are the same either way. A file read later (a type file the tools import, a package's declarations)
// that mentions the package in another way, or imports a name the cut entry leaves out, has the program built again
// with the whole entry before any checker is made. TOOLWRIGHT_GEN_ALL_LIBS=1 turns it off.
import { resolve } from 'node:path';
import { PackageNames } from './package-names.js';
import { ts } from './typescript.js';

export const CORE_PACKAGE = '@toolwright/core';

/** A quoted mention of the package itself (not of a subpath such as `@toolwright/core/validator-runtime`). */
const MENTION = /(['"`])@toolwright\/core\1/g;
/** `import { a, type B as C } from '@toolwright/core'`, `export type { ... } from "..."`. */
const NAMED = /\b(?:import|export)\s+(?:type\s+)?\{([^{}]*)\}\s*from\s*(['"])@toolwright\/core\2/g;
const SPECIFIER = /^(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[A-Za-z_$][\w$]*)?$/;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/**
 * The names a file's text imports or re-exports from the package by name; `'all'` when it mentions the package in any
 * other way (a namespace or default import, `export *`, `import()`, a `declare module`, a string); undefined when it
 * never mentions it. Read from the text, so a mention inside a comment counts too: that can only keep the whole entry.
 */
export function namesFromCore(text: string): ReadonlySet<string> | 'all' | undefined {
  if (!text.includes(CORE_PACKAGE)) return undefined;
  const mentions = text.match(MENTION)?.length ?? 0;
  if (mentions === 0) return undefined;
  const names = new Set<string>();
  let named = 0;
  for (const [, list] of text.matchAll(NAMED)) {
    named++;
    for (const part of list!.replace(COMMENTS, '').split(',')) {
      const specifier = part.trim();
      if (specifier === '') continue;
      const name = SPECIFIER.exec(specifier)?.[1];
      if (name === undefined || name === 'default') return 'all';
      names.add(name);
    }
  }
  return named === mentions ? names : 'all';
}

/**
 * The entry's text with only the re-exports of these names, or undefined when it is not a plain list of named
 * re-exports (`export { a, type B } from './x.js'`), which is all core's entry holds.
 */
export function cutEntry(fileName: string, text: string, names: ReadonlySet<string>): string | undefined {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const kept: string[] = [];
  for (const statement of file.statements) {
    const { exportClause, moduleSpecifier } = statement as Partial<ts.ExportDeclaration>;
    if (!ts.isExportDeclaration(statement) || !moduleSpecifier || !exportClause || !ts.isNamedExports(exportClause))
      return undefined;
    const specifiers = exportClause.elements.filter((element) => names.has(element.name.text));
    if (specifiers.length === 0) continue;
    kept.push(
      `export ${statement.isTypeOnly ? 'type ' : ''}{ ${specifiers.map((element) => element.getText(file)).join(', ')} } ` +
        `from ${moduleSpecifier.getText(file)};`,
    );
  }
  return `${kept.join('\n')}\n`;
}

/**
 * The entry of one program's reading: cut to the names the first files import, until a file read later needs more
 * (`reason`). One per loadProject, across the programs it builds.
 */
export class CoreEntry {
  /** Why the whole entry is needed; the program is built again with it. */
  reason: string | undefined;
  /** Whether the program being built got the cut entry (set by `serve`, cleared before each build). */
  servedCut = false;
  private readonly entries = new Map<string, boolean>();
  private readonly cuts = new Map<string, string | undefined>();
  private readonly packages = new PackageNames();

  /**
   * For the files gen reads first, by name: undefined when one mentions the package in a way that needs all of it,
   * or none imports it (nothing to cut).
   */
  static of(texts: ReadonlyMap<string, string>): CoreEntry | undefined {
    const names = new Set<string>();
    let imported = false;
    for (const text of texts.values()) {
      const found = namesFromCore(text);
      if (found === 'all') return undefined;
      if (found === undefined) continue;
      imported = true;
      for (const name of found) names.add(name);
    }
    return imported ? new CoreEntry(names, new Set(texts.keys())) : undefined;
  }

  /** `scanned`: the files the names were read from, which cannot need more of the entry. */
  private constructor(
    readonly names: ReadonlySet<string>,
    private readonly scanned: ReadonlySet<string>,
  ) {}

  /** Whether the cut entry is served (no file has needed more so far). */
  get cut(): boolean {
    return this.reason === undefined;
  }

  /**
   * The text to parse for a file of the project (not a lib file) read from disk: the cut entry for core's entry, the
   * text itself otherwise; a file that needs more of the entry than the cut one exports sets `reason`.
   */
  serve(fileName: string, text: string): string {
    if (this.isEntry(fileName)) {
      if (!this.cut) return text;
      if (!this.cuts.has(fileName)) this.cuts.set(fileName, cutEntry(fileName, text, this.names));
      const cut = this.cuts.get(fileName);
      if (cut === undefined) return text;
      this.servedCut = true;
      return cut;
    }
    if (this.cut && !this.scanned.has(fileName)) {
      const found = namesFromCore(text);
      if (found === 'all') this.reason = `${fileName} reads ${CORE_PACKAGE} as a whole`;
      else if (found !== undefined) {
        const missing = [...found].find((name) => !this.names.has(name));
        if (missing !== undefined) this.reason = `${fileName} imports ${missing} from ${CORE_PACKAGE}`;
      }
    }
    return text;
  }

  /** Whether a file is one that core's package.json gives for its "." export (its types, or its sources). */
  private isEntry(fileName: string): boolean {
    if (!/[\\/]index\.(d\.)?[cm]?ts$/.test(fileName)) return false;
    let known = this.entries.get(fileName);
    if (known === undefined) {
      known = this.entryFiles(fileName).includes(slashes(resolve(fileName)));
      this.entries.set(fileName, known);
    }
    return known;
  }

  /** The files of the "." export of the package a file belongs to, when that package is core. */
  private entryFiles(fileName: string): string[] {
    const found = this.packages.packageOf(fileName);
    if (found?.name !== CORE_PACKAGE) return [];
    // Not named `exports`: in the CommonJS build that would hide the module's own (`exports.CORE_PACKAGE` above).
    const targets = found.manifest.exports;
    if (typeof targets !== 'object' || targets === null) return [];
    return leaves((targets as Record<string, unknown>)['.']).map((leaf) => slashes(resolve(found.dir, leaf)));
  }
}

const slashes = (path: string) => path.replace(/\\/g, '/');

function leaves(target: unknown): string[] {
  if (typeof target === 'string') return [target];
  if (typeof target !== 'object' || target === null) return [];
  return Object.values(target).flatMap(leaves);
}
