// Exactly once with parallel calls, at every kill point, on a real Restate server (from npm) and the real SDK, with
// the real @google/genai client against FakeGemini. The model asks for three calls in one turn (one of them charges a
// card), then a receipt, then answers. A worker is SIGKILLed at each step boundary in turn, a new one takes over, and
// for every point: the run finishes; a side effect happens again only when the kill fell between the effect and its
// journaled result (Restate's at-least-once window), and then the provider books it once by its idempotency key;
// tools whose results were journaled never run again; a model turn is asked again only when it was in flight.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { reply, startFakeGemini, type FakeGemini, type FakeRequest } from '@toolwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess, type StartedProcess } from '../../../test/support/child-process.js';
import { startRestateServer, type RestateServer } from '../../../test/support/restate-server.js';

const dir = mkdtempSync(join(tmpdir(), 'toolwright-sweep-'));
// The worker, bundled once with our sources (the SDK and the client stay packages it imports): 28 worker processes
// start in a fraction of the time tsx takes to compile each.
const bundleDir = mkdtempSync(join(__dirname, 'fixtures', '.sweep-'));
const worker = join(bundleDir, 'sweep-worker.mjs');
let server: RestateServer;
let fake: FakeGemini;
const running = new Set<StartedProcess>();

/** Model turns the test holds on their first arrival (the worker is killed while it waits): `<order> <turn>`. */
const holds = new Map<string, () => void>();

/** The turn a request asks for: one more than the model turns in it. */
const turnOf = (request: FakeRequest) => request.contents.filter((content) => content.role === 'model').length + 1;
const orderOf = (request: FakeRequest) => /order-[\w-]+/.exec(JSON.stringify(request.contents[0]))?.[0] ?? '?';

/** Turn 1: look up, reserve and charge in one turn (no call ids, as Gemini 2.x sends); turn 2: a receipt; 3: done. */
function model(request: FakeRequest) {
  const orderId = orderOf(request);
  const turn = turnOf(request);
  let answer;
  if (turn === 1)
    answer = reply.functionCalls([
      { name: 'lookupOrder', args: { orderId } },
      { name: 'reserveStock', args: { orderId } },
      { name: 'chargeCard', args: { orderId, amountCents: 1250 } },
    ]);
  else if (turn === 2) answer = reply.functionCall('sendReceipt', { orderId });
  else answer = reply.text(`Done: ${orderId} is charged 12.50 and its receipt is sent.`);
  const held = holds.get(`${orderId} ${turn}`);
  if (!held) return answer;
  holds.delete(`${orderId} ${turn}`);
  held();
  // Until the kill: FakeGemini stops waiting when the worker's connection goes away.
  return reply.delay(60_000, answer);
}

function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

async function startWorker(object: string, port: number, files: { log: string; provider: string }, killAt?: string) {
  const started = await startProcess(process.execPath, ['--conditions=@toolwright/source', '--import', 'tsx', worker], {
    env: {
      ...process.env,
      PORT: String(port),
      OBJECT: object,
      LOG: files.log,
      PROVIDER: files.provider,
      GEMINI_BASE_URL: fake.url,
      ...(killAt ? { KILL_AT: killAt } : {}),
    },
    ready: /listening on/,
    what: 'The sweep worker',
    timeoutMs: 60_000,
  });
  running.add(started);
  return started;
}

async function send(object: string, input: string, key = 'conversation'): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.ingress}/${object}/${key}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : text };
}

beforeAll(async () => {
  const bundled = build({
    entryPoints: [join(__dirname, 'fixtures', 'sweep-worker.ts')],
    outfile: worker,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@toolwright/source'],
    external: ['@restatedev/restate-sdk', '@google/genai'],
    logLevel: 'error',
  });
  [server, fake] = await Promise.all([startRestateServer(), startFakeGemini({ handler: model }), bundled]);
}, 60_000);

afterAll(async () => {
  await Promise.all([...running].map((started) => stopProcess(started.child, 'SIGKILL')));
  await server?.close();
  await fake?.close();
  rmSync(bundleDir, { recursive: true, force: true });
});

interface KillPoint {
  /** Where the worker dies: a KILL_AT of the worker's, or `model <turn>` (the test kills it while that turn waits). */
  at: string;
  /** Side effects that happen twice: the kill fell after the effect and before its result was journaled. */
  repeated?: string[];
  /** The model turn asked twice: it was in flight. */
  askedAgain?: number;
  /** The tools the new worker starts: exactly these, or (a function) any set it accepts. */
  restarts: string[] | ((tools: string[]) => boolean);
}

const TURN_1 = ['chargeCard', 'lookupOrder', 'reserveStock'];
const POINTS: KillPoint[] = [
  { at: 'model 1', askedAgain: 1, restarts: [...TURN_1, 'sendReceipt'] },
  { at: 'tool_call 1', restarts: [...TURN_1, 'sendReceipt'] },
  // A tool killed at its start runs again; its siblings of the turn run again unless their result was journaled.
  ...TURN_1.map((tool) => ({
    at: `start ${tool}`,
    restarts: (tools: string[]) =>
      tools.includes(tool) &&
      tools.includes('sendReceipt') &&
      tools.every((t) => [...TURN_1, 'sendReceipt'].includes(t)),
  })),
  {
    at: 'effect chargeCard',
    repeated: ['chargeCard'],
    restarts: (tools) => tools.includes('chargeCard') && tools.includes('sendReceipt'),
  },
  { at: 'after 1', restarts: ['sendReceipt'] },
  { at: 'model 2', askedAgain: 2, restarts: ['sendReceipt'] },
  { at: 'tool_call 2', restarts: ['sendReceipt'] },
  { at: 'start sendReceipt', restarts: ['sendReceipt'] },
  { at: 'effect sendReceipt', repeated: ['sendReceipt'], restarts: ['sendReceipt'] },
  { at: 'after 2', restarts: [] },
  { at: 'model 3', askedAgain: 3, restarts: [] },
  { at: 'done', restarts: [] },
];

// Each point has a virtual object of its own, served by its own workers: the points run side by side.
describe.concurrent('a run with parallel calls, its worker SIGKILLed at each step boundary', {
  timeout: 180_000,
}, () => {
  for (const [n, point] of POINTS.entries()) {
    it(`killed at "${point.at}": finishes, each effect booked once, no journaled step done again`, async ({
      expect,
    }) => {
      const orderId = `order-k${n}`;
      const object = `Sweep${n}`;
      const files = { log: join(dir, `log-${n}.txt`), provider: join(dir, `provider-${n}.txt`) };
      const port = await freePort();
      const byModel = point.at.startsWith('model ');
      const first = await startWorker(object, port, files, byModel ? undefined : point.at);
      await server.register(`http://127.0.0.1:${port}`);
      const died = new Promise((resolve) => first.child.once('exit', resolve));

      let reached: Promise<void> | undefined;
      if (byModel) reached = new Promise((resolve) => holds.set(`${orderId} ${point.at.split(' ')[1]}`, resolve));
      const pending = send(object, `Please buy ${orderId}.`);
      if (reached) {
        await reached;
        await stopProcess(first.child, 'SIGKILL');
      }
      await died;
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = await startWorker(object, port, files);
      const { status, json } = await pending;
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.text).toBe(`Done: ${orderId} is charged 12.50 and its receipt is sent.`);

      const log = lines(files.log).map((line) => line.split(' '));
      // Each side effect happened once, or twice where the kill fell in its window, always under one key...
      for (const tool of ['chargeCard', 'sendReceipt']) {
        const effects = log.filter(([kind, name]) => kind === 'effect' && name === tool);
        expect(effects, tool).toHaveLength(point.repeated?.includes(tool) ? 2 : 1);
        expect(new Set(effects.map(([, , key]) => key)).size, tool).toBe(1);
      }
      // ...and the provider booked each once.
      expect(
        lines(files.provider)
          .map((line) => line.split(' ')[1])
          .sort(),
      ).toEqual(['charge', 'receipt']);
      // The new worker ran only what was not journaled.
      const restarted = log
        .filter(([kind, , pid]) => kind === 'start' && Number(pid) === second.child.pid)
        .map(([, name]) => name!)
        .sort();
      if (typeof point.restarts === 'function') expect(point.restarts(restarted), restarted.join()).toBe(true);
      else expect(restarted).toEqual([...point.restarts].sort());
      // Each model turn was asked once, but the one in flight at the kill.
      const asked = [1, 2, 3].map(
        (turn) => fake.turns.filter((request) => orderOf(request) === orderId && turnOf(request) === turn).length,
      );
      expect(asked).toEqual([1, 2, 3].map((turn) => (turn === point.askedAgain ? 2 : 1)));

      await stopProcess(second.child, 'SIGKILL');
      running.delete(first);
      running.delete(second);
    });
  }
});

describe('twenty conversations at once, three parallel calls each', { timeout: 180_000 }, () => {
  it('charges and receipts each order once, every call run once, every model turn asked once', async () => {
    const files = { log: join(dir, 'log-crowd.txt'), provider: join(dir, 'provider-crowd.txt') };
    const port = await freePort();
    const started = await startWorker('Crowd', port, files);
    await server.register(`http://127.0.0.1:${port}`);
    const orders = Array.from({ length: 20 }, (_, i) => `order-c${i}`);
    const results = await Promise.all(orders.map((orderId, i) => send('Crowd', `Please buy ${orderId}.`, `c${i}`)));
    for (const [i, { status, json }] of results.entries()) {
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.text).toBe(`Done: ${orders[i]} is charged 12.50 and its receipt is sent.`);
    }
    const log = lines(files.log).map((line) => line.split(' '));
    expect(log.filter(([kind]) => kind === 'start')).toHaveLength(20 * 4);
    expect(log.filter(([kind]) => kind === 'effect')).toHaveLength(20 * 2);
    const booked = lines(files.provider).map((line) => line.split(' ').slice(1).join(' '));
    expect(booked.sort()).toEqual(orders.flatMap((orderId) => [`charge ${orderId} 1250`, `receipt ${orderId}`]).sort());
    for (const orderId of orders) {
      const asked = fake.turns.filter((request) => orderOf(request) === orderId).map(turnOf);
      expect(asked.sort()).toEqual([1, 2, 3]);
    }
    await stopProcess(started.child, 'SIGKILL');
    running.delete(started);
  });
});
