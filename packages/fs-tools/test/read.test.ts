import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkfifoSync } from './mkfifo.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileTools } from '../src/index.js';
import { makeFixture, refusal, type Fixture } from './fixture.js';

let fixture: Fixture;
let tools: FileTools;
beforeEach(() => {
  fixture = makeFixture();
  tools = new FileTools(fixture.root, { audit: false, rateLimit: false });
});
afterEach(() => fixture.cleanup());

describe('read_file', () => {
  it('returns the text of a file, by relative or absolute path inside the root', async () => {
    expect(await tools.readFile('ok.txt')).toBe('one\ntwo\nthree\n');
    expect(await tools.readFile('sub/deeper/leaf.txt')).toBe('leaf\n');
    expect(await tools.readFile(join(fixture.root, 'sub/file.txt'))).toBe('in sub\n');
    expect(await tools.readFile('./sub/../ok.txt')).toBe('one\ntwo\nthree\n');
  });

  it('follows links that stay inside the root: to a file, to a folder, chained, absolute', async () => {
    for (const path of ['alias.txt', 'absolute-inside.txt'])
      expect(await tools.readFile(path)).toBe('one\ntwo\nthree\n');
    expect(await tools.readFile('inner/file.txt')).toBe('in sub\n');
    expect(await tools.readFile('inner-chain/deeper/leaf.txt')).toBe('leaf\n');
  });

  it('treats the root as given (a link) and its real path alike, and no other path to it', async () => {
    const viaLink = new FileTools(fixture.rootLink, { audit: false });
    expect(viaLink.root).toBe(fixture.root);
    expect(await viaLink.readFile('ok.txt')).toBe('one\ntwo\nthree\n');
    expect(await viaLink.readFile(join(fixture.rootLink, 'sub/file.txt'))).toBe('in sub\n');
    expect(await viaLink.readFile(join(fixture.root, 'sub/file.txt'))).toBe('in sub\n');
    // An absolute link target through the root's link is the root itself when the tools were given that link...
    expect(await viaLink.readFile('via-root-link.txt')).toBe('one\ntwo\nthree\n');
    // ...and a hop through a link outside the root otherwise.
    expect((await refusal(tools.readFile('via-root-link.txt'))).code).toBe('outside_root');
    expect((await refusal(tools.readFile(join(fixture.rootLink, 'ok.txt')))).code).toBe('outside_root');
  });

  it('resolves relative paths against the root, never the process working directory', async () => {
    const cwd = process.cwd();
    process.chdir(fixture.outside);
    try {
      expect(await tools.readFile('ok.txt')).toBe('one\ntwo\nthree\n');
      expect((await refusal(tools.readFile('secret.txt'))).code).toBe('not_found');
    } finally {
      process.chdir(cwd);
    }
  });

  it('returns a line range, 1-based and inclusive', async () => {
    expect(await tools.readFile('ok.txt', 2, 3)).toBe('two\nthree\n');
    expect(await tools.readFile('ok.txt', 2)).toBe('two\nthree\n');
    expect(await tools.readFile('ok.txt', undefined, 1)).toBe('one\n');
    expect(await tools.readFile('ok.txt', 3, 99)).toBe('three\n');
    writeFileSync(join(fixture.root, 'no-newline.txt'), 'a\nb');
    expect(await tools.readFile('no-newline.txt', 2, 2)).toBe('b');
  });

  it('refuses bad line ranges with a message that says why', async () => {
    expect((await refusal(tools.readFile('ok.txt', 4))).message).toBe(
      'startLine 4 is past the end of "ok.txt", which has 3 lines',
    );
    expect((await refusal(tools.readFile('ok.txt', 3, 2))).code).toBe('invalid_argument');
    expect((await refusal(tools.readFile('ok.txt', 0))).code).toBe('invalid_argument');
    expect((await refusal(tools.readFile('ok.txt', 1.5))).code).toBe('invalid_argument');
  });

  it('refuses binary files: NUL bytes and invalid UTF-8', async () => {
    writeFileSync(join(fixture.root, 'nul.bin'), Buffer.from([0x41, 0x00, 0x42]));
    writeFileSync(join(fixture.root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    for (const path of ['nul.bin', 'latin1.txt']) expect((await refusal(tools.readFile(path))).code).toBe('binary');
  });

  it('reads UTF-8 text, multi-byte characters included', async () => {
    writeFileSync(join(fixture.root, 'utf8.txt'), 'héllo — 日本 🎉\n');
    expect(await tools.readFile('utf8.txt')).toBe('héllo — 日本 🎉\n');
  });

  it('refuses files over the size limit (1 MiB by default, configurable)', async () => {
    writeFileSync(join(fixture.root, 'big.txt'), 'x'.repeat(1024 * 1024 + 1));
    expect((await refusal(tools.readFile('big.txt'))).code).toBe('too_large');
    writeFileSync(join(fixture.root, 'exact.txt'), 'x'.repeat(1024 * 1024));
    expect((await tools.readFile('exact.txt')).length).toBe(1024 * 1024);
    const small = new FileTools(fixture.root, { audit: false, maxReadBytes: 10 });
    expect((await refusal(small.readFile('ok.txt'))).code).toBe('too_large');
    expect(await small.readFile('sub/file.txt')).toBe('in sub\n');
  });

  it('refuses folders, missing files, special files and paths through a file', async () => {
    expect((await refusal(tools.readFile('sub'))).code).toBe('not_a_file');
    expect((await refusal(tools.readFile('.'))).code).toBe('not_a_file');
    expect((await refusal(tools.readFile('missing.txt'))).message).toBe('"missing.txt" does not exist');
    expect((await refusal(tools.readFile('ok.txt/x'))).code).toBe('not_a_directory');
    mkfifoSync(join(fixture.root, 'pipe'));
    expect((await refusal(tools.readFile('pipe'))).code).toBe('not_a_file');
  });

  it('refuses a path that is not a string', async () => {
    expect((await refusal(tools.readFile(42 as unknown as string))).code).toBe('invalid_argument');
  });

  it('refuses a loop of links', async () => {
    const { symlinkSync } = await import('node:fs');
    symlinkSync('loop-b', join(fixture.root, 'loop-a'));
    symlinkSync('loop-a', join(fixture.root, 'loop-b'));
    const error = await refusal(tools.readFile('loop-a'));
    expect(error.code).toBe('symlink');
    expect(error.message).toContain('too many levels');
  });
});
