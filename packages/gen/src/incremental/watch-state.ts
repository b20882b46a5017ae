import type { DescribedFile, ToolFile } from '../describe/describe-files.js';
import type { SourceFileCache } from '../program/lean-host.js';
import { ts } from '../program/typescript.js';

/**
 * State kept between runs by `--watch`: parsed files and the last program, reused where nothing changed, and the
 * tools of each file with the files they were described from (the file itself, what it imports, directly or not,
 * and the project's global declarations): a file none of whose files changed keeps its tools and diagnostics.
 */
export interface WatchState {
  sourceFiles: SourceFileCache;
  program?: ts.Program;
  files?: Map<string, FileTools>;
  /** The last run needed the host libs: this one starts with them (and finds out whether it still does). */
  hostLibsNeeded?: boolean;
  /** The last run needed the ES libs beyond the base: this one starts with them (see es-libs.ts). */
  esLibsNeeded?: boolean;
}

/** A file's tools and diagnostics as last described, and the parsed files they were described from. */
export interface FileTools extends DescribedFile {
  /** The same objects when their text did not change. */
  inputs: readonly ts.SourceFile[];
  /**
   * Described in a run that needed the host libs, the ES libs: which of its files did is not known (the checker
   * resolves a thing once per run), so a run that keeps these tools needs them too.
   */
  hostLibsNeeded?: true;
  esLibsNeeded?: true;
}

/** A file that may declare tools, with the files its tools are described from (with `--watch`; empty otherwise). */
export interface WatchedToolFile extends ToolFile {
  inputs: readonly ts.SourceFile[];
  kept?: FileTools | undefined;
}

/** What the last run kept for `file`, when none of `inputs` changed since. */
export function keptTools(
  state: WatchState,
  file: ts.SourceFile,
  inputs: readonly ts.SourceFile[],
): FileTools | undefined {
  const previous = state.files?.get(file.fileName);
  return previous && sameFiles(previous.inputs, inputs) ? previous : undefined;
}

/**
 * Keeps this run's tools of each file for the next run (`described` in the order of `files`), each marked with the lib
 * files this reading needed, and whether the next run starts with them: when this reading or the reading of a kept
 * file needed them.
 */
export function keepTools(
  state: WatchState,
  files: readonly WatchedToolFile[],
  described: readonly DescribedFile[],
  libsNeeded: { host: boolean; es: boolean },
): void {
  const needed = {
    ...(libsNeeded.host ? { hostLibsNeeded: true as const } : {}),
    ...(libsNeeded.es ? { esLibsNeeded: true as const } : {}),
  };
  state.files = new Map(
    files.map((entry, index) => [
      entry.file.fileName,
      entry.kept ?? { inputs: entry.inputs, ...described[index]!, ...needed },
    ]),
  );
  state.hostLibsNeeded = libsNeeded.host || files.some((entry) => entry.kept?.hostLibsNeeded);
  state.esLibsNeeded = libsNeeded.es || files.some((entry) => entry.kept?.esLibsNeeded);
}

/**
 * The files whose declarations the types of `file` can come from: the file and every file it imports, directly or
 * not (import declarations, re-exports, `import('...')` types), in a stable order. `imported` keeps each file's
 * direct imports for one program: the files of a project import the same few (shared types, a library's
 * declarations), which are asked of the checker once instead of once per file that reaches them.
 */
export function dependencies(
  file: ts.SourceFile,
  checker: ts.TypeChecker,
  imported = new Map<ts.SourceFile, ts.SourceFile[]>(),
): ts.SourceFile[] {
  const seen = new Set<ts.SourceFile>([file]);
  const queue = [file];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    if (current.isDeclarationFile && current.hasNoDefaultLib) continue; // TypeScript's libs never change
    let targets = imported.get(current);
    if (!targets) imported.set(current, (targets = directImports(current, checker)));
    for (const target of targets) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return queue;
}

/** The files a file's module names resolve to, in the order it names them. */
function directImports(file: ts.SourceFile, checker: ts.TypeChecker): ts.SourceFile[] {
  const targets: ts.SourceFile[] = [];
  for (const specifier of moduleSpecifiers(file)) {
    const target = checker.getSymbolAtLocation(specifier)?.declarations?.[0]?.getSourceFile();
    if (target) targets.push(target);
  }
  return targets;
}

/** The module names a file refers to; TypeScript's own list (`imports`) when it has one. */
function moduleSpecifiers(file: ts.SourceFile): readonly ts.StringLiteralLike[] {
  const imports = (file as { imports?: readonly ts.StringLiteralLike[] }).imports;
  if (imports) return imports;
  const found: ts.StringLiteralLike[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteralLike(specifier)) found.push(specifier);
  }
  return found;
}

/** Files that can change any type without being imported: global scripts and module augmentations (libs aside). */
export function globalFiles(program: ts.Program): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter((file) => !program.isSourceFileDefaultLibrary(file))
    .filter((file) => !ts.isExternalModule(file) || hasAugmentations(file));
}

function hasAugmentations(file: ts.SourceFile): boolean {
  return ((file as { moduleAugmentations?: readonly unknown[] }).moduleAugmentations?.length ?? 0) > 0;
}

function sameFiles(a: readonly ts.SourceFile[], b: readonly ts.SourceFile[]): boolean {
  return a.length === b.length && a.every((file, index) => file === b[index]);
}
