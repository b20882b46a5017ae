import { CoreSymbols } from './discover/core-symbols.js';
import { findTools } from './discover/find-tools.js';
import { Diagnostics } from './diagnostics.js';
import {
  dependencies,
  globalFiles,
  keptTools,
  type WatchedToolFile,
  type WatchState,
} from './incremental/watch-state.js';
import type { ResolvedOptions } from './options.js';
import { loadProgram, type LoadRun } from './program/load-program.js';
import type { LibProbe } from './program/lib-probe.js';
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
  /** Watches the checker for a need of the lib files that may be left out: read once the tools are described. */
  probe?: LibProbe;
  /** With the host libs left out: the same tools found in the program built with every lib. */
  withHostLibs?: () => LoadedTools;
  /** With the ES libs left out: the same tools found in the program built with them (the host libs still out). */
  withEsLibs?: () => LoadedTools;
}

/**
 * Loads the program (program/) and finds the tool methods of each file (discover/). With `--watch` state, parsed
 * files and the last program are reused, and a file none of whose inputs changed keeps its tools from the last run.
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

/** The tools of a loaded project. */
function toolsOf(
  loaded: LoadedProject,
  run: { state?: WatchState | undefined; timing?: ((phase: string) => void) | undefined },
): LoadedTools {
  const { state } = run;
  const { checker } = loaded;
  const core = new CoreSymbols(checker);
  const rootNames = new Set(loaded.rootNames);
  const globals = state ? globalFiles(loaded.program) : [];
  const imported = new Map<ts.SourceFile, ts.SourceFile[]>();
  // A file none of whose inputs changed keeps its tools from the last run.
  const files = loaded.candidates.map((file): WatchedToolFile => {
    const inputs = state ? [...dependencies(file, checker, imported), ...globals] : [];
    const kept = state ? keptTools(state, file, inputs) : undefined;
    const local = new Diagnostics();
    const methods = kept ? kept.described.map((tool) => tool.found) : findTools([file], core, local.report, checker);
    return { file, inputs, kept, local, methods };
  });
  run.timing?.('tools found');
  if (state) state.program = loaded.program;
  const { program, projectDir, compilerOptions, hostLibs, esLibs, probe, withHostLibs, withEsLibs } = loaded;
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
    ...(probe ? { probe } : {}),
    ...(withHostLibs ? { withHostLibs: () => toolsOf(withHostLibs(), run) } : {}),
    ...(withEsLibs ? { withEsLibs: () => toolsOf(withEsLibs(), run) } : {}),
  };
}
