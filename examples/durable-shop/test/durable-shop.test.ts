// The durable-shop worker as a user runs it (its `npm start` command, a real Restate server from npm, the real
// @google/genai client against FakeGemini over HTTP): a worker SIGKILLed between the charge and the model's next
// answer is restarted and the run completes with the card charged once; twenty conversations at once over two worker
// processes are each charged once; a charge that waits for approval outlives the worker that asked.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reply, startFakeGemini, type FakeGemini, type FakeRequest } from '@toolwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/child-process.js';
import { startRestateServer, until, type RestateServer } from '../../../test/support/restate-server.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../test/support/round-robin-proxy.js';
import { startShopWorker, type WorkerProcess } from '../../../test/support/worker-process.js';
import { shopModel } from '../src/shop-model.js';
import { budget } from '../../../test/support/time-budget.js';

let server: RestateServer;
let fake: FakeGemini;
const workers: WorkerProcess[] = [];
let proxy: RoundRobinProxy | undefined;
const dir = mkdtempSync(join(tmpdir(), 'durable-shop-'));
const scripted = shopModel();

/** Held answers: the request after a charge of `orderId` waits until the test lets it go (or the client dies). */
const holds = new Map<string, { reached: () => void; reachedPromise: Promise<void> }>();

function model(request: FakeRequest) {
  const [response] = request.functionResponses;
  const orderId = (response?.response as { output?: { orderId?: string } } | undefined)?.output?.orderId;
  const hold = orderId && response?.name === 'chargeCard' ? holds.get(orderId) : undefined;
  if (hold) {
    holds.delete(orderId!);
    hold.reached();
    // Long enough that only the kill ends it; FakeGemini stops waiting when the worker's connection goes away.
    return reply.delay(60_000, scripted(request));
  }
  return scripted(request);
}

function holdAfterCharge(orderId: string): Promise<void> {
  let reached!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  holds.set(orderId, { reached, reachedPromise });
  return reachedPromise;
}

const ledgerLines = (ledger: string) =>
  existsSync(ledger) ? readFileSync(ledger, 'utf8').split('\n').filter(Boolean) : [];

async function worker(port: number, ledger: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const started = await startShopWorker({
    PORT: String(port),
    LEDGER: ledger,
    GEMINI_BASE_URL: fake.url,
    GEMINI_API_KEY: 'test',
    RESTATE_LOGGING: 'ERROR',
    ...env,
  });
  workers.push(started);
  return started;
}

async function run(conversation: string, input: string, handler = 'run'): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.ingress}/ShopAgent/${conversation}/${handler}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(handler === 'run' ? { input } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : text };
}

beforeAll(async () => {
  [server, fake] = await Promise.all([startRestateServer(), startFakeGemini({ handler: model })]);
}, budget(60_000));

afterAll(async () => {
  await Promise.all(workers.map((started) => started.kill()));
  await proxy?.close();
  await server?.close();
  await fake?.close();
});

describe('examples/durable-shop on a Restate server', () => {
  it(
    'finishes a run whose worker was SIGKILLed after chargeCard ran: ' + 'one charge, the first model turn asked once',
    async () => {
      const ledger = join(dir, 'crash-ledger.txt');
      const port = await freePort();
      const first = await worker(port, ledger);
      await server.register(`http://127.0.0.1:${port}`);

      const held = holdAfterCharge('order-crash-1');
      const pending = run('crash-1', 'Please charge order-crash-1.');
      await held;
      expect(ledgerLines(ledger)).toHaveLength(1);
      await first.kill();

      await worker(port, ledger);
      const { status, json } = await pending;
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.text).toMatch(/^Charged \d+\.\d\d for order-crash-1\./);
      expect(json.stopReason).toBe('stop');
      const [line] = ledgerLines(ledger);
      expect(ledgerLines(ledger)).toEqual([line]);
      expect(line).toMatch(/^order-crash-1 \d+$/);
      // The question (first turn) and the lookup's answer were journaled: asked once each. The turn after the charge
      // was in flight when the worker died, so it was asked again.
      const asked = (predicate: (request: FakeRequest) => boolean) => fake.turns.filter(predicate);
      expect(
        asked((request) => request.functionResponses.length === 0 && request.text.includes('order-crash-1')),
      ).toHaveLength(1);
      expect(
        asked(
          (request) =>
            request.functionResponses[0]?.name === 'lookupOrder' &&
            JSON.stringify(request.functionResponses).includes('order-crash-1'),
        ),
      ).toHaveLength(1);
      expect(
        asked(
          (request) =>
            request.functionResponses[0]?.name === 'chargeCard' &&
            JSON.stringify(request.functionResponses).includes('order-crash-1'),
        ),
      ).toHaveLength(2);
    },
  );

  it('charges each of twenty conversations run at once over two worker processes exactly once', async () => {
    const ledger = join(dir, 'scale-ledger.txt');
    const ports = [await freePort(), await freePort()];
    await Promise.all(ports.map((port) => worker(port, ledger)));
    proxy = await startRoundRobinProxy(ports);
    await server.register(`http://127.0.0.1:${proxy.port}`);

    const ids = Array.from({ length: 20 }, (_, i) => `order-scale-${i}`);
    const results = await Promise.all(ids.map((id, i) => run(`scale-${i}`, `Charge ${id}, please.`)));
    for (const [i, { status, json }] of results.entries()) {
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.text).toContain(ids[i]);
    }
    const charged = ledgerLines(ledger).map((line) => line.split(' ')[0]);
    expect(charged.sort()).toEqual([...ids].sort());
    // Both processes served: Restate's connections were spread over them.
    expect(proxy.connections.every((count) => count > 0)).toBe(true);
  });

  it('keeps a charge waiting for approval across a worker that died, then charges once when approved', async () => {
    const ledger = join(dir, 'approval-ledger.txt');
    const port = await freePort();
    const first = await worker(port, ledger, { APPROVE_CHARGES: '1' });
    await server.register(`http://127.0.0.1:${port}`);

    const pending = run('approval-1', 'Please charge order-appr-1.');
    await until(async () => (await run('approval-1', '', 'approvals')).json.length === 1, 20_000, server.log);
    expect((await run('approval-1', '', 'approvals')).json[0]).toMatchObject({
      name: 'chargeCard',
      callId: 'charge-order-appr-1',
    });
    await first.kill();
    expect(ledgerLines(ledger)).toEqual([]);

    await worker(port, ledger, { APPROVE_CHARGES: '1' });
    expect((await run('approval-1', '', 'approve')).status).toBe(200);
    const { status, json } = await pending;
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.text).toContain('order-appr-1');
    expect(ledgerLines(ledger)).toEqual([expect.stringMatching(/^order-appr-1 \d+$/)]);
  });
});
