import { CoreSymbols } from '../discover/core-symbols.js';
import { findTools, type DecoratedMethod } from '../discover/find-tools.js';
import type { DescribedTool } from '../describe/check-tools.js';
import { Diagnostics, type Diagnostic } from '../diagnostics.js';
import type { ResolvedOptions } from '../options.js';
import { reachesHostLibs, toolRoots } from './host-libs.js';
import type { InputRecorder } from './inputs.js';
import { loadProject, type LoadedProject, type SourceFileCache } from './load-project.js';
import { givenProject } from './given-program.js';
import { dirname } from 'node:path';
import { ts } from './typescript.js';

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
  /** The global declaration files of the last run (see globalFiles). */
  globals?: ts.SourceFile[];
}

export interface FileTools {
  /** The parsed files the result depends on; the same objects when their text did not change. */
  inputs: readonly ts.SourceFile[];
  described: DescribedTool[];
  diagnostics: Diagnostic[];
}

/** A file that may declare tools: its tool methods, and what the last run of `--watch` kept for it. */
export interface ToolFile {
  file: ts.SourceFile;
  /** The files its tools are described from (with `--watch`; empty otherwise). */
  inputs: readonly ts.SourceFile[];
  /** Its tools and diagnostics from the last run, when none of its inputs changed. */
  kept: FileTools | undefined;
  /** Where the problems met in this file go (kept for the next run). */
  local: Diagnostics;
  methods: DecoratedMethod[];
}

/** The program gen reads, with the tool methods of each file found in it. */
export interface LoadedProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  core: CoreSymbols;
  /** The folder of the tsconfig: manifest `file` paths are relative to it. */
  projectDir: string;
  compilerOptions: ts.CompilerOptions;
  /** Whether a file is one of the tsconfig's (problems in other files are reported at the tool). */
  isProjectFile: (fileName: string) => boolean;
  files: ToolFile[];
  /**
   * Whether the host libs were left out of the program (see host-libs.ts), or why they are needed; absent when it had
   * none to leave out. (In `--watch` they may be kept for one run after the last need for them is gone.)
   */
  hostLibs?: { leftOut: boolean; reason?: string };
}

/** What one run brings: the cache's recorder, the state of `--watch`, the phase timer. */
export interface LoadRun {
  recorder?: InputRecorder | undefined;
  state?: WatchState | undefined;
  timing?: ((phase: string) => void) | undefined;
}

/**
 * Reads the tsconfig, builds the program from the files that can declare tools (see load-project.ts), finds their
 * tool methods, and settles the lib files they need (see host-libs.ts). With `--watch` state, parsed files and the
 * last program are reused, and a file none of whose inputs changed keeps its tools from the last run.
 */
export function loadProgram(options: ResolvedOptions, diagnostics: Diagnostics, run: LoadRun = {}): LoadedProgram {
  const { recorder, state, timing } = run;
  const { projectFile, outFile, jsonFile, validatorsFile } = options;
  const skipFiles = [outFile, jsonFile, validatorsFile].filter((file) => file !== undefined);
  let loaded = options.program
    ? givenProject(options.program, dirname(projectFile), options.files, skipFiles)
    : loadProject(projectFile, diagnostics, {
        skipFiles,
        ...(timing ? { timing } : {}),
        ...(recorder ? { recorder } : {}),
        ...(process.env.TOOLWRIGHT_GEN_ALL_LIBS === '1' ? { allLibs: true } : {}),
        ...(state ? { sourceFiles: state.sourceFiles, ...(state.program ? { oldProgram: state.program } : {}) } : {}),
        ...(state?.hostLibsNeeded ? { startWithHostLibs: true } : {}),
      });
  let { checker } = loaded;
  let core = new CoreSymbols(checker);
  reportSyntaxErrors(loaded, diagnostics);
  const rootNames = new Set(loaded.rootNames);
  const known = state?.files;
  const globals = state ? globalFiles(loaded.program) : [];
  // First the tools of every file (a file none of whose inputs changed keeps its result from the last run)...
  const files = loaded.candidates.map((file): ToolFile => {
    const inputs = state ? [...dependencies(file, checker), ...globals] : [];
    const previous = known?.get(file.fileName);
    const kept = previous && sameFiles(previous.inputs, inputs) ? previous : undefined;
    const local = new Diagnostics();
    const methods = kept ? kept.described.map((tool) => tool.found) : findTools([file], core, local.report, checker);
    return { file, inputs, kept, local, methods };
  });
  // ...then the program they need: when the files do not need the host libs, the tools may not either.
  const settled = withNeededLibs(loaded, files, core, globals, state);
  const { hostLibs } = settled;
  const reason = hostLibs?.reason;
  const libsFound = reason ? `tools found, host libs needed (${reason})` : 'tools found, host libs not needed';
  timing?.(hostLibs ? libsFound : 'tools found');
  if (settled.loaded !== loaded) {
    loaded = settled.loaded;
    checker = loaded.checker;
    core = new CoreSymbols(checker);
  }
  if (state) state.program = loaded.program;
  const { program, projectDir, compilerOptions } = loaded;
  return {
    program,
    checker,
    core,
    projectDir,
    compilerOptions,
    isProjectFile: (fileName) => rootNames.has(fileName),
    files,
    ...(hostLibs ? { hostLibs } : {}),
  };
}

/**
 * The project with the lib files its tools need (see host-libs.ts): as loaded, or built again with the host libs
 * when the tools reach them. In --watch, after a run that needed no host lib, the tools of a file whose inputs did
 * not change still need none (the walk from them reads only those inputs), and the global declarations are walked
 * again only when they changed.
 */
function withNeededLibs(
  loaded: LoadedProject,
  found: readonly { kept: FileTools | undefined; methods: DecoratedMethod[] }[],
  core: CoreSymbols,
  globals: ts.SourceFile[],
  state: WatchState | undefined,
): { loaded: LoadedProject; hostLibs: LoadedProgram['hostLibs'] } {
  if (!loaded.hostLibs) return { loaded, hostLibs: undefined };
  let reason = loaded.hostLibs.reason;
  if (reason === undefined) {
    const verified = state?.hostLibsNeeded === false;
    const isToolContext = (type: ts.TypeNode) => core.isToolContext(loaded.checker.getTypeFromTypeNode(type));
    const methods = found.filter((entry) => !(verified && entry.kept)).flatMap((entry) => entry.methods);
    const globalsChanged = !(verified && state?.globals && sameFiles(state.globals, globals));
    reason = reachesHostLibs(loaded.program, toolRoots(methods, isToolContext), globalsChanged);
  }
  if (state) {
    state.hostLibsNeeded = reason !== undefined;
    state.globals = globals;
  }
  if (!reason) return { loaded, hostLibs: { leftOut: loaded.hostLibs.leftOut } };
  return { loaded: loaded.withHostLibs ? loaded.withHostLibs() : loaded, hostLibs: { leftOut: false, reason } };
}

/**
 * The files whose declarations the types of `file` can come from: the file and every file it imports, directly or
 * not (import declarations, re-exports, `import('...')` types), in a stable order.
 */
function dependencies(file: ts.SourceFile, checker: ts.TypeChecker): ts.SourceFile[] {
  const seen = new Set<ts.SourceFile>([file]);
  const queue = [file];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    if (current.isDeclarationFile && current.hasNoDefaultLib) continue; // TypeScript's libs never change
    for (const specifier of moduleSpecifiers(current)) {
      const declaration = checker.getSymbolAtLocation(specifier)?.declarations?.[0];
      const target = declaration?.getSourceFile();
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return queue;
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
function globalFiles(program: ts.Program): ts.SourceFile[] {
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

/** Syntax errors in the files that declare tools (already parsed, so this costs nothing). */
function reportSyntaxErrors(loaded: LoadedProject, diagnostics: Diagnostics): void {
  const { program } = loaded;
  for (const file of loaded.candidates) {
    for (const error of program.getSyntacticDiagnostics(file)) {
      const { line, character } = file.getLineAndCharacterOfPosition(error.start ?? 0);
      diagnostics.add({
        file: file.fileName,
        line: line + 1,
        column: character + 1,
        severity: 'error',
        message: ts.flattenDiagnosticMessageText(error.messageText, '\n'),
      });
    }
  }
}
