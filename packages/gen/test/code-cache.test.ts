// The code cache of the compiler's code (src/program/code-cache.cts), on a small module in place of TypeScript's
// 9 MB: written at the first run's exit in a folder only its user can write to, used by the next run, a corrupt file
// replaced, and nothing read or written in a folder others can write to or with NODE_DISABLE_COMPILE_CACHE=1. Each
// run is a child process (the cache is written when a process exits). CI runs it on Nodes 20, 22 and 24: on 22.1+ it
// is gen's cache beside Node's own.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/temp-project.js';

const codeCache = join(repoRoot, 'packages/gen/src/program/code-cache.cts');
const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

describe('the code cache of the compiler', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-gen-code-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const library = join(dir, 'library.cjs');
  writeFileSync(library, 'let calls = 0;\nexports.answer = () => 40 + ++calls + 1;\n');

  /** A process that turns the cache on, loads the library through it and prints what it and `require` give. */
  function run(cacheRoot: string, env: NodeJS.ProcessEnv = {}) {
    const script = `
      const { enableCodeCache, requireCached } = require(${JSON.stringify(codeCache)});
      enableCodeCache();
      const cached = requireCached(${JSON.stringify(library)});
      console.log(JSON.stringify({ answer: cached.answer(), same: require(${JSON.stringify(library)}) === cached }));`;
    const child = spawnSync(process.execPath, ['--import', tsx, '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', NODE_DISABLE_COMPILE_CACHE: '', NODE_COMPILE_CACHE: cacheRoot, ...env },
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual({ answer: 42, same: true });
  }
  const files = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

  it('writes the code at the first exit, privately, and runs from it after; a corrupt file is replaced', () => {
    const root = join(dir, 'private');
    const folder = join(root, 'toolwright-gen');
    run(root);
    const [name] = files(folder);
    expect(files(folder)).toHaveLength(1);
    expect(name).toMatch(/^library\.cjs-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+-\d+-\d+\.v8$/);
    const cacheFile = join(folder, name!);
    if (process.platform !== 'win32') {
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
    }
    // Accepted by V8: the second run does not write it again.
    const accepted = () => {
      const before = statSync(cacheFile).mtimeMs;
      run(root);
      return statSync(cacheFile).mtimeMs === before;
    };
    expect(accepted()).toBe(true);
    // Garbage in its place: refused by V8, the module compiles from its source and the file is written anew.
    const garbage = Buffer.alloc(statSync(cacheFile).size, 7);
    writeFileSync(cacheFile, garbage);
    run(root);
    expect(readFileSync(cacheFile).equals(garbage)).toBe(false);
    expect(accepted()).toBe(true);
    expect(files(folder)).toEqual([name]);
  });

  it('keeps the newest eight files when it writes one (an upgrade leaves the old ones behind)', () => {
    const root = join(dir, 'crowded');
    const folder = join(root, 'toolwright-gen');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const old = Array.from({ length: 10 }, (_, index) => `typescript-v0.0.${index}-x64-1-1.v8`);
    old.forEach((name, index) => {
      writeFileSync(join(folder, name), 'stale');
      utimesSync(join(folder, name), 1_000_000 + index, 1_000_000 + index);
    });
    writeFileSync(join(folder, 'notes.txt'), 'not a cache file');
    run(root);
    const left = files(folder);
    expect(left.filter((name) => name.endsWith('.v8'))).toHaveLength(8);
    expect(left).toEqual(
      expect.arrayContaining([expect.stringContaining('library.cjs'), ...old.slice(-7), 'notes.txt']),
    );
  });

  it.skipIf(process.platform === 'win32')('never reads nor writes a folder that others can write to', () => {
    const root = join(dir, 'shared');
    const folder = join(root, 'toolwright-gen');
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    run(join(dir, 'probe'));
    const [name] = files(join(dir, 'probe/toolwright-gen'));
    // A file planted under the name the cache would read: left alone (a refused file would have been replaced).
    const planted = Buffer.alloc(1024, 7);
    writeFileSync(join(folder, name!), planted);
    run(root);
    expect(files(folder)).toEqual([name]);
    expect(readFileSync(join(folder, name!)).equals(planted)).toBe(true);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE=1', () => {
    const root = join(dir, 'disabled');
    run(root, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(existsSync(root)).toBe(false);
  });
});
