import type { ToolManifest } from '@toolwright/core';
import { checkTools } from './describe/check-tools.js';
import { checkDecoratorSettings } from './describe/decorator-settings.js';
import type { ToolEntry } from './describe/tool-entry.js';
import { Diagnostics, type Diagnostic } from './diagnostics.js';
import { checkDtoImports } from './emit/dto-imports.js';
import { manifestHash, renderOutputs, type Output, type Renderers } from './emit/index.js';
import type { InputRecorder } from './incremental/inputs.js';
import type { WatchState } from './incremental/watch-state.js';
import type { LoadedTools } from './load-tools.js';
import type { ResolvedOptions } from './options.js';
import type { ProjectScan } from './program/load-project.js';
import { readTools } from './read-tools.js';
import type { ts } from './program/typescript.js';
import { threadCpuMs } from './thread-cpu.js';

/** What one reading of the project gives: everything `generate` needs to write or check the outputs. */
export interface Analysis {
  manifest: ToolManifest;
  /** Sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Empty when there are errors. */
  outputs: Output[];
  /** See `LoadedTools.hostLibs`. */
  hostLibs?: LoadedTools['hostLibs'];
  /** See `LoadedTools.esLibs`. */
  esLibs?: LoadedTools['esLibs'];
  /** How many threads read the project, when more than one did (shard/); not kept in the cache. */
  threads?: number;
}

export interface AnalyzeContext {
  recorder?: InputRecorder | undefined;
  state?: WatchState | undefined;
  renderers?: Renderers;
  /** The project as scanned already (shard/ scans it to decide whether to read it on several threads). */
  scan?: ProjectScan | undefined;
  /** Where the problems met so far go (those of the scan). */
  diagnostics?: Diagnostics | undefined;
  /** The phase timer of the run (`TOOLWRIGHT_GEN_TIMING=1`), when it started before. */
  timing?: ((phase: string) => void) | undefined;
}

/**
 * The pipeline, one stage after the other: load the program and find the tools (program/, discover/: see
 * load-tools.ts), describe each tool (describe/, which maps types with schema/), check the set, and render the
 * outputs (emit/) unless there are errors. `recorder` records the inputs for the cache, `state` carries what
 * `--watch` reuses from run to run, `renderers` are those `loadRenderers` loaded. (shard/ reads the project on
 * several threads, then concludes as this does.)
 */
export function analyze(options: ResolvedOptions, context: AnalyzeContext = {}): Analysis {
  const { recorder, state, scan } = context;
  const diagnostics = context.diagnostics ?? new Diagnostics();
  const timing = context.timing ?? phaseTimer();
  const { loaded, perFile } = readTools(options, diagnostics, { recorder, state, timing, scan });
  const project = {
    projectDir: loaded.projectDir,
    compilerOptions: loaded.compilerOptions,
    textOf: (fileName: string) => loaded.program.getSourceFile(fileName)?.text ?? '',
  };
  const entries = perFile.flatMap((file) => file.entries);
  return concludeAnalysis(entries, diagnostics, project, libsOf(loaded), options, context, timing);
}

/** Which lib files the program was read without (see program/host-libs.ts and es-libs.ts). */
export type LibDecisions = Pick<Analysis, 'hostLibs' | 'esLibs'>;

/** The lib decisions of loaded tools. */
export function libsOf(loaded: LoadedTools): LibDecisions {
  return {
    ...(loaded.hostLibs ? { hostLibs: loaded.hostLibs } : {}),
    ...(loaded.esLibs ? { esLibs: loaded.esLibs } : {}),
  };
}

/** What the checks over the tool set and the renderers read of the project. */
export interface ProjectSettings {
  projectDir: string;
  compilerOptions: ts.CompilerOptions;
  /** The text of a file that declares tools. */
  textOf: (fileName: string) => string;
}

/**
 * The stages after describing, on the tools as plain data (tool-entry.ts), so that one thread reading the whole
 * project and several threads each reading a shard of it (shard/) end alike: check the set, then render the outputs
 * unless there are errors.
 */
export function concludeAnalysis(
  entries: readonly ToolEntry[],
  diagnostics: Diagnostics,
  project: ProjectSettings,
  libs: LibDecisions,
  options: ResolvedOptions,
  context: Pick<AnalyzeContext, 'recorder' | 'renderers'>,
  timing: ((phase: string) => void) | undefined,
): Analysis {
  const { recorder, renderers = {} } = context;
  checkTools(entries, project.projectDir, diagnostics.at, project.textOf, options.maxTools);
  if (options.outFile !== undefined)
    checkDtoImports(entries, options.outFile, project.compilerOptions, diagnostics.at, recorder);
  checkDecoratorSettings(entries, project.compilerOptions, diagnostics.at);
  if (entries.length === 0 && !diagnostics.hasErrors()) {
    const message = 'no @tool() methods found in the files of this tsconfig';
    diagnostics.add({ file: options.projectFile, line: 1, column: 1, severity: 'warning', code: 'TW6506', message });
  }
  const tools = entries.map(({ tool }) => tool);
  const hash = manifestHash(tools);
  const manifest: ToolManifest = { version: 1, hash, tools };
  const analysis: Analysis = {
    manifest,
    diagnostics: diagnostics.sorted(),
    outputs: [],
    ...libs,
  };
  if (diagnostics.hasErrors()) return analysis;
  analysis.outputs = renderOutputs({ tools, hash }, entries, options, project, renderers);
  timing?.('render');
  return analysis;
}

/**
 * `TOOLWRIGHT_GEN_TIMING=1`: the time of each phase on stderr (for profiling), prefixed by `label`, and on Node 23.9+
 * the CPU this thread spent in it (`, thread CPU <n> ms`), which the load of the machine does not stretch as it does
 * wall time.
 */
export function phaseTimer(label = ''): ((phase: string) => void) | undefined {
  if (process.env.TOOLWRIGHT_GEN_TIMING !== '1') return undefined;
  let last = performance.now();
  let lastCpu = threadCpuMs();
  return (phase) => {
    const now = performance.now();
    const cpu = threadCpuMs();
    const ofThread = cpu === undefined || lastCpu === undefined ? '' : `, thread CPU ${(cpu - lastCpu).toFixed(0)} ms`;
    process.stderr.write(`gen-tools: ${label}${phase} ${(now - last).toFixed(0)} ms${ofThread}\n`);
    last = now;
    lastCpu = cpu;
  };
}
