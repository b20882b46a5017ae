import { CoreSymbols } from './discover/core-symbols.js';
import { findTools, type DecoratedMethod } from './discover/find-tools.js';
import { Diagnostics } from './diagnostics.js';
import {
  dependencies,
  globalFiles,
  keptTools,
  sameFiles,
  type FileTools,
  type WatchedToolFile,
  type WatchState,
} from './incremental/watch-state.js';
import type { ResolvedOptions } from './options.js';
import { reachesHostLibs, toolRoots } from './program/host-libs.js';
import { loadProgram, type LoadRun } from './program/load-program.js';
import type { EsLibProbe } from './program/es-libs.js';
import type { LibsLeftOut, LoadedProject } from './program/load-project.js';
import type { ts } from './program/typescript.js';

/** The program gen reads, with the tool methods of each file found in it. */
export interface LoadedTools {
  program: ts.Program;
  checker: ts.TypeChecker;
  core: CoreSymbols;
  /** The folder of the tsconfig: manifest `file` paths are relative to it. */
  projectDir: string;
  compilerOptions: ts.CompilerOptions;
  /** Whether a file is one of the tsconfig's (problems in other files are reported at the tool). */
  isProjectFile: (fileName: string) => boolean;
  files: WatchedToolFile[];
  /**
   * Whether the host libs were left out of the program (see host-libs.ts), or why they are needed; absent when it had
   * none to leave out. (In `--watch` they may be kept for one run after the last need for them is gone.)
   */
  hostLibs?: LibsLeftOut;
  /** Whether the ES libs beyond the base were left out (see es-libs.ts); absent when it had none to leave out. */
  esLibs?: LibsLeftOut;
  /** Watches the checker for a need of the left-out ES libs: read once the tools are described. */
  esProbe?: EsLibProbe;
  /** With the ES libs left out: the same tools found in the program built with them. */
  withEsLibs?: () => LoadedTools;
}

/**
 * Loads the program (program/), finds the tool methods of each file (discover/), and settles the lib files they need
 * (see host-libs.ts): the first two stages, joined here because the libs the program needs depend on the tools found
 * in it. With `--watch` state, parsed files and the last program are reused, and a file none of whose inputs
 * changed keeps its tools from the last run.
 */
export function loadTools(
  options: ResolvedOptions,
  diagnostics: Diagnostics,
  run: Omit<LoadRun, 'reuse'> & { state?: WatchState | undefined } = {},
): LoadedTools {
  const { state, ...rest } = run;
  const reuse = state && {
    sourceFiles: state.sourceFiles,
    oldProgram: state.program,
    ...(state.hostLibsNeeded ? { hostLibsNeeded: true } : {}),
    ...(state.esLibsNeeded ? { esLibsNeeded: true } : {}),
  };
  return toolsOf(loadProgram(options, diagnostics, { ...rest, reuse }), run);
}

/** The tools of a loaded project, in the program with the lib files they need (`hostLibs` when known already). */
function toolsOf(
  first: LoadedProject,
  run: { state?: WatchState | undefined; timing?: ((phase: string) => void) | undefined },
  known?: LoadedTools['hostLibs'],
): LoadedTools {
  const { state } = run;
  let loaded = first;
  let { checker } = loaded;
  let core = new CoreSymbols(checker);
  const rootNames = new Set(loaded.rootNames);
  const globals = state ? globalFiles(loaded.program) : [];
  const imported = new Map<ts.SourceFile, ts.SourceFile[]>();
  // First the tools of every file (a file none of whose inputs changed keeps its result from the last run)...
  const files = loaded.candidates.map((file): WatchedToolFile => {
    const inputs = state ? [...dependencies(file, checker, imported), ...globals] : [];
    const kept = state ? keptTools(state, file, inputs) : undefined;
    const local = new Diagnostics();
    const methods = kept ? kept.described.map((tool) => tool.found) : findTools([file], core, local.report, checker);
    return { file, inputs, kept, local, methods };
  });
  // ...then the program they need: when the files do not need the host libs, the tools may not either.
  const settled = known ? { loaded, hostLibs: known } : withNeededLibs(loaded, files, core, globals, state);
  const { hostLibs } = settled;
  const reason = hostLibs?.reason;
  const libsFound = reason ? `tools found, host libs needed (${reason})` : 'tools found, host libs not needed';
  run.timing?.(hostLibs ? libsFound : 'tools found');
  if (settled.loaded !== loaded) {
    loaded = settled.loaded;
    checker = loaded.checker;
    core = new CoreSymbols(checker);
  }
  if (state) state.program = loaded.program;
  const { program, projectDir, compilerOptions, esLibs, esProbe, withEsLibs } = loaded;
  return {
    program,
    checker,
    core,
    projectDir,
    compilerOptions,
    isProjectFile: (fileName) => rootNames.has(fileName),
    files,
    ...(hostLibs ? { hostLibs } : {}),
    ...(esLibs ? { esLibs } : {}),
    ...(esProbe ? { esProbe } : {}),
    ...(withEsLibs ? { withEsLibs: () => toolsOf(withEsLibs(), run, hostLibs) } : {}),
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
  found: readonly { kept?: FileTools | undefined; methods: DecoratedMethod[] }[],
  core: CoreSymbols,
  globals: ts.SourceFile[],
  state: WatchState | undefined,
): { loaded: LoadedProject; hostLibs: LoadedTools['hostLibs'] } {
  if (!loaded.hostLibs) return { loaded, hostLibs: undefined };
  let reason = loaded.hostLibs.reason;
  if (reason === undefined) {
    const verified = state?.hostLibsNeeded === false;
    const isToolContext = (type: ts.TypeNode) => core.isToolContext(loaded.checker.getTypeFromTypeNode(type));
    const methods = found.filter((entry) => !(verified && entry.kept)).flatMap((entry) => entry.methods);
    const globalsChanged = !(verified && state?.globals && sameFiles(state.globals, globals));
    reason = reachesHostLibs(loaded.program, toolRoots(methods, isToolContext), globalsChanged, loaded.esProbe);
  }
  if (state) {
    state.hostLibsNeeded = reason !== undefined;
    state.globals = globals;
  }
  const hint = loaded.esProbe?.hint;
  if (!reason && hint !== undefined && loaded.withEsLibs) {
    // A type the tools reach names a global only a left-out ES lib declares: read with them before describing.
    const withEsLibs = { ...loaded.withEsLibs(), esLibs: { leftOut: false, reason: hint } };
    return { loaded: withEsLibs, hostLibs: { leftOut: loaded.hostLibs.leftOut } };
  }
  if (!reason) return { loaded, hostLibs: { leftOut: loaded.hostLibs.leftOut } };
  return { loaded: loaded.withHostLibs ? loaded.withHostLibs() : loaded, hostLibs: { leftOut: false, reason } };
}
