import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ToolManifest } from '@toolwright/core';
import type { Analysis } from './analyze.js';
import type { OutputKind } from './emit/index.js';
import { resolveOptions, type GenerateOptions } from './options.js';
import { cacheFile, defaultCacheDir, outputsOf, readCache, writeCache } from './incremental/cache.js';
import type { Diagnostic } from './diagnostics.js';
import { InputRecorder } from './incremental/inputs.js';
import { compareOutput, type StaleOutput } from './emit/stale.js';
import { toolNamesInJson, toolNamesInModule } from './emit/tool-names.js';
import { writeFilesAtomically } from './emit/write-files.js';
import { threadCpuMs } from './thread-cpu.js';

export interface GenerateResult {
  /** The manifest found (also when there are errors: it holds the tools that could be described). */
  manifest: ToolManifest;
  /** Errors and warnings, by file and position; file paths are absolute. */
  diagnostics: Diagnostic[];
  /** Absolute paths of the files written (files whose content did not change are left alone). */
  written: string[];
  /** With `check`: the outputs that are missing or differ. */
  stale: StaleOutput[];
  /** What each output holds (written or not): empty when there are errors. */
  outputs: { file: string; text: string }[];
  /** Whether the result came from the cache (the project was not read). */
  cached: boolean;
}

/**
 * Reads the project's `@tool()` methods and writes the manifest as a TS module and, optionally, as JSON.
 * Nothing is written when there is an error diagnostic. Throws `UsageError` for bad options or a missing tsconfig.
 *
 * @example
 * ```ts
 * import { generate } from '@toolwright/gen';
 *
 * const { diagnostics, written } = await generate({ project: 'tsconfig.json', out: 'src/tools.generated.ts' });
 * for (const d of diagnostics) console.error(`${d.file}:${d.line}:${d.column}: ${d.message}`);
 * ```
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const resolved = resolveOptions(options);
  // A program given is read as it is: the cache's inputs are a tsconfig's files.
  const file =
    options.cache && options.program === undefined
      ? cacheFile(resolved, resolve(options.cwd ?? process.cwd(), options.cacheDir ?? defaultCacheDir(resolved)))
      : undefined;
  let analysis = file ? readCache(file, resolved) : undefined;
  const cached = analysis !== undefined;
  if (!analysis) {
    // Loaded here so that a cache hit does not pay for loading TypeScript.
    const [{ analyzeProject }, { loadRenderers }] = await Promise.all([
      import('./shard/analyze-project.js'),
      import('./emit/index.js'),
    ]);
    const recorder = file ? new InputRecorder(outputsOf(resolved)) : undefined;
    analysis = await analyzeProject(resolved, { recorder, renderers: await loadRenderers(resolved) });
    if (file && recorder) {
      const started = performance.now();
      writeCache(file, resolved, recorder, analysis);
      if (process.env.TOOLWRIGHT_GEN_TIMING === '1')
        process.stderr.write(`gen-tools: cache write ${(performance.now() - started).toFixed(0)} ms\n`);
    }
    const mainCpu = process.env.TOOLWRIGHT_GEN_TIMING === '1' ? threadCpuMs() : undefined;
    if (mainCpu !== undefined) process.stderr.write(`gen-tools: main thread CPU ${mainCpu.toFixed(0)} ms\n`);
  }
  return { ...applyAnalysis(analysis, options.check ?? false, resolved.ignore), cached };
}

/**
 * Writes the outputs whose content changed (or, with `check`, lists them as stale). An output whose text is
 * already on disk is never rewritten, so watchers of it see no change. The warnings whose codes are in `ignore` are
 * left out of the result (the cache keeps them all, so that another `--ignore` needs no new reading).
 */
export function applyAnalysis(
  analysis: Analysis,
  check: boolean,
  ignore: ReadonlySet<string> = new Set(),
): Omit<GenerateResult, 'cached'> {
  const result = {
    manifest: analysis.manifest,
    diagnostics:
      ignore.size === 0 ? analysis.diagnostics : analysis.diagnostics.filter(({ code }) => !ignore.has(code)),
    written: [] as string[],
    stale: [] as StaleOutput[],
    outputs: [] as { file: string; text: string }[],
  };
  if (analysis.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return result;
  const { outputs } = analysis;
  result.outputs = outputs.map(({ path, rendered }) => ({ file: path, text: rendered.text }));
  const current = new Map(outputs.map(({ path }) => [path, readIfExists(path)]));
  const changed = outputs.filter(({ path, rendered }) => current.get(path) !== rendered.text);
  if (check) {
    result.stale = changed.map(
      ({ path, kind, rendered }) => compareOutput(path, current.get(path), rendered, NAMES_IN[kind])!,
    );
    return result;
  }
  writeFilesAtomically(changed.map(({ path, rendered }) => ({ path, text: rendered.text })));
  result.written = changed.map(({ path }) => path);
  return result;
}

/** Where `--check` finds the tool names of an output on disk (the validators module names none). */
const NAMES_IN: Record<OutputKind, (text: string) => string[] | undefined> = {
  module: toolNamesInModule,
  json: toolNamesInJson,
  validators: () => undefined,
};

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}
