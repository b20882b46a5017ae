// Check and use are one: every name is opened relative to a folder held open since it was checked (folder.ts), so a
// folder swapped for a link between the walk and the use (by another process; here by the test at that moment)
// changes nothing, and a folder moved out of the root is caught before anything is written into it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWrite, READ_FLAGS, writeAll } from '../src/atomic-write.js';
import { FileTools } from '../src/index.js';
import { Sandbox, type Found } from '../src/sandbox.js';
import { makeFixture, refusal, type Fixture } from './fixture.js';

let fixture: Fixture;
let sandbox: Sandbox;
const held: Found['folder'][] = [];
beforeEach(() => {
  fixture = makeFixture();
  sandbox = new Sandbox(fixture.root);
});
afterEach(async () => {
  for (const folder of held.splice(0)) await folder.close();
  fixture.cleanup();
});

async function found(path: string): Promise<Found & { name: string }> {
  const resolution = await sandbox.resolve(path, 'read');
  held.push(resolution.folder);
  if (!resolution.exists || resolution.name === undefined) throw new Error(`fixture: ${path}`);
  return resolution as Found & { name: string };
}

function swapForOutsideLink(name: string): void {
  renameSync(join(fixture.root, name), join(fixture.root, `${name}-moved`));
  symlinkSync(join(fixture.outside, 'dir'), join(fixture.root, name));
}

it('reads the checked file when its folder was swapped for a link to the outside after the walk', async () => {
  const file = await found('sub/file.txt');
  writeFileSync(join(fixture.outside, 'dir', 'file.txt'), 'swapped in\n');
  swapForOutsideLink('sub');
  const handle = await open(file.folder.at(file.name), READ_FLAGS);
  try {
    await sandbox.verifyOpened(handle, file, file.relative);
    expect((await handle.readFile()).toString()).toBe('in sub\n');
  } finally {
    await handle.close();
  }
});

it('refuses a read whose file was replaced after the walk', async () => {
  const file = await found('ok.txt');
  writeFileSync(join(fixture.root, 'other.txt'), 'another file\n');
  renameSync(join(fixture.root, 'other.txt'), join(fixture.root, 'ok.txt'));
  const handle = await open(file.folder.at(file.name), READ_FLAGS);
  try {
    const error = await refusal(sandbox.verifyOpened(handle, file, file.relative));
    expect(error.message).toBe('"ok.txt" changed while it was opened; try again');
  } finally {
    await handle.close();
  }
});

it('refuses a link swapped in at the last component before the open (O_NOFOLLOW)', async () => {
  const file = await found('ok.txt');
  renameSync(join(fixture.root, 'ok.txt'), join(fixture.root, 'ok-moved.txt'));
  symlinkSync(join(fixture.outside, 'secret.txt'), join(fixture.root, 'ok.txt'));
  await expect(open(file.folder.at(file.name), READ_FLAGS)).rejects.toMatchObject({ code: 'ELOOP' });
});

it('writes into the checked folder when it was swapped for a link to the outside', async () => {
  const target = await sandbox.resolve('sub/new.txt', 'write');
  if (target.exists) throw new Error('fixture');
  const folder = await sandbox.createParents(target);
  held.push(folder);
  swapForOutsideLink('sub');
  const before = readdirSync(join(fixture.outside, 'dir'));
  await atomicWrite(folder, 'new.txt', {
    verify: (handle) => sandbox.verifyOpened(handle, {}, 'sub/new.txt'),
    fill: (handle) => writeAll(handle, Buffer.from('landed inside\n')),
  });
  expect(readdirSync(join(fixture.outside, 'dir'))).toEqual(before);
  expect(readFileSync(join(fixture.root, 'sub-moved', 'new.txt'), 'utf8')).toBe('landed inside\n');
});

it('writes nothing into a folder that was moved out of the root after it was opened', async () => {
  const target = await sandbox.resolve('sub/new.txt', 'write');
  if (target.exists) throw new Error('fixture');
  const folder = await sandbox.createParents(target);
  held.push(folder);
  renameSync(join(fixture.root, 'sub'), join(fixture.outside, 'sub'));
  const error = await refusal(
    atomicWrite(folder, 'new.txt', {
      verify: (handle) => sandbox.verifyOpened(handle, {}, 'sub/new.txt'),
      fill: (handle) => writeAll(handle, Buffer.from('should never land\n')),
    }),
  );
  expect(error.code).toBe('outside_root');
  // The temporary file is removed again, and no target appears.
  expect(readdirSync(join(fixture.outside, 'sub')).sort()).toEqual(['deeper', 'file.txt']);
  expect(existsSync(join(fixture.outside, 'sub', 'new.txt'))).toBe(false);
});

it('closes every folder and file it opens, on answers and on refusals alike', async () => {
  const tools = new FileTools(fixture.root, { audit: false, rateLimit: false, maxReadBytes: 8 });
  const calls = () => [
    tools.listFiles('.', '**'),
    tools.listFiles('sub'),
    tools.listFiles('mid'),
    tools.listFiles('.', '!(x)'),
    tools.readFile('sub/file.txt', 1, 1),
    tools.readFile('ok.txt'),
    tools.readFile('chainfile'),
    tools.readFile('missing/file.txt'),
    tools.writeFile('sub/deeper/new.txt', 'new\n'),
    tools.writeFile('sub/file.txt', 'changed\n'),
    tools.writeFile('last-link.txt', 'no'),
    tools.writeFile('ok.txt/x', 'no'),
  ];
  await Promise.allSettled(calls());
  const before = readdirSync('/proc/self/fd').length;
  for (let i = 0; i < 5; i++) await Promise.allSettled(calls());
  expect(readdirSync('/proc/self/fd').length).toBe(before);
});

it('names things by the walked path where there is no /proc (the fallback), and still refuses links out', async () => {
  const plain = new Sandbox(fixture.root, { byHandle: false });
  const file = await plain.resolve('inner/deeper/leaf.txt', 'read');
  held.push(file.folder);
  if (!file.exists || file.name === undefined) throw new Error('fixture');
  expect(file.folder.at(file.name)).toBe(join(fixture.root, 'sub', 'deeper', 'leaf.txt'));
  expect(readFileSync(file.folder.at(file.name), 'utf8')).toBe('leaf\n');
  expect((await refusal(plain.resolve('mid/secret.txt', 'read'))).code).toBe('outside_root');
});
