// In stateless mode a cancellation arrives in a POST of its own; it still reaches the tool's ToolContext.signal,
// from the official SDK client and from connectMcp, and ends the cancelled call's stream. It never reaches another
// principal's call, nor a call whose id is ambiguous.
import { defineTool, Toolbox, type ToolContext } from '@toolwright/core';
import { connectMcp, serveMcp, type HttpServe } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from './support/raw-mcp.js';

function waitingToolbox() {
  const seen: { started: number; aborted: string[]; finished: number } = { started: 0, aborted: [], finished: 0 };
  const wait = defineTool<{ ms: number }>({
    name: 'wait',
    description: 'Waits, unless cancelled.',
    parameters: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] },
    handler: async ({ ms }, context: ToolContext) => {
      seen.started++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        context.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (context.signal.aborted) seen.aborted.push(String(context.signal.reason?.message ?? context.signal.reason));
      else seen.finished++;
      return 'done';
    },
  });
  return { toolbox: new Toolbox([wait]), seen };
}

let served: HttpServe | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('cancellation in stateless mode', () => {
  it('from the official SDK client: the tool sees its signal abort', async () => {
    const { toolbox, seen } = waitingToolbox();
    served = await serveMcp(toolbox, { transport: 'http', sessions: false });
    const client = new Client({ name: 'sdk', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: { ms: 10_000 } }, undefined, { signal: controller.signal });
    await expect.poll(() => seen.started, { timeout: 10_000 }).toBe(1);
    controller.abort('user pressed stop');
    await expect(call).rejects.toThrow();
    await expect.poll(() => seen.aborted.length).toBe(1);
    expect(seen.aborted[0]).toMatch(/cancelled/);
    expect(seen.finished).toBe(0);
    // Still serving.
    expect((await client.callTool({ name: 'wait', arguments: { ms: 1 } })).content).toEqual([
      { type: 'text', text: 'done' },
    ]);
    await client.close();
  });

  it("from toolwright's own client (connectMcp)", async () => {
    const { toolbox, seen } = waitingToolbox();
    served = await serveMcp(toolbox, { transport: 'http', sessions: false });
    const remote = await connectMcp({ url: served.url });
    const controller = new AbortController();
    const call = remote.call({ name: 'wait', args: { ms: 10_000 } }, { signal: controller.signal });
    await expect.poll(() => seen.started, { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect((await call).functionResponse.response).toMatchObject({ error: { name: 'AbortError' } });
    await expect.poll(() => seen.aborted.length).toBe(1);
    await remote.close();
  });

  it("another principal's cancellation, and one that names an ambiguous id, cancel nothing", async () => {
    const { toolbox, seen } = waitingToolbox();
    served = await serveMcp(toolbox, {
      transport: 'http',
      sessions: false,
      authorize: (request) => {
        const user = request.headers.authorization?.slice('Bearer '.length);
        return user === 'alice' || user === 'bob' ? { token: user, clientId: user, scopes: [] } : false;
      },
    });
    const as = (user: string) => ({ authorization: `Bearer ${user}` });
    const call = (user: string, id: number) =>
      post(
        served!.url,
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: { ms: 1_500 } } },
        as(user),
      );
    const cancel = (user: string, id: number) =>
      post(served!.url, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } }, as(user));

    const alices = call('alice', 1);
    await expect.poll(() => seen.started, { timeout: 10_000 }).toBe(1);
    expect((await cancel('bob', 1)).status).toBe(202);
    // Two calls of bob's with the same id: which one his cancellation means cannot be told.
    const bobs = [call('bob', 5), call('bob', 5)];
    await expect.poll(() => seen.started).toBe(3);
    await cancel('bob', 5);
    const answers = await Promise.all([alices, ...bobs]);
    for (const answer of answers) expect(answer.messages[0]).toMatchObject({ result: { content: [{ text: 'done' }] } });
    expect(seen).toEqual({ started: 3, aborted: [], finished: 3 });

    // A plain case for the same principal still cancels.
    const mine = call('alice', 9);
    await expect.poll(() => seen.started).toBe(4);
    await cancel('alice', 9);
    expect((await mine).messages).toEqual([]);
    await expect.poll(() => seen.aborted.length).toBe(1);
  });
});
