// The legacy SSE fallback with custom headers: a server built on the SDK's SSEServerTransport that answers 401
// without the bearer token sees the token on the SSE GET stream and on every POST of the session, also after the
// server ended the session and the McpToolbox opened a new one.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectMcp } from '@toolwright/mcp';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenToolsServer, goodTools } from './support/broken-tools.js';

describe('the SSE fallback with headers', () => {
  const seen: {
    method: string;
    path: string;
    authorization: string | undefined;
    trace: string | string[] | undefined;
  }[] = [];
  const sessions = new Map<string, SSEServerTransport>();
  const http = createServer((request: IncomingMessage, response: ServerResponse) => void handle(request, response));
  let url = '';

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    seen.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      trace: request.headers['x-trace'],
    });
    if (request.headers.authorization !== 'Bearer secret') return void response.writeHead(401).end('unauthorized');
    if (request.method === 'GET' && path === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      transport.onclose = () => sessions.delete(transport.sessionId);
      await brokenToolsServer(() => goodTools).connect(transport);
    } else if (request.method === 'POST' && path === '/messages') {
      const session = sessions.get(new URL(request.url ?? '/', 'http://localhost').searchParams.get('sessionId') ?? '');
      if (!session) return void response.writeHead(404).end('no such session');
      await session.handlePostMessage(request, response);
    } else {
      response.writeHead(405).end('SSE only'); // a Streamable HTTP POST: the client's cue to fall back
    }
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/sse`;
  });
  afterAll(async () => {
    await Promise.all([...sessions.values()].map((session) => session.close()));
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  it('sends the headers on the SSE stream and on every POST, after falling back from Streamable HTTP', async () => {
    seen.length = 0;
    const remote = await connectMcp({ url, headers: { Authorization: 'Bearer secret' } });
    try {
      expect(remote.tools().map((tool) => tool.name)).toEqual(['add', 'weather', 'wait']);
      expect((await remote.call({ name: 'add', args: { a: 2, b: 3 } })).functionResponse.response).toEqual({
        output: 5,
      });
    } finally {
      await remote.close();
    }
    const kinds = seen.map(({ method, path }) => `${method} ${path}`);
    expect(kinds[0]).toBe('POST /sse');
    expect(kinds).toContain('GET /sse');
    // initialize, notifications/initialized, tools/list and tools/call at least
    expect(kinds.filter((kind) => kind === 'POST /messages').length).toBeGreaterThanOrEqual(4);
    expect(seen.filter((request) => request.authorization !== 'Bearer secret')).toEqual([]);
  });

  it('sends them with transport "sse" too, and fails the connect without them', async () => {
    seen.length = 0;
    const remote = await connectMcp({ url, headers: { Authorization: 'Bearer secret' }, transport: 'sse' });
    await remote.close();
    expect(seen.map(({ method, path }) => `${method} ${path}`)[0]).toBe('GET /sse');
    expect(seen.every((request) => request.authorization === 'Bearer secret')).toBe(true);
    await expect(connectMcp({ url, transport: 'sse' })).rejects.toThrow(/401/);
  });

  it('opens a new SSE session, headers and all, when the server ended the last one', async () => {
    const remote = await connectMcp({ url, headers: { Authorization: 'Bearer secret' }, transport: 'sse' });
    try {
      expect((await remote.call({ name: 'add', args: { a: 1, b: 2 } })).functionResponse.response).toEqual({
        output: 3,
      });
      const before = [...sessions.keys()];
      await Promise.all([...sessions.values()].map((session) => session.close()));
      seen.length = 0;
      const after = await remote.call({ id: 'again', name: 'add', args: { a: 20, b: 22 } });
      expect(after.functionResponse).toEqual({ id: 'again', name: 'add', response: { output: 42 } });
      expect([...sessions.keys()].filter((id) => before.includes(id))).toEqual([]);
      expect(seen.map(({ method, path }) => `${method} ${path}`)).toContain('GET /sse');
      expect(seen.every((request) => request.authorization === 'Bearer secret')).toBe(true);
    } finally {
      await remote.close();
    }
  });

  it('sends each header once and unchanged, whatever the case of its name', async () => {
    const casing = (name: string) =>
      fc
        .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
        .map((upper) => [...name].map((char, i) => (upper[i] ? char.toUpperCase() : char.toLowerCase())).join(''));
    await fc.assert(
      fc.asyncProperty(
        casing('authorization'),
        casing('x-trace'),
        fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/),
        async (auth, trace, value) => {
          seen.length = 0;
          const remote = await connectMcp({
            url,
            headers: { [auth]: 'Bearer secret', [trace]: value },
            transport: 'sse',
          });
          await remote.call({ name: 'add', args: { a: 1, b: 1 } });
          await remote.close();
          expect(seen.length).toBeGreaterThanOrEqual(5);
          expect(
            seen.filter((request) => request.authorization !== 'Bearer secret' || request.trace !== value),
          ).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});
