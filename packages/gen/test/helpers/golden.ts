// What both golden runners (fixtures/* and fixtures/types-*) share: the diagnostics as the CLI prints them, and
// the comparison of each output with its golden file (or, with UPDATE_GOLDEN=1, the rewrite of that file).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { join } from 'node:path';
import { formatDiagnostic, generate, type GenerateOptions, type GenerateResult } from '@toolwright/gen';

export const updateGolden = process.env.UPDATE_GOLDEN === '1';

export type GoldenKind = 'json' | 'module' | 'diagnostics';

/** A fixture's golden files. */
export function goldenFiles(dir: string): Record<GoldenKind, string> {
  return {
    json: join(dir, 'expected.json'),
    module: join(dir, 'expected.generated.ts'),
    diagnostics: join(dir, 'expected-diagnostics.txt'),
  };
}

/** A fixture's `fixture.json` (its options), `{}` when it has none. */
export function fixtureOptions<T extends object>(dir: string): Partial<T> {
  const file = join(dir, 'fixture.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<T>) : {};
}

/** The diagnostics file's text: one CLI line each, paths relative to the fixture; undefined when there are none. */
export function diagnosticsText(result: GenerateResult, dir: string): string | undefined {
  return result.diagnostics.length
    ? `${result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, dir)).join('\n')}\n`
    : undefined;
}

/** Each output against its golden file; an output that is undefined must have no golden file. */
export function compareGolden(
  name: string,
  dir: string,
  files: Record<GoldenKind, string>,
  actual: Record<GoldenKind, string | undefined>,
): void {
  for (const key of ['json', 'module', 'diagnostics'] as const) {
    const file = files[key];
    if (updateGolden) {
      if (actual[key] === undefined) rmSync(file, { force: true });
      else writeFileSync(file, actual[key]);
    } else {
      expect(actual[key], `${name}/${file.slice(dir.length + 1)}`).toBe(
        existsSync(file) ? readFileSync(file, 'utf8') : undefined,
      );
    }
  }
}

/**
 * The fixture's generate() again with every lib of its tsconfig in the program, the DOM and web worker libs that gen
 * leaves out where no tool can reach them included (src/program/host-libs.ts): what it gives must not change.
 */
export async function expectSameWithHostLibs(options: GenerateOptions, result: GenerateResult): Promise<void> {
  process.env.TOOLWRIGHT_GEN_ALL_LIBS = '1';
  let withHostLibs: GenerateResult;
  try {
    withHostLibs = await generate(options);
  } finally {
    delete process.env.TOOLWRIGHT_GEN_ALL_LIBS;
  }
  expect(withHostLibs.diagnostics).toEqual(result.diagnostics);
  expect(withHostLibs.manifest).toEqual(result.manifest);
  expect(withHostLibs.outputs).toEqual(result.outputs);
}

/**
 * The fixture's generate() again with its files read in two shards (src/shard/; one after the other on this thread,
 * each shard's result passed through a structured clone as a worker's message is): what it gives must not change.
 */
export async function expectSameInShards(options: GenerateOptions, result: GenerateResult): Promise<void> {
  process.env.TOOLWRIGHT_GEN_SHARD_BYTES = '0';
  process.env.TOOLWRIGHT_GEN_SHARD_INLINE = '1';
  let sharded: GenerateResult;
  try {
    sharded = await generate({ ...options, threads: 2 });
  } finally {
    delete process.env.TOOLWRIGHT_GEN_SHARD_BYTES;
    delete process.env.TOOLWRIGHT_GEN_SHARD_INLINE;
  }
  expect(sharded.diagnostics).toEqual(result.diagnostics);
  expect(sharded.manifest).toEqual(result.manifest);
  expect(sharded.outputs).toEqual(result.outputs);
}
