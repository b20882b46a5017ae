// The worker in a real edge runtime: workerd (Cloudflare's runtime, from npm) runs the bundled worker, whose Agent
// calls FakeGemini on localhost through the real @google/genai client. workerd forbids eval and new Function, so
// this proves the precompiled path needs neither; the second worker proves the default path fails loudly there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { freePort, stopProcess } from '../../../test/support/child-process.js';
import { bundleWorker, type BundledWorker } from '../bundle.js';
import { budget } from '../../../test/support/time-budget.js';

const exampleDir = join(__dirname, '..');
const workerdBinary = (createRequire(__filename)('workerd') as { default: string }).default;

let dir: string;
let fake: FakeGemini;
let workerd: ChildProcess | undefined;
let stderr = '';
let ports: { main: number; plain: number };
let bundled: BundledWorker;

function config(fakeUrl: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .mainWorker),
    (name = "plain", worker = .plainWorker),
    # FakeGemini listens on localhost, which a worker's default outbound network refuses.
    (name = "local", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [
    (name = "main", address = "127.0.0.1:${ports.main}", http = (), service = "main"),
    (name = "plain", address = "127.0.0.1:${ports.plain}", http = (), service = "plain"),
  ],
);

const mainWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2025-09-01",
  bindings = [
    (name = "GEMINI_API_KEY", text = "test-key"),
    (name = "GEMINI_BASE_URL", text = ${JSON.stringify(fakeUrl)}),
  ],
  globalOutbound = "local",
);

const plainWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "plain.js")],
  compatibilityDate = "2025-09-01",
);
`;
}

async function waitUntilServing(port: number): Promise<void> {
  const deadline = Date.now() + budget(20_000);
  for (;;) {
    if (workerd?.exitCode !== null) throw new Error(`workerd exited (${workerd?.exitCode}): ${stderr}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`workerd did not listen on ${port}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(exampleDir, 'test/.workerd-'));
  fake = await startFakeGemini({
    script: [
      reply.functionCalls(
        [
          {
            name: 'bookDelivery',
            args: { when: '2025-06-06T10:00:00Z', address: { street: '1 Main St', city: 'Berlin', country: 'DE' } },
          },
          { name: 'priceOf', args: { sku: 'tea-green' } },
          { name: 'quoteCart', args: { lines: [{ sku: 'mug', quantity: 1.5 }] } },
        ],
        { ids: true },
      ),
      reply.text('Booked for Friday in Berlin; green tea is 4.50 EUR.'),
    ],
  });
  // Ports given to workerd: it cannot report ones it picked itself.
  ports = { main: await freePort(), plain: await freePort() };
  bundled = await bundleWorker(join(exampleDir, 'src/worker.ts'), join(dir, 'worker.js'));
  await bundleWorker(join(exampleDir, 'test/worker-without-validators.ts'), join(dir, 'plain.js'));
  writeFileSync(join(dir, 'config.capnp'), config(fake.url));
  workerd = spawn(workerdBinary, ['serve', join(dir, 'config.capnp')], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  workerd.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitUntilServing(ports.main);
  await waitUntilServing(ports.plain);
}, budget(60_000));

afterAll(async () => {
  await stopProcess(workerd);
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the edge worker in workerd', () => {
  it("ships no validator compiler: core's build for edge runtimes leaves ajv's compiler out", async () => {
    const inputs = (worker: BundledWorker) => Object.keys(Object.values(worker.metafile.outputs)[0]!.inputs);
    const compiler = (path: string) => /ajv\/dist\/(compile|core|2020)\b/.test(path) || /fast-uri/.test(path);
    expect(inputs(bundled).filter(compiler)).toEqual([]);
    // The helpers the validators call are there (ajv-formats' formats).
    expect(inputs(bundled).some((path) => path.includes('ajv-formats'))).toBe(true);
    // Without the edge conditions (a Node bundle), the compiler is shipped for tools compiled at run time.
    const forNode = await bundleWorker(join(exampleDir, 'src/worker.ts'), join(dir, 'node.js'), { conditions: [] });
    expect(inputs(forNode).filter(compiler).length).toBeGreaterThan(0);
    // A Node bundle whose tools all have precompiled validators leaves it out with one condition.
    const precompiled = await bundleWorker(join(exampleDir, 'src/worker.ts'), join(dir, 'node-precompiled.js'), {
      conditions: ['toolwright-precompiled'],
    });
    expect(inputs(precompiled).filter(compiler)).toEqual([]);
  });

  it('forbids code generation there (the premise of this test)', async () => {
    const response = await fetch(`http://127.0.0.1:${ports.plain}/`);
    expect(response.status).toBe(500);
  });

  it('runs the Agent with the Toolbox of the generated module: validated, revived, answered', async () => {
    const response = await fetch(`http://127.0.0.1:${ports.main}/`, {
      method: 'POST',
      body: JSON.stringify({ prompt: 'Book a delivery for Friday 10:00 in Berlin and price green tea.' }),
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { text: string; stopReason: string };
    expect(result.text).toBe('Booked for Friday in Berlin; green tea is 4.50 EUR.');
    expect(fake.requests).toHaveLength(2);
    const responses = fake.turns[1]!.functionResponses;
    expect(responses.map((part) => [part.name, part.response])).toEqual([
      // The Date was revived before the call: getUTCDay() of 2025-06-06 is 5 (Friday).
      ['bookDelivery', { output: { confirmed: true, weekday: 5, city: 'Berlin' } }],
      // A bigint result goes back as digit text.
      ['priceOf', { output: { sku: 'tea-green', cents: '450', currency: 'EUR' } }],
      // The precompiled validator answered the model's mistake as the run-time one would.
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

  it('fails at Toolbox construction on the default path, naming the flag to set', async () => {
    const response = await fetch(`http://127.0.0.1:${ports.plain}/`);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(
      /^ShopService\.\w+: this runtime forbids code generation from strings \(eval, new Function\)/,
    );
    expect(body.error).toContain('run gen-tools with --validators <file>');
  });
});
