// Each refusal of the sandbox, run against each operation: read, write (onto what is there), list, and create
// (a new file, with new folders where the path has them). A refused call must change nothing anywhere and must
// not name anything outside the root.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FileTools, SandboxError, type SandboxErrorCode } from '../src/index.js';
import { makeFixture, snapshot, type Fixture } from './fixture.js';

type Operation = 'read' | 'write' | 'list' | 'create';
interface Case {
  name: string;
  /** The path per operation; a function of the fixture where it is absolute. */
  paths: Record<Operation, string | ((f: Fixture) => string)>;
  code: Record<Operation, SandboxErrorCode>;
}

const all = (code: SandboxErrorCode): Record<Operation, SandboxErrorCode> => ({
  read: code,
  write: code,
  list: code,
  create: code,
});

const cases: Case[] = [
  {
    name: 'an absolute path outside the root',
    paths: {
      read: (f) => join(f.outside, 'secret.txt'),
      write: (f) => join(f.outside, 'secret.txt'),
      list: (f) => f.outside,
      create: (f) => join(f.outside, 'new/new.txt'),
    },
    code: all('outside_root'),
  },
  {
    name: 'a .. escape',
    paths: {
      read: '../outside/secret.txt',
      write: 'sub/../../outside/secret.txt',
      list: '..',
      create: '../outside/new/new.txt',
    },
    code: all('outside_root'),
  },
  {
    name: 'a NUL byte',
    paths: { read: 'ok.txt\0', write: 'ok.txt\0.bak', list: 'sub\0', create: 'new\0/x.txt' },
    code: all('invalid_path'),
  },
  {
    name: "a sibling folder whose name starts with the root's (relative)",
    paths: { read: '../data-evil/x', write: '../data-evil/x', list: '../data-evil', create: '../data-evil/new.txt' },
    code: all('outside_root'),
  },
  {
    name: "a sibling folder whose name starts with the root's (absolute)",
    paths: {
      read: (f) => join(f.sibling, 'x'),
      write: (f) => join(f.sibling, 'x'),
      list: (f) => f.sibling,
      create: (f) => join(f.sibling, 'new/new.txt'),
    },
    code: all('outside_root'),
  },
  {
    name: 'a link leading outside as the last component',
    paths: { read: 'last-link.txt', write: 'relative-out.txt', list: 'mid', create: 'dangling.txt' },
    code: { read: 'outside_root', write: 'symlink', list: 'outside_root', create: 'symlink' },
  },
  {
    name: 'a link to an outside folder in the middle of the path',
    paths: { read: 'mid/secret.txt', write: 'mid/secret.txt', list: 'mid/dir', create: 'mid/newdir/new.txt' },
    code: all('outside_root'),
  },
  {
    name: 'a chain of links leading outside',
    paths: { read: 'chainfile', write: 'chain1/secret.txt', list: 'chain1', create: 'chain1/new.txt' },
    code: { read: 'outside_root', write: 'outside_root', list: 'outside_root', create: 'outside_root' },
  },
  {
    name: 'a dangling link whose target does not exist yet',
    paths: {
      read: 'dangling.txt',
      write: 'dangling-dir/not-yet.txt',
      list: 'dangling-dir',
      create: 'dangling-dir/sub/new.txt',
    },
    code: all('outside_root'),
  },
];

let fixture: Fixture;
beforeEach(() => {
  fixture = makeFixture();
});
afterEach(() => fixture.cleanup());

function run(tools: FileTools, operation: Operation, path: string): Promise<unknown> {
  switch (operation) {
    case 'read':
      return tools.readFile(path);
    case 'list':
      return tools.listFiles(path);
    case 'write':
      return tools.writeFile(path, 'overwritten by the model\n');
    case 'create':
      return tools.writeFile(path, 'created by the model\n');
  }
}

for (const rootKind of ['the root', 'a root that is itself a link'] as const) {
  describe(`refusals, with ${rootKind}`, () => {
    for (const refusal of cases) {
      describe(refusal.name, () => {
        it.each(['read', 'write', 'list', 'create'] as const)(
          '%s is refused and nothing changes',
          async (operation) => {
            const tools = new FileTools(rootKind === 'the root' ? fixture.root : fixture.rootLink, {
              audit: false,
              rateLimit: false,
            });
            const spec = refusal.paths[operation];
            const path = typeof spec === 'function' ? spec(fixture) : spec;
            const before = snapshot(fixture.base);
            const error = await run(tools, operation, path).then(
              () => undefined,
              (caught: unknown) => caught,
            );
            expect(error).toBeInstanceOf(SandboxError);
            expect((error as SandboxError).code).toBe(refusal.code[operation]);
            expect((error as SandboxError).message).not.toContain(fixture.base);
            expect(snapshot(fixture.base)).toEqual(before);
          },
        );
      });
    }
  });
}

describe('listing hides what leads outside', () => {
  it('leaves out links that lead outside, dangling links and chains, at every depth', async () => {
    const tools = new FileTools(fixture.root, { audit: false });
    const top = await tools.listFiles();
    for (const hidden of [
      'last-link.txt',
      'relative-out.txt',
      'mid/',
      'chain1/',
      'chain2/',
      'chain3/',
      'chainfile',
      'dangling.txt',
      'dangling-dir/',
    ]) {
      expect(top.paths).not.toContain(hidden);
      expect(top.paths).not.toContain(hidden.replace(/\/$/, ''));
    }
    const deep = await tools.listFiles('.', '**');
    expect(deep.paths.some((path) => path.includes('secret') || path.includes('inner.txt'))).toBe(false);
  });
});
