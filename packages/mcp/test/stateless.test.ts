// Stateless mode behind a load balancer: two server processes, a round-robin proxy in front, one SDK client. Every
// request may land on either process, and the session-less protocol still works end to end.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatorScript, startUrlPrinter, stop } from './support/processes.js';
import { budget } from '../../../test/support/time-budget.js';

describe('stateless HTTP serving on two processes', () => {
  const children: ChildProcess[] = [];
  let proxy: Server;
  let proxyUrl: string;
  beforeAll(async () => {
    const started = await Promise.all([0, 1].map(() => startUrlPrinter(calculatorScript, ['http', 'stateless'])));
    children.push(...started.map((entry) => entry.child));
    const backends = started.map((entry) => new URL(entry.url));
    let next = 0;
    proxy = createServer((incoming, outgoing) => {
      const target = backends[next++ % backends.length]!;
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: incoming.method,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  }, budget(60_000));
  afterAll(async () => {
    proxy?.closeAllConnections();
    await new Promise((resolve) => proxy?.close(resolve));
    await Promise.all(children.map(stop));
  });

  it(
    'answers every request on whichever process gets it',
    async () => {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(proxyUrl)));
      expect((client.transport as StreamableHTTPClientTransport).sessionId).toBeUndefined();
      const pids = new Set<number>();
      for (let i = 0; i < 6; i++) {
        const stats = await client.callTool({ name: 'stats', arguments: {} });
        pids.add((stats.structuredContent as { pid: number }).pid);
      }
      for (let i = 0; i < 6; i++) {
        const sum = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
        expect(sum.content).toEqual([{ type: 'text', text: String(i + 1) }]);
      }
      expect(pids).toEqual(new Set(children.map((child) => child.pid)));
      expect((await client.listTools()).tools).toHaveLength(5);
      await client.close();
    },
    budget(30_000),
  );
});
