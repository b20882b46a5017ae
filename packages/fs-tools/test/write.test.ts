import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileTools, type FileToolsOptions, type WriteRequest } from '../src/index.js';
import { makeFixture, snapshot, type Fixture, refusal } from './fixture.js';

let fixture: Fixture;
let now: number;
const clock = () => now;
beforeEach(() => {
  fixture = makeFixture();
  now = Date.UTC(2026, 10, 21, 23, 44, 19, 123);
});
afterEach(() => fixture.cleanup());

const make = (options: FileToolsOptions = {}) =>
  new FileTools(fixture.root, { audit: false, rateLimit: false, clock, ...options });
const read = (path: string) => readFileSync(join(fixture.root, path), 'utf8');

/** Every name in the tree whose name marks it as a temporary file of an atomic write. */
function temporaries(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'));
}

describe('write_file', () => {
  it('overwrites a file, keeps the old version as a backup, and confirms the bytes written', async () => {
    const tools = make();
    const result = await tools.writeFile('ok.txt', 'héllo\n');
    expect(result).toEqual({ path: 'ok.txt', mode: 'overwrite', bytesWritten: 7, created: false, backedUp: true });
    expect(read('ok.txt')).toBe('héllo\n');
    expect(readdirSync(join(fixture.root, '.fs-tools-backups'))).toEqual(['ok.txt.20261121T234419123Z.bak']);
    expect(read('.fs-tools-backups/ok.txt.20261121T234419123Z.bak')).toBe('one\ntwo\nthree\n');
    expect(temporaries(fixture.root)).toEqual([]);
  });

  it('creates a file and its missing folders inside the root', async () => {
    const result = await make().writeFile('new/deep/er/file.md', '# title\n');
    expect(result).toEqual({
      path: 'new/deep/er/file.md',
      mode: 'overwrite',
      bytesWritten: 8,
      created: true,
      backedUp: false,
    });
    expect(read('new/deep/er/file.md')).toBe('# title\n');
  });

  it('appends to a file, or creates it', async () => {
    const tools = make();
    expect(await tools.writeFile('ok.txt', 'four\n', 'append')).toMatchObject({
      bytesWritten: 5,
      created: false,
      backedUp: false,
    });
    expect(read('ok.txt')).toBe('one\ntwo\nthree\nfour\n');
    expect(await tools.writeFile('log/new.log', 'first\n', 'append')).toMatchObject({ created: true });
    expect(read('log/new.log')).toBe('first\n');
  });

  it('keeps the file mode across a replacement', async () => {
    chmodSync(join(fixture.root, 'ok.txt'), 0o640);
    await make().writeFile('ok.txt', 'x');
    expect(statSync(join(fixture.root, 'ok.txt')).mode & 0o777).toBe(0o640);
  });

  it('keeps only the newest backups per file (5 by default, configurable)', async () => {
    const tools = make({ backups: { keep: 2 } });
    for (let i = 1; i <= 4; i++) {
      now += 1000;
      await tools.writeFile('sub/file.txt', `version ${i}\n`);
    }
    const folder = join(fixture.root, '.fs-tools-backups/sub');
    const kept = readdirSync(folder).sort();
    expect(kept).toHaveLength(2);
    expect(kept.map((name) => readFileSync(join(folder, name), 'utf8'))).toEqual(['version 2\n', 'version 3\n']);
  });

  it('names backups made in the same millisecond apart', async () => {
    const tools = make();
    await tools.writeFile('ok.txt', 'a');
    await tools.writeFile('ok.txt', 'b');
    await tools.writeFile('ok.txt', 'c');
    const folder = join(fixture.root, '.fs-tools-backups');
    expect(readdirSync(folder).sort()).toEqual([
      'ok.txt.20261121T234419123Z.bak',
      'ok.txt.20261121T234419123Z_001.bak',
      'ok.txt.20261121T234419123Z_002.bak',
    ]);
    expect(readFileSync(join(folder, 'ok.txt.20261121T234419123Z_002.bak'), 'utf8')).toBe('b');
  });

  it('puts backups in a folder outside the root when told, and none when backups are off', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'fs-tools-backups-'));
    try {
      await make({ backups: { dir: elsewhere } }).writeFile('sub/file.txt', 'new');
      expect(readdirSync(join(elsewhere, 'sub'))).toEqual(['file.txt.20261121T234419123Z.bak']);
      await make({ backups: false }).writeFile('ok.txt', 'new');
      expect(existsSync(join(fixture.root, '.fs-tools-backups'))).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('protects a backup folder inside the root from writes and hides it from listings', async () => {
    const tools = make({ backups: { dir: 'history' } });
    await tools.writeFile('ok.txt', 'new');
    expect((await refusal(tools.writeFile('history/ok.txt.20261121T234419123Z.bak', 'forged'))).code).toBe('protected');
    expect((await refusal(tools.writeFile('history', 'x'))).code).toBe('protected');
    expect((await tools.listFiles()).paths).not.toContain('history/');
    expect((await tools.listFiles('.', '**')).paths.some((path) => path.startsWith('history'))).toBe(false);
    // Listed and read on purpose, the backups can be restored.
    expect((await tools.listFiles('history')).paths).toEqual(['history/ok.txt.20261121T234419123Z.bak']);
    expect(await tools.readFile('history/ok.txt.20261121T234419123Z.bak')).toBe('one\ntwo\nthree\n');
  });

  it('never writes through a link at the last component, even one that stays inside', async () => {
    const tools = make();
    const before = snapshot(fixture.root);
    expect((await refusal(tools.writeFile('alias.txt', 'x'))).code).toBe('symlink');
    expect((await refusal(tools.writeFile('alias.txt', 'x', 'append'))).code).toBe('symlink');
    symlinkSync('not-there-yet.txt', join(fixture.root, 'dangling-inside.txt'));
    expect((await refusal(tools.writeFile('dangling-inside.txt', 'x'))).code).toBe('symlink');
    expect(existsSync(join(fixture.root, 'not-there-yet.txt'))).toBe(false);
    expect(snapshot(fixture.root)).toEqual({ ...before, 'dangling-inside.txt': '-> not-there-yet.txt' });
  });

  it('writes through a linked folder that stays inside the root', async () => {
    await make().writeFile('inner/via-link.txt', 'through the link');
    expect(read('sub/via-link.txt')).toBe('through the link');
  });

  it('refuses folders, the root, paths through a file, and oversized content', async () => {
    const tools = make({ maxWriteBytes: 20 });
    expect((await refusal(tools.writeFile('sub', 'x'))).code).toBe('not_a_file');
    expect((await refusal(tools.writeFile('.', 'x'))).code).toBe('not_a_file');
    expect((await refusal(tools.writeFile('new-folder/', 'x'))).message).toBe(
      '"new-folder/" ends with a slash: give the path of a file',
    );
    expect(existsSync(join(fixture.root, 'new-folder'))).toBe(false);
    expect((await refusal(tools.writeFile('ok.txt/x', 'x'))).code).toBe('not_a_directory');
    expect((await refusal(tools.writeFile('big.txt', 'x'.repeat(21)))).code).toBe('too_large');
    // 14 bytes already there + 7 appended = 21.
    expect((await refusal(tools.writeFile('ok.txt', '1234567', 'append'))).message).toBe(
      'writing "ok.txt" would make it 21 bytes; the limit is 20 bytes',
    );
    expect(read('ok.txt')).toBe('one\ntwo\nthree\n');
  });

  it('refuses arguments of the wrong type', async () => {
    const tools = make();
    expect((await refusal(tools.writeFile('a.txt', 5 as unknown as string))).code).toBe('invalid_argument');
    expect((await refusal(tools.writeFile('a.txt', 'x', 'prepend' as 'append'))).code).toBe('invalid_argument');
  });

  it('asks the confirmation hook, and a denial writes nothing', async () => {
    const requests: WriteRequest[] = [];
    const answers = [false, true];
    const tools = make({
      confirmWrite: (request) => {
        requests.push(request);
        return answers.shift() ?? false;
      },
    });
    const denied = await refusal(tools.writeFile('new/folder/a.txt', 'hello'));
    expect(denied.code).toBe('denied');
    expect(denied.message).toBe('the write to "new/folder/a.txt" was not approved');
    expect(existsSync(join(fixture.root, 'new'))).toBe(false);
    await tools.writeFile('ok.txt', 'hello', 'append');
    expect(requests).toEqual([
      { tool: 'write_file', path: 'new/folder/a.txt', mode: 'overwrite', content: 'hello', bytes: 5, exists: false },
      { tool: 'write_file', path: 'ok.txt', mode: 'append', content: 'hello', bytes: 5, exists: true },
    ]);
    const failing = make({ confirmWrite: async () => Promise.reject(new Error('hook down')) });
    expect((await refusal(failing.writeFile('b.txt', 'x'))).code).toBe('denied');
  });

  it('refuses every write when read-only', async () => {
    expect((await refusal(make({ readOnly: true }).writeFile('a.txt', 'x'))).code).toBe('denied');
  });

  it('refuses to overwrite a file too large to back up (a sparse file counts whole), and says what to do', async () => {
    const small = make({ backups: { maxBytes: 10 } });
    const error = await refusal(small.writeFile('ok.txt', 'new'));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe(
      '"ok.txt" is 14 bytes, over the backup limit of 10 bytes, so overwriting it would lose its content for good; ' +
        'write to a new file instead, or ask for the backup limit to be raised',
    );
    expect(read('ok.txt')).toBe('one\ntwo\nthree\n');
    expect(existsSync(join(fixture.root, '.fs-tools-backups'))).toBe(false);
    // Appending keeps the old content, so it needs no backup; a new file neither.
    await small.writeFile('ok.txt', 'four\n', 'append');
    await small.writeFile('fresh.txt', 'x'.repeat(50));
    // 2 GiB that take no space on disk: refused at once under the default limit (16 MiB), not copied.
    const sparse = join(fixture.root, 'sparse.bin');
    writeFileSync(sparse, '');
    truncateSync(sparse, 2 * 1024 ** 3);
    const refused = await refusal(make().writeFile('sparse.bin', 'x'));
    expect(refused.message).toMatch(/^"sparse.bin" is 2147483648 bytes, over the backup limit of 16777216 bytes/);
    expect(statSync(sparse).size).toBe(2 * 1024 ** 3);
    expect(existsSync(join(fixture.root, '.fs-tools-backups'))).toBe(false);
    expect((await make({ backups: false }).writeFile('sparse.bin', 'x')).backedUp).toBe(false);
    expect(() => make({ backups: { maxBytes: -1 } })).toThrow('backups.maxBytes must be a whole number >= 0');
  });

  it('answers with a clean message, without absolute paths, when the file system refuses', async () => {
    const name = `${'n'.repeat(300)}.txt`;
    const error = await refusal(make().writeFile(`sub/${name}`, 'x'));
    expect(error.code).toBe('invalid_path');
    expect(error.message).toBe(`"sub/${name}" is too long a name`);
    expect(error.message).not.toContain(fixture.base);
  });
});

describe('write_file atomicity', () => {
  it('leaves the old file whole when the write fails before the rename', async () => {
    writeFileSync(join(fixture.root, 'ok.txt'), 'old content\n');
    const tools = make({ backups: { dir: join(fixture.root, 'ok.txt', 'cannot-be-a-folder') } });
    const error = await refusal(tools.writeFile('ok.txt', 'new content\n'));
    expect(error.code).toBe('not_a_directory');
    expect(read('ok.txt')).toBe('old content\n');
    expect(temporaries(fixture.root)).toEqual([]);
  });
});
