// What gen-tools prints for an internal error (a bug of gen's, never the user's): the error's stack, where the frames
// in the CLI's bundle (dist/esm/cli.bundle.cjs, one script of 15,000 lines) name the source file, line and column
// they come from, read from the bundle's source map. Node would map them only under --enable-source-maps, and not
// for a script compiled from the code cache (code-cache.cts) at all. Read only when such an error happens.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';

/**
 * A frame's place in a bundle, `<file>.bundle.cjs:<line>:<column>`, after `(` or after `at ` or `at async ` (a frame
 * without a function name), so that a folder's name may hold spaces.
 */
const BUNDLE_FRAME = /(?<=\(|\bat (?:async )?)(?!async )([^()\n]+?\.bundle\.cjs):(\d+):(\d+)/g;

/** The text after `gen-tools: internal error: ` for what was thrown. */
export function internalErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.stack ? mapBundleFrames(error.stack) : error.message;
}

/** A stack with each frame in a bundle that has a source map replaced by its place in the sources. */
export function mapBundleFrames(stack: string): string {
  const maps = new Map<string, SourceMap | undefined>();
  return stack.replace(BUNDLE_FRAME, (frame, file: string, line: string, column: string) => {
    if (!maps.has(file)) maps.set(file, readMap(file));
    const entry = maps.get(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return frame;
    // gen's own sources are paths from the bundle's folder; other packages' code is named by package.
    const source = entry.originalSource.startsWith('.')
      ? resolve(dirname(file), entry.originalSource)
      : entry.originalSource;
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

function readMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  } catch {
    return undefined; // no map beside it (or not one): the frame stays as V8 gave it
  }
}
