// Exactly once with parallel calls, at every kill point, on a real Restate server (from npm) and the real SDK, with
// the real @google/genai client against FakeGemini. The model asks for three calls in one turn (one of them charges a
// card), then a receipt, then answers. A worker is SIGKILLed at each step boundary in turn, a new one takes over, and
// for every point: the run finishes; a side effect happens again only when the kill fell between the effect and its
// journaled result (Restate's at-least-once window), and then the provider books it once by its idempotency key;
// tools whose results were journaled never run again; a model turn is asked again only when it was in flight.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort, stopProcess } from '../../../test/support/child-process.js';
import { crowdRunsOnce } from './support/crowd.js';
import { bundleSweepWorker, doneText, lines, Sweep } from './support/sweep.js';

const dir = mkdtempSync(join(tmpdir(), 'toolwright-sweep-'));
// Bundled beside the tests, so that the SDK and the client resolve from this package's dependencies.
const bundleDir = mkdtempSync(join(__dirname, 'fixtures', '.sweep-'));
let sweep: Sweep;

beforeAll(async () => {
  const worker = join(bundleDir, 'sweep-worker.mjs');
  await bundleSweepWorker(worker);
  sweep = await Sweep.start(worker);
}, 60_000);

afterAll(async () => {
  await sweep?.close();
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
      const first = await sweep.startWorker(object, port, files, byModel ? undefined : point.at);
      await sweep.server.register(`http://127.0.0.1:${port}`);
      const died = new Promise((resolve) => first.child.once('exit', resolve));

      let reached: Promise<void> | undefined;
      if (byModel) reached = sweep.hold(orderId, Number(point.at.split(' ')[1]));
      const pending = sweep.send(object, `Please buy ${orderId}.`);
      if (reached) {
        await reached;
        await stopProcess(first.child, 'SIGKILL');
      }
      await died;
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = await sweep.startWorker(object, port, files);
      const { status, json } = await pending;
      expect(status, JSON.stringify(json)).toBe(200);
      expect(json.text).toBe(doneText(orderId));

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
      expect(sweep.asked(orderId)).toEqual([1, 2, 3].map((turn) => (turn === point.askedAgain ? 2 : 1)));

      await stopProcess(second.child, 'SIGKILL');
    });
  }
});

describe('twenty conversations at once, three parallel calls each', { timeout: 180_000 }, () => {
  it('charges and receipts each order once, every call run once, every model turn asked once', async () => {
    await crowdRunsOnce(
      sweep,
      'Crowd',
      { log: join(dir, 'log-crowd.txt'), provider: join(dir, 'provider-crowd.txt') },
      await freePort(),
    );
  });
});
