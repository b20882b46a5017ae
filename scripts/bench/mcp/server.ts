// A server for the MCP benchmark, one `add(a, b)` tool: `toolwright` (a Toolbox through serveMcp) or `sdk` (the SDK's
// McpServer with the same tool registered by hand, zod schema), on `stdio` or `http` (prints its URL first); `both`
// serves the two on HTTP in one process (prints both URLs).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineManifest, tool, Toolbox } from '@toolwright/core';
import { serveMcp } from '@toolwright/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

class Calculator {
  @tool()
  add(a: number, b: number): number {
    return a + b;
  }
}

const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'add',
      description: 'Adds two numbers.',
      class: 'Calculator',
      method: 'add',
      file: 'server.ts',
      target: () => Calculator,
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      params: [
        { name: 'a', kind: 'value' },
        { name: 'b', kind: 'value' },
      ],
      returns: { type: 'number' },
    },
  ],
});

function sdkServer(): McpServer {
  const server = new McpServer({ name: 'sdk', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }),
  );
  return server;
}

/** The SDK's Streamable HTTP server as its documentation shows it: a transport per session, kept in a map. */
async function sdkHttp(): Promise<string> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const id = request.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, created),
      });
      await sdkServer().connect(created);
      transport = created;
    }
    if (!transport) {
      response.writeHead(400).end();
      return;
    }
    await transport.handleRequest(request, response, body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

const [kind, transport] = process.argv.slice(2);
if (kind === 'both') {
  // Both HTTP servers in one process, so that the machine's load falls on them alike.
  const toolbox = new Toolbox([new Calculator()], manifest);
  const ours = await serveMcp(toolbox, { transport: 'http' });
  process.stdout.write(`${ours.url} ${await sdkHttp()}\n`);
} else if (kind === 'toolwright') {
  const toolbox = new Toolbox([new Calculator()], manifest);
  if (transport === 'http') process.stdout.write(`${(await serveMcp(toolbox, { transport: 'http' })).url}\n`);
  else await serveMcp(toolbox, { transport: 'stdio' });
} else if (transport === 'http') process.stdout.write(`${await sdkHttp()}\n`);
else await sdkServer().connect(new StdioServerTransport());
