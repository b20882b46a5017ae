// connectMcp over HTTP bounds each message from the server in bytes as it arrives, before the SDK parses it: a
// 3 MiB answer fails the call at a bound of 1 MiB, in JSON and in SSE responses, and the heap does not take it
// whole; a stream of many small events that add up past the bound is not cut.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { connectMcp } from '@toolwright/mcp';
import { afterAll, describe, expect, it } from 'vitest';

const MIB = 1024 * 1024;
const tools = ['huge', 'chatty', 'small'].map((name) => ({ name, inputSchema: { type: 'object' as const } }));

/** A stateless MCP server on the official SDK, answering in JSON or in SSE. */
async function hostileHttp(json: boolean): Promise<{ url: string; http: HttpServer }> {
  const http = createServer(async (request, response) => {
    const server = new Server({ name: 'big', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (call, extra) => {
      if (call.params.name === 'huge') return { content: [{ type: 'text', text: 'x'.repeat(3 * MIB) }] };
      if (call.params.name === 'chatty') {
        const token = call.params._meta?.progressToken ?? 'none';
        for (let step = 0; step < 30; step++) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, message: 'p'.repeat(100_000) },
          });
        }
      }
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: json }) /* no session ids: stateless */;
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, http };
}

describe.each([
  ['JSON', true],
  ['SSE', false],
])('a message bound before parsing, %s responses', (_, json) => {
  const servers: HttpServer[] = [];
  afterAll(() => Promise.all(servers.map((http) => new Promise((resolve) => http.close(resolve)))));

  it('fails a call whose answer passes maxMessageBytes, and keeps the connection for the next', async () => {
    const { url, http } = await hostileHttp(json);
    servers.push(http);
    const remote = await connectMcp({ url, transport: 'streamable-http', maxMessageBytes: MIB }, { timeoutMs: 20_000 });
    try {
      const huge = await remote.call({ name: 'huge', args: {} });
      expect(huge.functionResponse.response).toMatchObject({
        error: { message: expect.stringMatching(/more than 1048576 bytes/) },
      });
      const small = await remote.call({ name: 'small', args: {} });
      expect(small.functionResponse.response).toEqual({ output: 'done' });
      // 30 events of 100 KB, 3 MB in all: each event is under the bound.
      const progress: number[] = [];
      const chatty = await remote.call({ name: 'chatty', args: {} }, { onProgress: (p) => progress.push(p.progress) });
      expect(chatty.functionResponse.response).toEqual({ output: 'done' });
      if (!json) expect(progress.length).toBe(30);
    } finally {
      await remote.close();
    }
  }, 60_000);
});
