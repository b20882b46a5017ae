// scripts/stale-build.mjs, which `node scripts/bootstrap.mjs` (build.mjs --stale) goes by: a package whose build is
// older than its sources is built again, gen's CLI bundle included, so that the bin never runs a bundle of code that
// has changed since (the bin loads the bundle and nothing else of dist/esm/cli).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_BUNDLE, isStale } from '../scripts/stale-build.mjs';

describe('a stale build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-stale-build-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** Writes a file of the package with the given modification time (seconds). */
  const write = (file: string, seconds: number) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '');
    utimesSync(join(dir, file), seconds, seconds);
  };

  it("is gen's when its CLI bundle is missing or older than a source, and only then", () => {
    write('package.json', 1_000);
    write('src/cli/main.ts', 2_000);
    write('dist/cjs/index.js', 3_000);
    expect(isStale(dir, 'gen')).toBe(true);
    expect(isStale(dir, 'core')).toBe(false);
    write(CLI_BUNDLE, 2_500);
    expect(isStale(dir, 'gen')).toBe(false);
    // A source edited after the bundle was made, dist/cjs still newer: the bundle alone is stale.
    write('src/shard/worker-file.cts', 2_600);
    expect(isStale(dir, 'gen')).toBe(true);
    write(CLI_BUNDLE, 2_700);
    expect(isStale(dir, 'gen')).toBe(false);
    write('package.json', 2_800);
    expect(isStale(dir, 'gen')).toBe(true);
  });
});
