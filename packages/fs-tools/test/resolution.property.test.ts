// Property tests on path resolution: whatever path the model sends, the sandbox answers with a place inside the
// root, or refuses with a SandboxError that names nothing outside it; and it agrees with the OS's own resolution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { FileTools, SandboxError } from '../src/index.js';
import { Sandbox } from '../src/sandbox.js';
import { makeFixture, snapshot, type Fixture } from './fixture.js';

let fixture: Fixture;
let sandbox: Sandbox;
beforeAll(() => {
  fixture = makeFixture();
  sandbox = new Sandbox(fixture.root);
});
afterAll(() => fixture.cleanup());

const segments = [
  'a',
  'sub',
  'deeper',
  'ok.txt',
  'file.txt',
  'leaf.txt',
  '..',
  '.',
  '',
  'inner',
  'inner-chain',
  'alias.txt',
  'mid',
  'dir',
  'chain1',
  'chain2',
  'chainfile',
  'dangling-dir',
  'dangling.txt',
  'last-link.txt',
  'relative-out.txt',
  'absolute-inside.txt',
  'via-root-link.txt',
  'data',
  'data-evil',
  'outside',
  'secret.txt',
  'x',
  'root-link',
];
const prefixes = (f: Fixture) => ['', '', '', '/', `${f.root}/`, `${f.base}/`, `${f.rootLink}/`, `${f.sibling}/`, './'];

const modelPath = () =>
  fc
    .tuple(fc.nat(8), fc.array(fc.constantFrom(...segments), { maxLength: 7 }))
    .map(([prefix, parts]) => `${prefixes(fixture)[prefix]}${parts.join('/')}`);
const anyPath = () => fc.oneof(modelPath(), fc.string(), fc.string({ unit: 'binary' }));

const inside = (absolute: string) => absolute === fixture.root || absolute.startsWith(fixture.root + sep);

function oracle(path: string): string | undefined {
  try {
    return realpathSync(resolve(fixture.root, path));
  } catch {
    return undefined;
  }
}

describe('path resolution properties', () => {
  it('reads resolve inside the root, agree with realpath, or are refused without naming the outside', async () => {
    await fc.assert(
      fc.asyncProperty(anyPath(), async (path) => {
        let result;
        try {
          result = await sandbox.resolve(path, 'read');
        } catch (error) {
          expect(error).toBeInstanceOf(SandboxError);
          expect((error as SandboxError).message).not.toContain(fixture.base);
          if (path.includes('\0')) expect((error as SandboxError).code).toBe('invalid_path');
          return;
        }
        expect(path.includes('\0')).toBe(false);
        const real = oracle(path);
        try {
          // The folder held open is the one its path names (and the OS agrees, through the descriptor).
          expect(realpathSync(`/proc/self/fd/${result.folder.handle.fd}`)).toBe(result.folder.path);
          if (result.exists) {
            const held = result.name === undefined ? result.folder.path : join(result.folder.path, result.name);
            expect(inside(held)).toBe(true);
            // No link is left in the answer, and it is the file the OS would open.
            expect(realpathSync(held)).toBe(held);
            expect(held).toBe(real);
          } else {
            expect(inside(result.folder.path)).toBe(true);
            expect(
              result.missing.every((name) => name !== '' && name !== '.' && name !== '..' && !name.includes('/')),
            ).toBe(true);
            expect(real).toBeUndefined();
          }
        } finally {
          await result.folder.close();
        }
      }),
      { numRuns: 600 },
    );
  });

  it('refuses every path whose real target lies outside the root', async () => {
    await fc.assert(
      fc.asyncProperty(modelPath(), async (path) => {
        const real = oracle(path);
        fc.pre(real !== undefined && !inside(real));
        await expect(sandbox.resolve(path, 'read')).rejects.toBeInstanceOf(SandboxError);
        await expect(sandbox.resolve(path, 'write')).rejects.toBeInstanceOf(SandboxError);
      }),
      { numRuns: 300 },
    );
  });

  it('normalises to components that stay normalised', () => {
    fc.assert(
      fc.property(anyPath(), (path) => {
        let parts: string[];
        try {
          parts = sandbox.components(path);
        } catch (error) {
          expect(error).toBeInstanceOf(SandboxError);
          return;
        }
        expect(parts.every((part) => part !== '' && part !== '.' && part !== '..')).toBe(true);
        expect(sandbox.components(parts.join('/'))).toEqual(parts);
        expect(inside(resolve(fixture.root, ...parts))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never changes anything outside the root, whatever is written where', async () => {
    const outsideBefore = { outside: snapshot(fixture.outside), sibling: snapshot(fixture.sibling) };
    const tools = new FileTools(fixture.root, { audit: false, rateLimit: false, backups: false });
    await fc.assert(
      fc.asyncProperty(
        modelPath(),
        fc.constantFrom<'overwrite' | 'append'>('overwrite', 'append'),
        async (path, mode) => {
          await tools.writeFile(path, 'written by the model\n', mode).catch((error: unknown) => {
            expect(error).toBeInstanceOf(SandboxError);
          });
        },
      ),
      { numRuns: 200 },
    );
    expect({ outside: snapshot(fixture.outside), sibling: snapshot(fixture.sibling) }).toEqual(outsideBefore);
  });
});
