import { createHash } from 'node:crypto';
import ajvPackage from '#ajv-package';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Analysis } from '../analyze.js';
import type { OutputKind } from '../emit/index.js';
import type { ResolvedOptions } from '../options.js';
import { inputsUnchanged, type InputRecord, type InputRecorder } from './inputs.js';
import { writeFilesAtomically } from '../emit/write-files.js';

/** The version of @toolwright/gen (kept equal to package.json by a test): part of the cache key. */
export const GEN_VERSION = '0.1.0';

/** Bumped whenever the cache's content or what gen-tools writes changes without a version change. */
export const CACHE_FORMAT = 8;

/**
 * The on-disk cache of gen-tools: one file per tsconfig and set of options, holding the last result and the inputs
 * it was made from (`InputRecord`). A run whose inputs are all unchanged takes the result from here without
 * loading TypeScript; any change (a file edited, added, removed or renamed, an imported type, the tsconfig or a
 * config it extends, a package's declarations, gen-tools', TypeScript's or (for --validators) ajv's version) makes
 * it read the project again.
 * Results with errors are not cached.
 *
 * The file is this header as one line of JSON, then the texts of the outputs one after the other, as written (not
 * escaped into the JSON: that took most of the time of writing a large cache).
 */
interface CacheHeader {
  key: string;
  inputs: InputRecord;
  /** Absent when there is a JSON output: the manifest is its text. */
  manifest?: Analysis['manifest'];
  diagnostics: Analysis['diagnostics'];
  /** Each output's text length, and each tool's block as a `[name, start, end]` range of the text. */
  outputs: { path: string; kind: OutputKind; length: number; blocks: [string, number, number][] }[];
}

/** `node_modules/.cache/toolwright` beside the tsconfig, as other build tools do. */
export function defaultCacheDir(options: ResolvedOptions): string {
  return join(dirname(options.projectFile), 'node_modules', '.cache', 'toolwright');
}

export function cacheFile(options: ResolvedOptions, cacheDir: string): string {
  const id = createHash('sha256')
    .update(
      JSON.stringify([
        options.projectFile,
        options.outFile ?? null,
        options.jsonFile ?? null,
        options.validatorsFile ?? null,
      ]),
    )
    .digest('hex');
  return join(cacheDir, `gen-tools-${id.slice(0, 16)}.json`);
}

function cacheKey(options: ResolvedOptions): string {
  // The validators module is ajv's standalone code: another ajv may write it differently.
  const ajv = options.validatorsFile !== undefined ? ajvPackage.version : null;
  return JSON.stringify([
    GEN_VERSION,
    CACHE_FORMAT,
    ajv,
    options.projectFile,
    options.outFile ?? null,
    options.jsonFile ?? null,
    options.validatorsFile ?? null,
    options.nameStyle,
    options.maxTools,
  ]);
}

/** The cached result, when there is one for these options and nothing it was made from has changed. */
export function readCache(file: string, options: ResolvedOptions): Analysis | undefined {
  let header: CacheHeader;
  let body: string;
  try {
    const text = readFileSync(file, 'utf8');
    const end = text.indexOf('\n');
    header = JSON.parse(end < 0 ? text : text.slice(0, end)) as CacheHeader;
    body = end < 0 ? '' : text.slice(end + 1);
  } catch {
    return undefined;
  }
  if (header.key !== cacheKey(options) || !header.inputs || !Array.isArray(header.outputs)) return undefined;
  if (!inputsUnchanged(header.inputs, outputsOf(options))) return undefined;
  let from = 0;
  const outputs = header.outputs.map(({ path, kind, length, blocks }) => {
    const text = body.slice(from, (from += length));
    return {
      path,
      kind,
      rendered: { text, blocks: blocks.map(([name, start, end]) => ({ name, text: text.slice(start, end), start })) },
    };
  });
  if (from !== body.length) return undefined;
  const json = outputs.find((output) => output.kind === 'json');
  const manifest = header.manifest ?? (json ? (JSON.parse(json.rendered.text) as Analysis['manifest']) : undefined);
  return manifest ? { manifest, diagnostics: header.diagnostics, outputs } : undefined;
}

/** Stores a result without errors; a cache that cannot be written is not a failure of the run. */
export function writeCache(file: string, options: ResolvedOptions, recorder: InputRecorder, analysis: Analysis): void {
  if (analysis.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return;
  const outputs: CacheHeader['outputs'] = [];
  for (const { path, kind, rendered } of analysis.outputs) {
    // Where each block starts was noted as the text was written (OutputWriter). Comparing the block texts with the
    // text again took 40 ms and more: a block built by concatenation is copied into one string first.
    const blocks = rendered.blocks.map(({ name, text, start }): [string, number, number] => [
      name,
      start,
      start + text.length,
    ]);
    outputs.push({ path, kind, length: rendered.text.length, blocks });
  }
  const hasJson = analysis.outputs.some((output) => output.kind === 'json');
  const header: CacheHeader = {
    key: cacheKey(options),
    inputs: recorder.toJSON(),
    ...(hasJson ? {} : { manifest: analysis.manifest }),
    diagnostics: analysis.diagnostics,
    outputs,
  };
  const text = [JSON.stringify(header), '\n', ...analysis.outputs.map((output) => output.rendered.text)].join('');
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFilesAtomically([{ path: file, text }]);
  } catch {
    // A read-only or missing folder: the next run reads the project again.
  }
}

export function outputsOf(options: ResolvedOptions): Set<string> {
  return new Set([options.outFile, options.jsonFile, options.validatorsFile].filter((file) => file !== undefined));
}
