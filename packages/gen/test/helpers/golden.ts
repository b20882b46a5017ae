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
 * The fixture's generate() again, each of two other ways, must give what it gave: with every lib of its tsconfig in
 * the program, the DOM and web worker libs that gen leaves out where no tool can reach them included
 * (src/program/host-libs.ts), and the ES libs beyond the base that it leaves out where the checker needs none
 * (src/program/es-libs.ts); and with its files read in two shards (src/shard/; one after the other on this thread,
 * each shard's result passed through a structured clone as a worker's message is).
 */
export async function expectSameOtherWays(options: GenerateOptions, result: GenerateResult): Promise<void> {
  for (const [env, more] of [
    [{ TOOLWRIGHT_GEN_ALL_LIBS: '1' }, {}],
    [{ TOOLWRIGHT_GEN_SHARD_BYTES: '0', TOOLWRIGHT_GEN_SHARD_INLINE: '1' }, { threads: 2 }],
  ] as const) {
    Object.assign(process.env, env);
    let again: GenerateResult;
    try {
      again = await generate({ ...options, ...more });
    } finally {
      for (const name of Object.keys(env)) delete process.env[name];
    }
    expect(again.diagnostics, Object.keys(env).join(', ')).toEqual(result.diagnostics);
    expect(again.manifest, Object.keys(env).join(', ')).toEqual(result.manifest);
    expect(again.outputs, Object.keys(env).join(', ')).toEqual(result.outputs);
  }
}
