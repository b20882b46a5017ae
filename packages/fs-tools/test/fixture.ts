// A real folder tree with real symbolic links, made fresh for each test in os.tmpdir().
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  lstatSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SandboxError } from '../src/index.js';

export interface Fixture {
  /** The temporary folder that holds everything. */
  base: string;
  /** The sandbox root: `<base>/data`. */
  root: string;
  /** A folder next to the root that must never be touched: `<base>/outside`. */
  outside: string;
  /** `<base>/data-evil`, whose name starts with the root's. */
  sibling: string;
  /** `<base>/root-link`, a link to the root. */
  rootLink: string;
  cleanup(): void;
}

/**
 * ```
 * base/outside/secret.txt, outside/dir/inner.txt
 * base/data-evil/x
 * base/root-link -> data
 * base/data/ok.txt, sub/file.txt, sub/deeper/leaf.txt
 * base/data/last-link.txt -> <base>/outside/secret.txt        (absolute link, last component)
 * base/data/relative-out.txt -> ../outside/secret.txt          (relative link leading out)
 * base/data/mid -> ../outside                                 (folder link in the middle of a path)
 * base/data/chain1 -> chain2 -> chain3 -> <base>/outside        (chain of links)
 * base/data/chainfile -> chain1/secret.txt
 * base/data/dangling.txt -> <base>/outside/not-yet.txt        (target does not exist yet)
 * base/data/dangling-dir -> <base>/outside/not-yet-dir
 * base/data/alias.txt -> ok.txt, inner -> sub, inner-chain -> inner (links that stay inside)
 * base/data/absolute-inside.txt -> <base>/data/ok.txt
 * base/data/via-root-link.txt -> <base>/root-link/ok.txt
 * ```
 */
export function makeFixture(): Fixture {
  const base = mkdtempSync(join(tmpdir(), 'fs-tools-'));
  const root = join(base, 'data');
  const outside = join(base, 'outside');
  const sibling = join(base, 'data-evil');
  for (const dir of [root, join(root, 'sub/deeper'), join(outside, 'dir'), sibling])
    mkdirSync(dir, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), 'top secret\n');
  writeFileSync(join(outside, 'dir/inner.txt'), 'inner secret\n');
  writeFileSync(join(sibling, 'x'), 'evil sibling\n');
  writeFileSync(join(root, 'ok.txt'), 'one\ntwo\nthree\n');
  writeFileSync(join(root, 'sub/file.txt'), 'in sub\n');
  writeFileSync(join(root, 'sub/deeper/leaf.txt'), 'leaf\n');
  const link = (target: string, at: string) => symlinkSync(target, join(root, at));
  link(join(outside, 'secret.txt'), 'last-link.txt');
  link('../outside/secret.txt', 'relative-out.txt');
  link('../outside', 'mid');
  link('chain2', 'chain1');
  link('chain3', 'chain2');
  link(outside, 'chain3');
  link('chain1/secret.txt', 'chainfile');
  link(join(outside, 'not-yet.txt'), 'dangling.txt');
  link(join(outside, 'not-yet-dir'), 'dangling-dir');
  link('ok.txt', 'alias.txt');
  link('sub', 'inner');
  link('inner', 'inner-chain');
  link(join(root, 'ok.txt'), 'absolute-inside.txt');
  const rootLink = join(base, 'root-link');
  symlinkSync('data', rootLink);
  link(join(rootLink, 'ok.txt'), 'via-root-link.txt');
  return { base, root, outside, sibling, rootLink, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** Every entry under a folder with its content or link target: to prove that a refused call changed nothing. */
export function snapshot(dir: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (folder: string, prefix: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const key = `${prefix}${name}`;
      const stats = lstatSync(path);
      if (stats.isSymbolicLink()) result[key] = `-> ${readlinkSync(path)}`;
      else if (stats.isDirectory()) {
        result[`${key}/`] = 'dir';
        walk(path, `${key}/`);
      } else result[key] = readFileSync(path, 'utf8');
    }
  };
  walk(dir, '');
  return result;
}

/** Awaits a rejection that must be a SandboxError, and returns it for assertions on its code and message. */
export async function refusal(promise: Promise<unknown>): Promise<SandboxError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SandboxError);
  return error as SandboxError;
}
