import type { ToolManifest } from '@toolwright/core';
import { checkTools } from './describe/check-tools.js';
import { checkDecoratorSettings } from './describe/decorator-settings.js';
import { describeFiles } from './describe/describe-files.js';
import { Diagnostics, type Diagnostic } from './diagnostics.js';
import { checkDtoImports } from './emit/dto-imports.js';
import { manifestHash, renderOutputs, type Output, type Renderers } from './emit/index.js';
import type { InputRecorder } from './incremental/inputs.js';
import { keepTools, type WatchState } from './incremental/watch-state.js';
import { loadTools, type LoadedTools } from './load-tools.js';
import type { ResolvedOptions } from './options.js';

/** What one reading of the project gives: everything `generate` needs to write or check the outputs. */
export interface Analysis {
  manifest: ToolManifest;
  /** Sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Empty when there are errors. */
  outputs: Output[];
  /** See `LoadedTools.hostLibs`. */
  hostLibs?: LoadedTools['hostLibs'];
}

export interface AnalyzeContext {
  recorder?: InputRecorder | undefined;
  state?: WatchState | undefined;
  renderers?: Renderers;
}

/**
 * The pipeline, one stage after the other: load the program and find the tools (program/, discover/: see
 * load-tools.ts), describe each tool (describe/, which maps types with schema/), check the set, and render the
 * outputs (emit/) unless there are errors. `recorder` records the inputs for the cache, `state` carries what
 * `--watch` reuses from run to run, `renderers` are those `loadRenderers` loaded.
 */
export function analyze(options: ResolvedOptions, context: AnalyzeContext = {}): Analysis {
  const { recorder, state, renderers = {} } = context;
  const diagnostics = new Diagnostics();
  const timing = process.env.TOOLWRIGHT_GEN_TIMING === '1' ? phaseTimer() : undefined;
  const loaded = loadTools(options, diagnostics, { recorder, state, timing });
  const perFile = describeFiles(loaded.files, loaded, options.nameStyle, diagnostics);
  if (state) keepTools(state, loaded.files, perFile);
  const described = perFile.flatMap((file) => file.described);
  timing?.('describe');
  checkTools(described, loaded.projectDir, diagnostics.report, loaded.checker, options.maxTools);
  if (options.outFile !== undefined)
    checkDtoImports(described, options.outFile, loaded.compilerOptions, diagnostics.report, recorder);
  checkDecoratorSettings(described, loaded.compilerOptions, diagnostics.report);
  if (described.length === 0 && !diagnostics.hasErrors()) {
    const message = 'no @tool() methods found in the files of this tsconfig';
    diagnostics.add({ file: options.projectFile, line: 1, column: 1, severity: 'warning', code: 'TW6506', message });
  }
  const tools = described.map(({ tool }) => tool);
  const hash = manifestHash(tools);
  const hostLibs = loaded.hostLibs ? { hostLibs: loaded.hostLibs } : {};
  const manifest: ToolManifest = { version: 1, hash, tools };
  const analysis: Analysis = { manifest, diagnostics: diagnostics.sorted(), outputs: [], ...hostLibs };
  if (diagnostics.hasErrors()) return analysis;
  analysis.outputs = renderOutputs({ tools, hash }, described, options, loaded, renderers);
  timing?.('render');
  return analysis;
}

/** `TOOLWRIGHT_GEN_TIMING=1`: the time of each phase on stderr (for profiling). */
function phaseTimer(): (phase: string) => void {
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    process.stderr.write(`gen-tools: ${phase} ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}
