// Sessions are bounded (a count and an idle time) and bound to the principal that opened them: raw HTTP clients
// open thousands, wait them out, and present another user's session id.
import { defineTool, Toolbox, type ToolContext } from '@toolwright/core';
import { serveMcp, type HttpServe } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { initializeRequest, openSession, post, send } from './support/raw-mcp.js';
import { heapGrowth } from '../../../test/support/heap-growth.js';
import { budget } from '../../../test/support/time-budget.js';

const object = { type: 'object', properties: {}, additionalProperties: false } as const;

function waitingToolbox() {
  const seen = { aborted: 0, finished: 0 };
  const running = { count: 0 };
  const wait = defineTool<{ ms: number }>({
    name: 'wait',
    description: 'Waits, unless cancelled.',
    parameters: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] },
    handler: async ({ ms }, context: ToolContext) => {
      running.count++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        context.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      running.count--;
      if (context.signal.aborted) seen.aborted++;
      else seen.finished++;
      return context.signal.aborted ? 'aborted' : 'done';
    },
  });
  const echo = defineTool({ name: 'hello', description: 'Says hello.', parameters: object, handler: () => 'hello' });
  return { toolbox: new Toolbox([wait, echo]), seen, running };
}

const bearer = (user: string) => ({ authorization: `Bearer ${user}` });
const users = new Set(['alice', 'bob']);

let served: HttpServe | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('a session belongs to the principal that opened it', () => {
  it("another user with a valid token cannot use, cancel or delete alice's session", async () => {
    const { toolbox, seen } = waitingToolbox();
    served = await serveMcp(toolbox, {
      transport: 'http',
      authorize: (request) => {
        const user = request.headers.authorization?.slice('Bearer '.length) ?? '';
        return users.has(user) ? { token: user, clientId: user, scopes: [] } : false;
      },
    });
    const alice = new Client({ name: 'alice', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(served.url), {
      requestInit: { headers: bearer('alice') },
    });
    await alice.connect(transport);
    const sessionId = transport.sessionId!;
    const call = alice.callTool({ name: 'wait', arguments: { ms: 400 } });
    await expect.poll(() => served!.sessionCount).toBe(1);

    const asBob = { ...bearer('bob'), 'mcp-session-id': sessionId };
    const listed = await post(served.url, { jsonrpc: '2.0', id: 7, method: 'tools/list' }, asBob);
    expect(listed.status).toBe(404);
    expect(listed.text).not.toContain('wait');
    // alice's call is request 1 of her session (0 was initialize).
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'bob' } };
    expect((await post(served.url, cancel, asBob)).status).toBe(404);
    expect((await send(served.url, 'GET', asBob)).status).toBe(404);
    expect((await send(served.url, 'DELETE', asBob)).status).toBe(404);

    expect((await call).content).toEqual([{ type: 'text', text: 'done' }]);
    expect(seen).toEqual({ aborted: 0, finished: 1 });
    expect((await alice.callTool({ name: 'hello', arguments: {} })).content).toEqual([{ type: 'text', text: 'hello' }]);
    expect(served.sessionCount).toBe(1);
    await alice.close();
  });
});

describe('the number of sessions is bounded', () => {
  it('answers 503 past maxSessions, and has room again once one is deleted', async () => {
    served = await serveMcp(waitingToolbox().toolbox, { transport: 'http', maxSessions: 5 });
    const ids = await Promise.all(Array.from({ length: 5 }, () => openSession(served!.url)));
    const refused = await post(served.url, initializeRequest());
    expect(refused.status).toBe(503);
    expect(refused.messages[0]?.error?.message).toMatch(/Too many sessions/);
    expect(served.sessionCount).toBe(5);
    expect((await send(served.url, 'DELETE', { 'mcp-session-id': ids[0]! })).status).toBe(200);
    await expect.poll(() => served!.sessionCount).toBe(4);
    await openSession(served.url);
    expect(served.sessionCount).toBe(5);
  });

  it(
    '3,000 initializations from a flood keep the count at the cap and the heap small',
    async () => {
      served = await serveMcp(waitingToolbox().toolbox, { transport: 'http', maxSessions: 100 });
      const grown = heapGrowth();
      const statuses = new Map<number, number>();
      for (let wave = 0; wave < 60; wave++) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => post(served!.url, initializeRequest())));
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 100, 503: 2_900 });
      expect(served.sessionCount).toBe(100);
      // 3,000 sessions took 74 to 128 MiB; 100 keep about 8 (after full collections). Loose, for a loaded machine.
      expect(grown()).toBeLessThan(48);
    },
    budget(120_000),
  );
});

describe('one client cannot take every session', () => {
  const authorize = (request: IncomingMessage) => {
    const user = request.headers.authorization?.slice('Bearer '.length) ?? '';
    return users.has(user) ? { token: user, clientId: user, scopes: [] } : false;
  };

  it("past maxSessionsPerClient a client's oldest idle session makes room; other clients are untouched", async () => {
    served = await serveMcp(waitingToolbox().toolbox, { transport: 'http', authorize, maxSessionsPerClient: 3 });
    const bobs = await openSession(served.url, bearer('bob'));
    const alices: string[] = [];
    for (let i = 0; i < 5; i++) alices.push(await openSession(served.url, bearer('alice')));
    expect(served.sessionCount).toBe(4);
    const list = (id: string, user: string) =>
      post(served!.url, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { ...bearer(user), 'mcp-session-id': id });
    expect((await list(alices[0]!, 'alice')).status).toBe(404);
    expect((await list(alices[1]!, 'alice')).status).toBe(404);
    for (const id of alices.slice(2)) expect((await list(id, 'alice')).status).toBe(200);
    expect((await list(bobs, 'bob')).status).toBe(200);
  });

  it('a client whose sessions are all busy gets 429, and another client still gets in', async () => {
    const { toolbox, seen, running } = waitingToolbox();
    served = await serveMcp(toolbox, { transport: 'http', authorize, maxSessionsPerClient: 2 });
    const busy = Promise.all(
      [0, 1].map(async () => {
        const id = await openSession(served!.url, bearer('alice'));
        const call = {
          jsonrpc: '2.0',
          id: 5,
          method: 'tools/call',
          params: { name: 'wait', arguments: { ms: 1_500 } },
        };
        return post(served!.url, call, { ...bearer('alice'), 'mcp-session-id': id });
      }),
    );
    await expect.poll(() => running.count, { timeout: 10_000 }).toBe(2);
    const refused = await post(served.url, initializeRequest(), bearer('alice'));
    expect(refused.status).toBe(429);
    await openSession(served.url, bearer('bob'));
    for (const answer of await busy) expect(answer.status).toBe(200);
    expect(seen).toEqual({ aborted: 0, finished: 2 });
  });
});

describe('idle sessions expire', () => {
  it('closes a session idle past sessionIdleMs; its id then answers 404', async () => {
    served = await serveMcp(waitingToolbox().toolbox, { transport: 'http', sessionIdleMs: 150 });
    const id = await openSession(served.url);
    expect(served.sessionCount).toBe(1);
    await expect.poll(() => served!.sessionCount, { timeout: budget(5_000) }).toBe(0);
    const late = await post(served.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-session-id': id });
    expect(late.status).toBe(404);
  });

  it('keeps a session whose call runs longer than the idle time', async () => {
    served = await serveMcp(waitingToolbox().toolbox, { transport: 'http', sessionIdleMs: 100 });
    const client = new Client({ name: 'long', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    // Four idle periods, every one of them swept, while the call runs.
    expect((await client.callTool({ name: 'wait', arguments: { ms: 400 } })).content).toEqual([
      { type: 'text', text: 'done' },
    ]);
    expect((await client.callTool({ name: 'hello', arguments: {} })).content).toEqual([
      { type: 'text', text: 'hello' },
    ]);
    await client.close();
  });

  it('refuses options that would disable the bounds', async () => {
    const { toolbox } = waitingToolbox();
    await expect(serveMcp(toolbox, { transport: 'http', maxSessions: 0 })).rejects.toThrow(/maxSessions/);
    await expect(serveMcp(toolbox, { transport: 'http', maxSessionsPerClient: -1 })).rejects.toThrow(/PerClient/);
    await expect(serveMcp(toolbox, { transport: 'http', sessionIdleMs: Number.NaN })).rejects.toThrow(/sessionIdleMs/);
  });
});

describe('echoes are bounded', () => {
  it('an unknown tool name of 3 MB comes back cut, and so does a long path', async () => {
    served = await serveMcp(waitingToolbox().toolbox, { transport: 'http' });
    const client = new Client({ name: 'echo', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const error = await client
      .callTool({ name: 'x'.repeat(3_000_000), arguments: {} })
      .catch((thrown: Error) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/There is no tool named "x+\.\.\. \(3000000 characters\)"/);
    expect((error as Error).message.length).toBeLessThan(1_000);
    await client.close();
    const path = await fetch(`${served.url.replace(/\/mcp$/, '')}/${'p'.repeat(8_000)}`);
    expect(path.status).toBe(404);
    expect((await path.text()).length).toBeLessThan(400);
  });
});
