// The worker's app served by Node from a startup snapshot (src/node-snapshot.ts): bundled to one CommonJS file,
// snapshotted by the Node running this test (`--build-snapshot`), the bundle deleted, then started from the blob alone
// and run against FakeGemini through the real @google/genai client. It proves that the Toolbox built at build time
// (bound tools, precompiled validators, readers) works in the deserialized heap.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { startProcess, stopProcess } from '../../../test/support/child-process.js';
import { bundleForSnapshot } from '../bundle.js';
import { budget } from '../../../test/support/time-budget.js';

const exampleDir = join(__dirname, '..');

let dir: string;
let fake: FakeGemini;
let server: ChildProcess | undefined;
let port: number;
let built: { status: number | null; stderr: string };

beforeAll(async () => {
  dir = mkdtempSync(join(exampleDir, 'test/.snapshot-'));
  fake = await startFakeGemini({
    script: [
      reply.functionCalls(
        [
          {
            name: 'bookDelivery',
            args: { when: '2025-06-06T10:00:00Z', address: { street: '1 Main St', city: 'Berlin', country: 'DE' } },
          },
          { name: 'quoteCart', args: { lines: [{ sku: 'mug', quantity: 1.5 }] } },
        ],
        { ids: true },
      ),
      reply.text('Booked for Friday in Berlin.'),
    ],
  });
  const app = join(dir, 'app.cjs');
  const blob = join(dir, 'app.blob');
  await bundleForSnapshot(join(exampleDir, 'src/node-snapshot.ts'), app);
  const build = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', app], {
    cwd: dir,
    encoding: 'utf8',
  });
  built = { status: build.status, stderr: build.stderr };
  // What starts from the blob cannot read the app's code: there is none left to read.
  rmSync(app);
  const started = await startProcess(process.execPath, ['--snapshot-blob', blob], {
    cwd: dir,
    env: { ...process.env, PORT: '0', GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: fake.url },
    ready: /listening on (\d+)/,
    what: 'the server',
    timeoutMs: budget(20_000),
  });
  server = started.child;
  port = Number(started.ready[1]);
}, budget(60_000));

afterAll(async () => {
  await stopProcess(server);
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the worker app in a Node startup snapshot', () => {
  it('is snapshotted at build time and started from the blob alone', () => {
    expect(built.status, built.stderr).toBe(0);
    expect(existsSync(join(dir, 'app.cjs'))).toBe(false);
  });

  it('runs the Agent with the Toolbox built into the snapshot: validated, revived, answered', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      body: JSON.stringify({ prompt: 'Book a delivery for Friday 10:00 in Berlin and quote a mug.' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { text: string }).text).toBe('Booked for Friday in Berlin.');
    // The API key was read when the server started, not when the snapshot was built.
    expect(fake.requests[0]!.headers['x-goog-api-key']).toBe('test-key');
    const responses = fake.turns[1]!.functionResponses;
    expect(responses.map((part) => [part.name, part.response])).toEqual([
      // The Date was revived before the call: getUTCDay() of 2025-06-06 is 5 (Friday).
      ['bookDelivery', { output: { confirmed: true, weekday: 5, city: 'Berlin' } }],
      // The schema checker made this tool's validator, in the deserialized heap, for the model's mistake.
      [
        'quoteCart',
        {
          error: {
            name: 'InvalidArguments',
            message: expect.stringContaining('/lines/0/quantity: expected integer, received number 1.5'),
            issues: [{ path: '/lines/0/quantity', expected: 'integer', received: 'number 1.5' }],
          },
        },
      ],
    ]);
  });

  it('refuses what the worker refuses', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(405);
  });
});
