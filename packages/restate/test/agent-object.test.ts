// The Agent as a Restate virtual object, on a real Restate server (from npm) and the real SDK endpoint, with the
// real @google/genai client against FakeGemini: chats kept as object state, approvals that wait on awakeables,
// Restate's cancel reaching a running tool, and a failing model API that Restate does not retry past the Agent's
// own policy.
import type { Http2Server } from 'node:http2';
import { GoogleGenAI } from '@google/genai';
import * as restate from '@restatedev/restate-sdk';
import { defineManifest, tool, Toolbox, type ToolContext } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { reply, startFakeGemini, type FakeGemini, type FakeRequest } from '@toolwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEndpoint, startRestateServer, until, type RestateServer } from '../../../test/support/restate-server.js';
import { agentObject } from '../src/index.js';
import { budget } from '../../../test/support/time-budget.js';

class Shop {
  readonly refunds: string[] = [];
  readonly started: string[] = [];
  readonly aborted: string[] = [];
  readonly stocked: string[] = [];
  explosions = 0;

  @tool()
  async stock(orderId: string): Promise<{ reserved: string }> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.stocked.push(orderId);
    return { reserved: orderId };
  }

  @tool()
  explode(orderId: string): never {
    this.explosions += 1;
    throw new Error(`the warehouse has no order ${orderId}`);
  }

  @tool()
  refund(orderId: string): { refunded: string } {
    this.refunds.push(orderId);
    return { refunded: orderId };
  }

  @tool()
  async audit(orderId: string, context: ToolContext): Promise<string> {
    this.started.push(orderId);
    await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
    this.aborted.push(orderId);
    return 'stopped';
  }
}

const schema = { type: 'object' as const, properties: { orderId: { type: 'string' as const } }, required: ['orderId'] };
const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'explode',
      description: 'Fails.',
      class: 'Shop',
      method: 'explode',
      file: 'test',
      target: () => Shop,
      parameters: schema,
      params: [{ name: 'orderId', kind: 'value' }],
    },
    {
      name: 'refund',
      description: 'Refunds an order.',
      class: 'Shop',
      method: 'refund',
      file: 'test',
      target: () => Shop,
      parameters: schema,
      params: [{ name: 'orderId', kind: 'value' }],
    },
    {
      name: 'stock',
      description: 'Reserves stock for an order (takes 50 ms).',
      class: 'Shop',
      method: 'stock',
      file: 'test',
      target: () => Shop,
      parameters: schema,
      params: [{ name: 'orderId', kind: 'value' }],
    },
    {
      name: 'audit',
      description: 'Audits an order (slow).',
      class: 'Shop',
      method: 'audit',
      file: 'test',
      target: () => Shop,
      parameters: schema,
      params: [
        { name: 'orderId', kind: 'value' },
        { name: 'context', kind: 'context' },
      ],
    },
  ],
});

/**
 * The model: "refund X", "audit X", "explode X" call that tool; "stock X Y Z" and "refunds X Y" call it once per
 * order, all in one turn; "fail" gets a 500; else it counts the contents.
 */
function model(request: FakeRequest) {
  const answered = request.functionResponses;
  if (answered.length) return reply.text(`Result: ${answered.map((part) => JSON.stringify(part.response)).join(' ')}`);
  const [verb, orderId, ...more] = request.text.split(' ');
  if (verb === 'stock' || verb === 'refunds') {
    const name = verb === 'stock' ? 'stock' : 'refund';
    return reply.functionCalls([orderId, ...more].map((id) => ({ name, args: { orderId: id }, id: `${name}-${id}` })));
  }
  if (verb === 'refund' || verb === 'audit' || verb === 'explode')
    return reply.functionCall(verb, { orderId }, { id: `${verb}-${orderId}` });
  if (verb === 'fail') return reply.serverError();
  return reply.text(`I have seen ${request.contents.length} contents.`);
}

let server: RestateServer;
let fake: FakeGemini;
let endpoint: Http2Server;
const shop = new Shop();
/** What the SDK logged at warn and above: an attempt it failed (RT0007 "awaitNext already pending") shows here. */
const sdkLog: string[] = [];

beforeAll(async () => {
  [server, fake] = await Promise.all([startRestateServer(), startFakeGemini({ handler: model })]);
  const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  const agent = new Agent({
    client,
    model: 'gemini-2.5-flash',
    tools: new Toolbox([shop], manifest),
    retry: { retries: 1, initialDelayMs: 1 },
  });
  const object = agentObject({ name: 'Support', agent, approval: ['refund'] });
  endpoint = await serveEndpoint(
    server,
    restate
      .endpoint()
      .setLogger((params, message, ...rest) => {
        if (params.level === 'warn' || params.level === 'error') sdkLog.push([message, ...rest].map(String).join(' '));
      })
      .bind(object)
      .http2Handler(),
  );
}, budget(60_000));

afterAll(async () => {
  await server?.close();
  endpoint?.close();
  await fake?.close();
});

async function call(key: string, handler: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.ingress}/Support/${key}/${handler}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** The call that waits for approval on `key` (the one with `callId`, when given). */
async function pendingApproval(key: string, callId?: string): Promise<{ callId: string; name: string; args: unknown }> {
  let pending: any[] = [];
  const waits = async () => {
    pending = (await call(key, 'approvals')).json;
    return pending.length > 0 && (callId === undefined || pending[0].callId === callId);
  };
  await until(waits, 20_000, server.log);
  return pending[0];
}

describe('agentObject on a Restate server', () => {
  it('keeps a chat of three sends on one key as object state, and answers its history', async () => {
    const answers: string[] = [];
    for (const text of ['hello', 'how are you', 'bye']) {
      const { status, json } = await call('chat-1', 'run', { input: text });
      expect(status).toBe(200);
      expect(json).toMatchObject({ stopReason: 'stop', usage: { requests: 1 } });
      expect(json.steps).toHaveLength(1);
      answers.push(json.text);
    }
    expect(answers).toEqual(['I have seen 1 contents.', 'I have seen 3 contents.', 'I have seen 5 contents.']);
    const history = (await call('chat-1', 'history')).json;
    expect(history.map((content: { role: string }) => content.role)).toEqual([
      'user',
      'model',
      'user',
      'model',
      'user',
      'model',
    ]);
    expect((await call('other-chat', 'history')).json).toEqual([]);
  });

  it('waits for approval: an approved call runs, a denied one answers the model with the reason', async () => {
    const approved = call('refund-1', 'run', { input: 'refund A-1' });
    const first = await pendingApproval('refund-1');
    expect(first).toMatchObject({ callId: 'refund-A-1', name: 'refund', args: { orderId: 'A-1' } });
    expect(shop.refunds).toEqual([]);
    expect((await call('refund-1', 'approve', { callId: 'refund-A-1' })).status).toBe(200);
    expect((await approved).json.text).toBe('Result: {"output":{"refunded":"A-1"}}');
    expect(shop.refunds).toEqual(['A-1']);

    const denied = call('refund-2', 'run', { input: 'refund B-2' });
    await pendingApproval('refund-2');
    expect((await call('refund-2', 'deny', { reason: 'over the limit' })).status).toBe(200);
    const { json } = await denied;
    expect(json.steps[0].calls[0]).toMatchObject({ outcome: 'denied', ok: false });
    expect(json.text).toContain('over the limit');
    expect(shop.refunds).toEqual(['A-1']);
    expect((await call('refund-2', 'approvals')).json).toEqual([]);
    expect((await call('refund-2', 'approve')).status).toBe(404);

    // The awakeable itself, resolved over Restate's ingress, decides too; a rejection is a refusal with its reason.
    const direct = call('refund-3', 'run', { input: 'refund F-6' });
    const { awakeableId } = (await pendingApproval('refund-3')) as unknown as { awakeableId: string };
    const rejected = await fetch(`${server.ingress}/restate/awakeables/${awakeableId}/reject`, {
      method: 'POST',
      body: 'fraud suspected',
    });
    expect(rejected.status).toBeLessThan(300);
    expect((await direct).json.text).toContain('fraud suspected');
    expect(shop.refunds).toEqual(['A-1']);
  });

  it('runs three calls of one turn at once as journaled steps: each once, no attempt failed, in about one tool time', async () => {
    const { status, json } = await call('stock-1', 'run', { input: 'stock S-1 S-2 S-3' });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.steps[0].calls.map((c: { callId: string; ok: boolean }) => [c.callId, c.ok])).toEqual([
      ['stock-S-1', true],
      ['stock-S-2', true],
      ['stock-S-3', true],
    ]);
    expect(json.text).toBe(
      'Result: {"output":{"reserved":"S-1"}} {"output":{"reserved":"S-2"}} {"output":{"reserved":"S-3"}}',
    );
    expect([...shop.stocked].sort()).toEqual(['S-1', 'S-2', 'S-3']);
    expect(sdkLog.filter((line) => /awaitNext|RT0007|already pending/.test(line))).toEqual([]);
    // The three ran side by side: their steps overlapped (each takes 50 ms).
    const calls = json.steps[0].calls as Array<{ startedAt: number; durationMs: number }>;
    const lastStart = Math.max(...calls.map((c) => c.startedAt));
    const firstEnd = Math.min(...calls.map((c) => c.startedAt + c.durationMs));
    expect(lastStart).toBeLessThan(firstEnd);
  });

  it('asks two approvals of one turn one after the other: the approved call runs, the denied one does not', async () => {
    const pending = call('refunds-1', 'run', { input: 'refunds G-7 H-8' });
    expect(await pendingApproval('refunds-1')).toMatchObject({ callId: 'refund-G-7' });
    // One at a time: the second call of the turn is not asked about before the first is decided.
    expect((await call('refunds-1', 'approve', { callId: 'refund-H-8' })).status).toBe(404);
    expect((await call('refunds-1', 'approve', { callId: 'refund-G-7' })).status).toBe(200);
    expect(await pendingApproval('refunds-1', 'refund-H-8')).toMatchObject({
      name: 'refund',
      args: { orderId: 'H-8' },
    });
    expect((await call('refunds-1', 'deny', { callId: 'refund-H-8', reason: 'duplicate' })).status).toBe(200);
    const { status, json } = await pending;
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.steps[0].calls.map((c: { outcome: string }) => c.outcome)).toEqual(['ran', 'denied']);
    expect(json.text).toContain('{"output":{"refunded":"G-7"}}');
    expect(json.text).toContain('duplicate');
    expect(shop.refunds.filter((id) => id === 'G-7' || id === 'H-8')).toEqual(['G-7']);
    expect(sdkLog.filter((line) => /awaitNext|RT0007|already pending/.test(line))).toEqual([]);
  });

  it("Restate's cancel aborts the run and reaches the running tool", async () => {
    const sent = await fetch(`${server.ingress}/Support/audit-1/run/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'audit C-3' }),
    });
    const { invocationId } = (await sent.json()) as { invocationId: string };
    await until(() => shop.started.includes('C-3'), 20_000, server.log);
    const requests = fake.requests.length;

    const cancelled = await fetch(`${server.admin}/invocations/${invocationId}/cancel`, { method: 'PATCH' });
    expect(cancelled.status).toBeLessThan(300);
    await until(() => shop.aborted.includes('C-3'), 20_000, server.log);
    const outcome = await fetch(`${server.ingress}/restate/invocation/${invocationId}/attach`);
    expect(outcome.status).toBe(409);
    // The model was not asked again after the cancel, and the conversation did not keep the cancelled send.
    expect(fake.requests.length).toBe(requests);
    expect((await call('audit-1', 'history')).json).toEqual([]);
  });

  it(
    "fails the run after the Agent's own retries of a failing model API, " + 'without Restate retrying the step',
    async () => {
      const before = fake.requests.length;
      const { status, json } = await call('broken-1', 'run', { input: 'fail now' });
      expect(status).toBe(500);
      expect(JSON.stringify(json)).toContain('after 2 attempts');
      // One try and the Agent's one retry; Restate journaled the failure and asked no more.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fake.requests.length - before).toBe(2);
    },
  );

  it('journals a tool error as a result the model reads: the tool ran once, Restate retried nothing', async () => {
    const { status, json } = await call('explode-1', 'run', { input: 'explode D-4' });
    expect(status).toBe(200);
    expect(json.text).toContain('the warehouse has no order D-4');
    expect(json.steps[0].calls[0]).toMatchObject({ ok: false, outcome: 'ran' });
    expect(shop.explosions).toBe(1);
  });

  it('refuses a body without input with a 400', async () => {
    const { status } = await call('bad-1', 'run', { text: 'hi' });
    expect(status).toBe(400);
  });
});
