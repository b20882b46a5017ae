// Atomicity against a real writer process: a reader never sees a half-written file, and a kill -9 in the middle
// of writing leaves one whole version.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeFixture, type Fixture } from './fixture.js';

const SIZE = 4 * 1024 * 1024;
let fixture: Fixture;
beforeEach(() => {
  fixture = makeFixture();
});
afterEach(() => fixture.cleanup());

function isWhole(content: string): boolean {
  return content.length === SIZE && (content === 'a'.repeat(SIZE) || content === 'b'.repeat(SIZE));
}

it('never shows a partial file to a reader, and survives SIGKILL mid-write', async () => {
  writeFileSync(join(fixture.root, 'big.txt'), 'a'.repeat(SIZE));
  const child = spawn(
    process.execPath,
    [
      '--conditions=@toolwright/source',
      '--import',
      'tsx',
      join(__dirname, 'atomic-writer.child.ts'),
      fixture.root,
      String(SIZE),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
  });
  const seen = new Set<string>();
  for (let i = 0; i < 1000 && (i < 40 || seen.size < 2); i++) {
    const content = readFileSync(join(fixture.root, 'big.txt'), 'utf8');
    expect(isWhole(content)).toBe(true);
    seen.add(content[0] as string);
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  child.kill('SIGKILL');
  await exited;
  expect(isWhole(readFileSync(join(fixture.root, 'big.txt'), 'utf8'))).toBe(true);
  // The writer really was replacing the file while we read (both versions were observed).
  expect(seen.size).toBe(2);
});
