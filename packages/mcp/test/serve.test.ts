// A served Toolbox driven by the official MCP SDK client (not by this package's import side): over stdio in a child
// process, and over Streamable HTTP with sessions, 50 clients at once, the Origin check and an authorize hook.
import { Toolbox } from '@toolwright/core';
import { createMcpServer, serveMcp, type HttpServe } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Calculator, manifest } from './support/calculator.js';
import { calculatorScript, tsNode } from './support/processes.js';
import { budget } from '../../../test/support/time-budget.js';

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe('over stdio, in a child process', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: tsNode.command,
        args: [...tsNode.args, calculatorScript, 'stdio'],
        cwd: tsNode.cwd,
        stderr: 'inherit',
      }),
    );
  }, budget(30_000));
  afterAll(() => client?.close());

  it('reports its name and lists every tool from the manifest', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'calculator', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((entry) => entry.name)).toEqual(['add', 'weather', 'fail', 'slow', 'stats']);
    const add = tools[0]!;
    expect(add).toMatchObject({
      title: 'Add two numbers',
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      annotations: { title: 'Add two numbers', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    });
    expect(add.outputSchema).toBeUndefined();
    expect(tools[1]!.outputSchema).toMatchObject({ type: 'object', required: ['city', 'celsius'] });
  });

  it('calls through the Toolbox: text, structured content, and errors as isError', async () => {
    expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({
      content: [{ type: 'text', text: '5' }],
    });
    const weather = await client.callTool({ name: 'weather', arguments: { city: 'Oslo' } });
    expect(weather.structuredContent).toEqual({ city: 'Oslo', celsius: 4 });
    expect(JSON.parse(text(weather))).toEqual({ city: 'Oslo', celsius: 4 });

    const invalid = await client.callTool({ name: 'add', arguments: { a: 'two' } });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/^Invalid arguments for tool "add" \(2 issues\)/);
    const thrown = await client.callTool({ name: 'fail', arguments: { reason: 'test' } });
    expect(thrown.isError).toBe(true);
    expect(text(thrown)).toBe('failed on purpose: test');
    expect(JSON.parse((thrown.content as { text: string }[])[1]!.text)).toEqual({
      name: 'RangeError',
      message: 'failed on purpose: test',
    });

    const unknown = await client.callTool({ name: 'ad', arguments: {} }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect(unknown).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/Unknown tool\. There is no tool named "ad"\. Did you mean "add"/),
    });
    // Still serving.
    expect(text(await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } }))).toBe('2');
  });

  it('sends progress when asked, and a cancellation aborts the tool', async () => {
    const progress: { progress: number; total?: number | undefined; message?: string | undefined }[] = [];
    const result = await client.callTool({ name: 'slow', arguments: { ms: 600, step: 150 } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(text(result)).toBe('done');
    // The SDK client dispatches notifications a tick later than responses, so the last one may arrive after it
    // stopped listening: every step but the last must be there, in order.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual(
      [1, 2, 3, 4]
        .slice(0, progress.length)
        .map((done) => ({ progress: done, total: 4, message: `step ${done} of 4` })),
    );

    const controller = new AbortController();
    const cancelled = client.callTool({ name: 'slow', arguments: { ms: 5_000, step: 20 } }, undefined, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort('user stop'), 100);
    await expect(cancelled).rejects.toThrow();
    await expect
      .poll(async () => (await client.callTool({ name: 'stats', arguments: {} })).structuredContent)
      .toMatchObject({ cancelled: 1 });
  });
});

describe('over Streamable HTTP', () => {
  let served: HttpServe;
  let toolbox: Toolbox;
  beforeAll(async () => {
    toolbox = new Toolbox([new Calculator()], manifest);
    served = await serveMcp(toolbox, {
      transport: 'http',
      port: 0,
      authorize: (request) =>
        request.headers.authorization === 'Bearer secret' ? { token: 'secret', clientId: 'tests', scopes: [] } : false,
    });
  });
  afterAll(() => served?.close());

  const connect = async (headers: Record<string, string> = { authorization: 'Bearer secret' }) => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers } }));
    return client;
  };

  it('binds 127.0.0.1 on a free port at /mcp', () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it(
    'serves 50 clients at once, each in its own session',
    async () => {
      const clients = await Promise.all(Array.from({ length: 50 }, () => connect()));
      try {
        const sums = await Promise.all(
          clients.map((client, i) => client.callTool({ name: 'add', arguments: { a: i, b: 1000 } })),
        );
        expect(sums.map(text)).toEqual(clients.map((_, i) => String(i + 1000)));
        const lists = await Promise.all(clients.map((client) => client.listTools()));
        for (const list of lists) expect(list.tools).toHaveLength(5);
        expect(
          new Set(clients.map((client) => (client.transport as StreamableHTTPClientTransport).sessionId)).size,
        ).toBe(50);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
      }
    },
    budget(60_000),
  );

  it('refuses a request without the bearer token (401) and a foreign Origin (403)', async () => {
    await expect(connect({})).rejects.toThrow(/401|Unauthorized/);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(served.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: 'Bearer secret',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const foreign = await post({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { message: 'Origin https://evil.example is not allowed' } });
    expect((await post({ origin: 'http://localhost:5173' })).status).toBe(200);
    const stale = await fetch(served.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer secret',
        'mcp-session-id': 'gone',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(stale.status).toBe(404);
  });

  it('createMcpServer gives the SDK server to mount on any transport', async () => {
    const server = createMcpServer(toolbox, { name: 'mounted', version: '2.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    expect(client.getServerVersion()).toMatchObject({ name: 'mounted' });
    expect(text(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }))).toBe('3');
    await client.close();
  });
});
