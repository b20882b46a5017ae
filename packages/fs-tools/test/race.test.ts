// The check after open: a folder or file swapped between the walk and the open (by another process, here by the
// test itself at exactly that moment) is caught before anything is read or written.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { existsSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWrite, READ_FLAGS, writeAll } from '../src/atomic-write.js';
import { Sandbox } from '../src/sandbox.js';
import { makeFixture, refusal, type Fixture } from './fixture.js';

let fixture: Fixture;
let sandbox: Sandbox;
beforeEach(() => {
  fixture = makeFixture();
  sandbox = new Sandbox(fixture.root);
});
afterEach(() => fixture.cleanup());

it('refuses a read whose folder was swapped for a link to the outside after the walk', async () => {
  const found = await sandbox.resolve('sub/file.txt', 'read');
  if (!found.exists) throw new Error('fixture');
  writeFileSync(join(fixture.outside, 'dir', 'file.txt'), 'swapped in\n');
  renameSync(join(fixture.root, 'sub'), join(fixture.root, 'sub-moved'));
  symlinkSync(join(fixture.outside, 'dir'), join(fixture.root, 'sub'));
  const handle = await open(found.real, READ_FLAGS);
  try {
    const error = await refusal(sandbox.verifyOpened(handle, found, found.relative));
    expect(error.code).toBe('outside_root');
    expect(error.message).toBe('"sub/file.txt" changed while it was opened and now leads outside the root folder');
  } finally {
    await handle.close();
  }
});

it('refuses a read whose file was replaced after the walk', async () => {
  const found = await sandbox.resolve('ok.txt', 'read');
  if (!found.exists) throw new Error('fixture');
  writeFileSync(join(fixture.root, 'other.txt'), 'another file\n');
  renameSync(join(fixture.root, 'other.txt'), join(fixture.root, 'ok.txt'));
  const handle = await open(found.real, READ_FLAGS);
  try {
    expect((await refusal(sandbox.verifyOpened(handle, found, found.relative))).message).toBe('"ok.txt" changed while it was opened; try again');
  } finally {
    await handle.close();
  }
});

it('refuses a link swapped in at the last component before the open (O_NOFOLLOW)', async () => {
  const found = await sandbox.resolve('ok.txt', 'read');
  if (!found.exists) throw new Error('fixture');
  renameSync(join(fixture.root, 'ok.txt'), join(fixture.root, 'ok-moved.txt'));
  symlinkSync(join(fixture.outside, 'secret.txt'), join(fixture.root, 'ok.txt'));
  await expect(open(found.real, READ_FLAGS)).rejects.toMatchObject({ code: 'ELOOP' });
});

it('writes nothing when the folder of a write was swapped for a link to the outside', async () => {
  const target = await sandbox.resolve('sub/new.txt', 'write');
  if (target.exists) throw new Error('fixture');
  const folder = await sandbox.createParents(target);
  renameSync(join(fixture.root, 'sub'), join(fixture.root, 'sub-moved'));
  symlinkSync(join(fixture.outside, 'dir'), join(fixture.root, 'sub'));
  const before = readdirSync(join(fixture.outside, 'dir'));
  const error = await refusal(
    atomicWrite(folder, 'new.txt', {
      verify: (handle) => sandbox.verifyOpened(handle, { real: folder }, 'sub/new.txt'),
      fill: (handle) => writeAll(handle, Buffer.from('should never land\n')),
    }),
  );
  expect(error.code).toBe('outside_root');
  // The temporary file is removed again, and no target appears.
  expect(readdirSync(join(fixture.outside, 'dir'))).toEqual(before);
  expect(existsSync(join(fixture.outside, 'dir', 'new.txt'))).toBe(false);
});
