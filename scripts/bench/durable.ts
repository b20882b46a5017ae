// Durable runs (issue 14): what journaling each step on Restate costs, and how runs spread over worker processes.
// The shop scenario of examples/durable-shop (three model turns: lookup, charge, answer) on one FakeGemini:
// 1. per turn: the plain Agent in this process against the same conversations sent to one worker through Restate
//    (ingress, journal, state), one run at a time; the overhead is reported in ms per turn and as a ratio;
// 2. throughput: RUNS conversations, CONCURRENCY at once, on one worker process and on two behind a round-robin
//    proxy (runs per second).
// 3. a turn of parallel calls (the sweep's shop of packages/restate/test: lookup, reserve and charge in one turn, a
//    receipt, an answer), plain and journaled, per turn; and a turn of 8 parallel 50 ms tools, whose tool phase
//    should take about 50 ms journaled as it does plain (the tools run side by side inside one batch of steps).
// A real Restate server from npm runs on free ports in a temporary dir. The figures are reported, not judged: the
// Restate server and the workers share the machine's cores with this process.
//   node --conditions=@toolwright/source --import tsx scripts/bench/durable.ts
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GoogleGenAI } from '@google/genai';
import { startFakeGemini } from '@toolwright/testing';
import { Toolbox } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { ShopService } from '../../examples/durable-shop/src/shop-service.js';
import { shopModel } from '../../examples/durable-shop/src/shop-model.js';
import { SHOP_INSTRUCTION } from '../../examples/durable-shop/src/shop-agent.js';
import { manifest } from '../../examples/durable-shop/src/tools.generated.js';
import { freePort } from '../../test/support/child-process.js';
import { startRestateServer } from '../../test/support/restate-server.js';
import { startRoundRobinProxy } from '../../test/support/round-robin-proxy.js';
import { startShopWorker, type WorkerProcess } from '../../test/support/worker-process.js';
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sweepTools } from '../../packages/restate/test/fixtures/sweep-tools.js';
import { bundleSweepWorker, Sweep } from '../../packages/restate/test/support/sweep.js';
import { median } from './measure.js';

const SEQUENTIAL = Number(process.env.SEQUENTIAL ?? 40);
const RUNS = Number(process.env.RUNS ?? 200);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const TURNS = 3;

const dir = mkdtempSync(join(tmpdir(), 'bench-durable-'));
const fake = await startFakeGemini({ handler: shopModel() });
const server = await startRestateServer();
const workers: WorkerProcess[] = [];
const env = (ledger: string) => ({
  LEDGER: ledger,
  GEMINI_BASE_URL: fake.url,
  GEMINI_API_KEY: 'test',
  RESTATE_LOGGING: 'ERROR',
});

let conversation = 0;
async function durableRun(): Promise<void> {
  const key = `c${conversation++}`;
  const response = await fetch(`${server.ingress}/ShopAgent/${key}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input: `Charge order-${key}.` }),
  });
  const body = (await response.json()) as { text?: string; steps?: unknown[] };
  if (!response.ok || !body.text?.startsWith('Charged') || body.steps?.length !== TURNS)
    throw new Error(`unexpected answer: ${JSON.stringify(body)}`);
}

async function timed(job: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await job();
  return performance.now() - started;
}

async function throughput(): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < RUNS) await durableRun();
    }),
  );
  return RUNS / ((performance.now() - started) / 1000);
}

try {
  // 1. Per-turn overhead.
  const plainLedger = join(dir, 'plain-ledger.txt');
  const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: fake.url } });
  const agent = new Agent({
    client,
    model: 'gemini-2.5-flash',
    tools: new Toolbox([new ShopService(plainLedger)], manifest),
    systemInstruction: SHOP_INSTRUCTION,
  });
  const plainRun = async () => {
    const result = await agent.run(`Charge order-p${conversation++}.`);
    if (!result.text.startsWith('Charged') || result.steps.length !== TURNS)
      throw new Error(`unexpected answer: ${result.text}`);
  };

  const onePort = await freePort();
  workers.push(await startShopWorker({ PORT: String(onePort), ...env(join(dir, 'one-ledger.txt')) }));
  await server.register(`http://127.0.0.1:${onePort}`);

  for (let i = 0; i < 10; i++) {
    await plainRun();
    await durableRun();
  }
  const plainMs: number[] = [];
  const durableMs: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    plainMs.push(await timed(plainRun));
    durableMs.push(await timed(durableRun));
  }
  const plainTurn = median(plainMs) / TURNS;
  const durableTurn = median(durableMs) / TURNS;
  console.log(
    `plain Agent.run:               ${plainTurn.toFixed(2)} ms per turn (median of ${SEQUENTIAL} runs ` +
      `of ${TURNS} turns)`,
  );
  console.log(`journaled on Restate, 1 worker: ${durableTurn.toFixed(2)} ms per turn`);
  console.log(
    `overhead of journaling:        ${(durableTurn - plainTurn).toFixed(2)} ms per turn ` +
      `(ratio ${(durableTurn / plainTurn).toFixed(2)})`,
  );

  // 2. Throughput on one worker, then on two behind a proxy.
  await throughput();
  const one = await throughput();
  console.log(`1 worker:  ${one.toFixed(1)} runs/s (${RUNS} runs, ${CONCURRENCY} at once)`);

  const ports = [await freePort(), await freePort()];
  const twoLedger = join(dir, 'two-ledger.txt');
  for (const port of ports) workers.push(await startShopWorker({ PORT: String(port), ...env(twoLedger) }));
  const proxy = await startRoundRobinProxy(ports);
  await server.register(`http://127.0.0.1:${proxy.port}`);
  await throughput();
  const two = await throughput();
  console.log(
    `2 workers: ${two.toFixed(1)} runs/s (connections per worker: ${proxy.connections.join(', ')}); ratio ` +
      `2/1 ${(two / one).toFixed(2)}`,
  );
  const charges = readFileSync(twoLedger, 'utf8').split('\n').filter(Boolean).length;
  if (charges !== 2 * RUNS) throw new Error(`the two workers charged ${charges} times for ${2 * RUNS} runs`);
  await proxy.close();

  await parallelTurns();
} finally {
  await Promise.all(workers.map((worker) => worker.kill()));
  await server.close();
  await fake.close();
}

/** Section 3: the plain Agent in this process and a sweep worker on Restate, on the same model and tools. */
async function parallelTurns(): Promise<void> {
  // Bundled beside the tests, so that the SDK and the client resolve from @toolwright/restate's dependencies.
  const bundleDir = fileURLToPath(new URL('../../packages/restate/test/fixtures/.sweep-bench', import.meta.url));
  mkdirSync(bundleDir, { recursive: true });
  const worker = join(bundleDir, 'sweep-worker.mjs');
  await bundleSweepWorker(worker);
  const sweep = await Sweep.start(worker);
  try {
    const files = { log: join(dir, 'sweep-log.txt'), provider: join(dir, 'sweep-book.txt') };
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: sweep.fake.url } });
    const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: sweepTools(files) });
    const port = await freePort();
    await sweep.startWorker('Bench', port, files);
    await sweep.server.register(`http://127.0.0.1:${port}`);

    let n = 0;
    const plain = async (input: string) => (await agent.run(input)).steps;
    const durable = async (input: string) => {
      const { status, json } = await sweep.send('Bench', input, `b${n++}`);
      if (status !== 200) throw new Error(`unexpected answer: ${JSON.stringify(json)}`);
      return json.steps as Array<{ toolsMs: number }>;
    };
    const shop = () => `Please buy order-b${n++}.`;
    for (let i = 0; i < 5; i++) {
      await plain(shop());
      await durable(shop());
    }
    const plainMs: number[] = [];
    const durableMs: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      plainMs.push(await timed(async () => void (await plain(shop()))));
      durableMs.push(await timed(async () => void (await durable(shop()))));
    }
    const plainTurn = median(plainMs) / TURNS;
    const durableTurn = median(durableMs) / TURNS;
    console.log(`\nparallel calls (3 in turn 1, then 1, then the answer), median of ${SEQUENTIAL} runs:`);
    console.log(`plain Agent.run:               ${plainTurn.toFixed(2)} ms per turn`);
    console.log(`journaled on Restate, 1 worker: ${durableTurn.toFixed(2)} ms per turn`);
    console.log(
      `overhead of journaling:        ${(durableTurn - plainTurn).toFixed(2)} ms per turn ` +
        `(ratio ${(durableTurn / plainTurn).toFixed(2)})`,
    );

    const plainTools: number[] = [];
    const durableTools: number[] = [];
    for (let i = 0; i < 10; i++) {
      plainTools.push((await plain('pause 8'))[0]!.toolsMs);
      durableTools.push((await durable('pause 8'))[0]!.toolsMs);
    }
    console.log(
      `8 parallel 50 ms tools, the turn's tool phase (median of 10): plain ${median(plainTools).toFixed(1)} ms, ` +
        `journaled ${median(durableTools).toFixed(1)} ms`,
    );
  } finally {
    await sweep.close();
    rmSync(bundleDir, { recursive: true, force: true });
  }
}
