// read_file on files over the read limit: line ranges are served when they fit, and every refusal names only ranges
// that work. The property follows each suggestion a refusal gives and checks that it succeeds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileTools, SandboxError } from '../src/index.js';
import { makeFixture, type Fixture } from './fixture.js';

let fixture: Fixture;
beforeAll(() => {
  fixture = makeFixture();
});
afterAll(() => fixture.cleanup());

/** The lines of a text as read_file counts them, each with its ending. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

async function attempt(promise: Promise<string>): Promise<string | SandboxError> {
  try {
    return await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    return error as SandboxError;
  }
}

const text = fc
  .tuple(fc.array(fc.stringMatching(/^[a-z\x01é]{0,60}$/), { maxLength: 30 }), fc.boolean())
  .map(([lines, trailing]) => lines.join('\n') + (trailing && lines.length > 0 ? '\n' : ''));

it('serves line ranges of files over the limit, and every range a refusal suggests can then be read', async () => {
  let file = 0;
  await fc.assert(
    fc.asyncProperty(
      text,
      fc.integer({ min: 8, max: 200 }),
      fc.option(fc.integer({ min: 1, max: 35 }), { nil: undefined }),
      fc.option(fc.integer({ min: 0, max: 35 }), { nil: undefined }),
      async (content, limit, start, length) => {
        const path = `large-${file++}.txt`;
        writeFileSync(join(fixture.root, path), content);
        const tools = new FileTools(fixture.root, { audit: false, rateLimit: false, maxReadBytes: limit });
        const lines = linesOf(content);
        const end = start !== undefined && length !== undefined ? start + length : undefined;
        const expected = (from: number, to: number | undefined) => lines.slice(from - 1, to ?? lines.length).join('');
        const outcome = await attempt(tools.readFile(path, start, end));
        if (typeof outcome === 'string') {
          expect(outcome).toBe(start === undefined ? content : expected(start, end));
          if (Buffer.byteLength(content) > limit) expect(Buffer.byteLength(outcome)).toBeLessThanOrEqual(limit);
          return;
        }
        const from = start ?? 1;
        const suggested = /lines (\d+) to (\d+) fit/.exec(outcome.message);
        if (suggested) {
          const [a, b] = [Number(suggested[1]), Number(suggested[2])];
          expect(a).toBe(from);
          expect(await tools.readFile(path, a, b)).toBe(expected(a, b));
        } else if (outcome.code === 'too_large') {
          // No range offered: the first line asked for alone must be over the limit.
          expect(outcome.message).toMatch(/alone is longer than/);
          expect(Buffer.byteLength(lines[from - 1] ?? '')).toBeGreaterThan(limit);
        } else {
          const count = `${lines.length} line${lines.length === 1 ? '' : 's'}`;
          expect(outcome.message).toBe(`startLine ${from} is past the end of "${path}", which has ${count}`);
          expect(from).toBeGreaterThan(lines.length);
        }
      },
    ),
    { numRuns: 300 },
  );
});

it('answers the whole-file refusal of a large file with a range that works', async () => {
  const tools = new FileTools(fixture.root, { audit: false, rateLimit: false, maxReadBytes: 1024 });
  writeFileSync(join(fixture.root, 'log.txt'), Array.from({ length: 500 }, (_, i) => `line ${i + 1}\n`).join(''));
  const refused = await attempt(tools.readFile('log.txt'));
  expect((refused as SandboxError).message).toBe(
    '"log.txt" is 4392 bytes, over the read limit of 1024 bytes; read it in parts with startLine and endLine: ' +
      'lines 1 to 125 fit',
  );
  expect(await tools.readFile('log.txt', 1, 125)).toMatch(/^line 1\n[\s\S]*line 125\n$/);
  expect(await tools.readFile('log.txt', 480, 600)).toMatch(/^line 480\n[\s\S]*line 500\n$/);
  writeFileSync(join(fixture.root, 'one-line.txt'), 'x'.repeat(5000));
  expect(((await attempt(tools.readFile('one-line.txt'))) as SandboxError).message).toBe(
    '"one-line.txt" is 5000 bytes, over the read limit of 1024 bytes, and its first line alone is longer than that; ' +
      'ask for the limit to be raised',
  );
});
