// The harness of the durable sweeps: a real Restate server, FakeGemini scripted as a shop's model, and the sweep
// worker (fixtures/sweep-worker.ts) bundled once and started as child processes that a test SIGKILLs.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { reply, startFakeGemini, type FakeGemini, type FakeRequest } from '@toolwright/testing';
import { startProcess, stopProcess, type StartedProcess } from '../../../../test/support/child-process.js';
import { startRestateServer, type RestateServer } from '../../../../test/support/restate-server.js';

/** The files a sweep worker writes: its log of tool starts and effects, and the provider's book of keys. */
export interface SweepFiles {
  log: string;
  provider: string;
}

/** The turn a request asks for: one more than the model turns in it. */
export const turnOf = (request: FakeRequest) =>
  request.contents.filter((content) => content.role === 'model').length + 1;
/** The order a conversation is about: named in its first content. */
export const orderOf = (request: FakeRequest) => /order-[\w-]+/.exec(JSON.stringify(request.contents[0]))?.[0] ?? '?';

/** The answer a finished run ends with. */
export const doneText = (orderId: string) => `Done: ${orderId} is charged 12.50 and its receipt is sent.`;

export function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/**
 * Bundles the sweep worker with our sources into `outfile` (the SDK and the client stay imports, resolved from the
 * folder it is written to): a worker then starts in a fraction of the time tsx takes to compile one.
 */
export async function bundleSweepWorker(outfile: string): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('../fixtures/sweep-worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@toolwright/source'],
    external: ['@restatedev/restate-sdk', '@google/genai'],
    logLevel: 'error',
  });
}

export class Sweep {
  private readonly running = new Set<StartedProcess>();
  /** Model turns held on their first arrival (the worker is killed while it waits): `<order> <turn>`. */
  private readonly holds = new Map<string, () => void>();

  private constructor(
    readonly server: RestateServer,
    readonly fake: FakeGemini,
    /** The bundled worker, and the Node that runs it. */
    private readonly worker: string,
    private readonly node: string,
  ) {}

  static async start(worker: string, node = process.execPath): Promise<Sweep> {
    let sweep: Sweep | undefined;
    const [server, fake] = await Promise.all([
      startRestateServer(),
      startFakeGemini({ handler: (request) => sweep!.model(request) }),
    ]);
    sweep = new Sweep(server, fake, worker, node);
    return sweep;
  }

  /**
   * Turn 1: look up, reserve and charge in one turn (no call ids, as Gemini 2.x sends); 2: a receipt; 3: done.
   * "pause <n>": n parallel 50 ms pauses, then done.
   */
  model(request: FakeRequest) {
    const orderId = orderOf(request);
    const turn = turnOf(request);
    const pauses = /pause (\d+)/.exec(JSON.stringify(request.contents[0]))?.[1];
    if (pauses)
      return turn === 1
        ? reply.functionCalls(Array.from({ length: Number(pauses) }, () => ({ name: 'pause', args: { ms: 50 } })))
        : reply.text('Paused.');
    let answer;
    if (turn === 1)
      answer = reply.functionCalls([
        { name: 'lookupOrder', args: { orderId } },
        { name: 'reserveStock', args: { orderId } },
        { name: 'chargeCard', args: { orderId, amountCents: 1250 } },
      ]);
    else if (turn === 2) answer = reply.functionCall('sendReceipt', { orderId });
    else answer = reply.text(doneText(orderId));
    const held = this.holds.get(`${orderId} ${turn}`);
    if (!held) return answer;
    this.holds.delete(`${orderId} ${turn}`);
    held();
    // Until the kill: FakeGemini stops waiting when the worker's connection goes away.
    return reply.delay(60_000, answer);
  }

  /** Resolves when the model is asked `turn` of `orderId` the first time; that request waits until the kill. */
  hold(orderId: string, turn: number): Promise<void> {
    return new Promise((resolve) => this.holds.set(`${orderId} ${turn}`, resolve));
  }

  /** How often each model turn of `orderId` was asked. */
  asked(orderId: string, turns = 3): number[] {
    const requests = this.fake.turns.filter((request) => orderOf(request) === orderId);
    return Array.from({ length: turns }, (_, i) => requests.filter((request) => turnOf(request) === i + 1).length);
  }

  async startWorker(object: string, port: number, files: SweepFiles, killAt?: string): Promise<StartedProcess> {
    const started = await startProcess(this.node, [this.worker], {
      env: {
        ...process.env,
        PORT: String(port),
        OBJECT: object,
        LOG: files.log,
        PROVIDER: files.provider,
        GEMINI_BASE_URL: this.fake.url,
        ...(killAt ? { KILL_AT: killAt } : {}),
      },
      ready: /listening on/,
      what: 'The sweep worker',
      timeoutMs: 60_000,
    });
    this.running.add(started);
    started.child.once('exit', () => this.running.delete(started));
    return started;
  }

  async send(object: string, input: string, key = 'conversation'): Promise<{ status: number; json: any }> {
    const response = await fetch(`${this.server.ingress}/${object}/${key}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : text };
  }

  async close(): Promise<void> {
    await Promise.all([...this.running].map((started) => stopProcess(started.child, 'SIGKILL')));
    await this.server.close();
    await this.fake.close();
  }
}
