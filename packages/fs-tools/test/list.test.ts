import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileTools } from '../src/index.js';
import { mkfifoSync } from './mkfifo.js';
import { makeFixture, refusal, type Fixture } from './fixture.js';

let fixture: Fixture;
let tools: FileTools;
beforeEach(() => {
  fixture = makeFixture();
  tools = new FileTools(fixture.root, { audit: false, rateLimit: false });
});
afterEach(() => fixture.cleanup());

describe('list_files', () => {
  it(
    'lists the direct entries of the root, sorted, folders with a slash; ' + 'inside links as what they lead to',
    async () => {
      expect(await tools.listFiles()).toEqual({
        paths: ['absolute-inside.txt', 'alias.txt', 'inner/', 'inner-chain/', 'ok.txt', 'sub/'],
        truncated: false,
      });
    },
  );

  it('lists a sub-folder with root-relative paths', async () => {
    expect(await tools.listFiles('sub')).toEqual({ paths: ['sub/deeper/', 'sub/file.txt'], truncated: false });
    expect(await tools.listFiles(join(fixture.root, 'sub/deeper'))).toEqual({
      paths: ['sub/deeper/leaf.txt'],
      truncated: false,
    });
  });

  it('lists a folder reached through an inside link under its real path', async () => {
    expect((await tools.listFiles('inner')).paths).toEqual(['sub/deeper/', 'sub/file.txt']);
  });

  it('matches glob patterns against paths relative to the listed folder, at any depth', async () => {
    writeFileSync(join(fixture.root, 'sub/deeper/code.ts'), '');
    writeFileSync(join(fixture.root, 'top.ts'), '');
    expect((await tools.listFiles('.', '**/*.ts')).paths).toEqual(['sub/deeper/code.ts', 'top.ts']);
    expect((await tools.listFiles('.', '*.ts')).paths).toEqual(['top.ts']);
    expect((await tools.listFiles('sub', '**/*.ts')).paths).toEqual(['sub/deeper/code.ts']);
    expect((await tools.listFiles('sub', 'deeper/*')).paths).toEqual(['sub/deeper/code.ts', 'sub/deeper/leaf.txt']);
    expect((await tools.listFiles('.', '**/*.{ts,txt}')).paths).toEqual([
      'absolute-inside.txt',
      'alias.txt',
      'ok.txt',
      'sub/deeper/code.ts',
      'sub/deeper/leaf.txt',
      'sub/file.txt',
      'top.ts',
    ]);
  });

  it('does not descend into linked folders, even inside the root (no cycles, no duplicates)', async () => {
    const all = (await tools.listFiles('.', '**')).paths;
    expect(all.filter((path) => path.startsWith('inner'))).toEqual([]);
    expect(all).toContain('sub/file.txt');
  });

  it('matches dot files only when the pattern names them', async () => {
    mkdirSync(join(fixture.root, '.git'));
    writeFileSync(join(fixture.root, '.git/config'), '');
    writeFileSync(join(fixture.root, '.env'), '');
    expect(
      (await tools.listFiles('.', '**')).paths.some((path) => path.includes('.git') || path.includes('.env')),
    ).toBe(false);
    expect((await tools.listFiles('.', '.env')).paths).toEqual(['.env']);
    expect((await tools.listFiles('.', '.git/*')).paths).toEqual(['.git/config']);
    expect((await tools.listFiles()).paths).toContain('.env');
  });

  it('bounds the count and says when the list was cut', async () => {
    mkdirSync(join(fixture.root, 'many'));
    for (let i = 0; i < 12; i++) writeFileSync(join(fixture.root, 'many', `f${String(i).padStart(2, '0')}.txt`), '');
    const bounded = new FileTools(fixture.root, { audit: false, maxListEntries: 5 });
    expect(await bounded.listFiles('many')).toEqual({
      paths: ['many/f00.txt', 'many/f01.txt', 'many/f02.txt', 'many/f03.txt', 'many/f04.txt'],
      truncated: true,
    });
    expect((await bounded.listFiles('many', '**/*.txt')).truncated).toBe(true);
    expect((await bounded.listFiles('sub', '**')).truncated).toBe(false);
    const exactly = new FileTools(fixture.root, { audit: false, maxListEntries: 12 });
    expect((await exactly.listFiles('many')).truncated).toBe(false);
    const scanning = new FileTools(fixture.root, { audit: false, maxListScanned: 3 });
    expect(await scanning.listFiles('many', '**')).toEqual({
      paths: ['many/f00.txt', 'many/f01.txt', 'many/f02.txt'],
      truncated: true,
    });
  });

  it('leaves out special files', async () => {
    mkfifoSync(join(fixture.root, 'sub/pipe'));
    expect((await tools.listFiles('sub')).paths).toEqual(['sub/deeper/', 'sub/file.txt']);
  });

  it('refuses a file, a missing folder and an empty pattern', async () => {
    expect((await refusal(tools.listFiles('ok.txt'))).code).toBe('not_a_directory');
    expect((await refusal(tools.listFiles('nope'))).message).toBe('"nope" does not exist');
    expect((await refusal(tools.listFiles('.', ''))).code).toBe('invalid_argument');
  });
});
