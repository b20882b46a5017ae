// serveMcp over stdio bounds each line a client writes, as its bytes arrive: a request past maxMessageBytes is
// answered with an error that names the bound, a line that never ends is dropped as it streams in (the server
// process's peak memory is measured), and the requests after its newline are served. Attacked in a child process
// (support/serve-calculator.ts) by the official SDK client and by raw writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { initializeRequest } from './support/raw-mcp.js';
import { calculatorScript, stop, tsNode } from './support/processes.js';
import { budget } from '../../../test/support/time-budget.js';

const MIB = 1024 * 1024;
const TOO_BIG = /the client sent a message of more than 1048576 bytes \(serveMcp's maxMessageBytes\)/;
const served = [...tsNode.args, calculatorScript, 'stdio', String(MIB)];

interface Reply {
  id?: unknown;
  result?: { content?: Array<{ text?: string }> };
  error?: { code: number; message: string };
}

/** The served calculator in a child, spoken to by hand: lines written as given, replies read by id. */
function rawServer() {
  const child = spawn(tsNode.command, served, { cwd: tsNode.cwd, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<unknown, (reply: Reply) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reply = JSON.parse(line) as Reply;
    waiting.get(reply.id)?.(reply);
  });
  const write = (text: string) =>
    new Promise<void>((resolve) => (child.stdin.write(text) ? resolve() : child.stdin.once('drain', resolve)));
  const replyTo = (id: unknown) => new Promise<Reply>((resolve) => waiting.set(id, resolve));
  return { child, write, replyTo };
}

const add = (id: number, a: number, b: number) =>
  `${JSON.stringify({ method: 'tools/call', params: { name: 'add', arguments: { a, b } }, jsonrpc: '2.0', id })}\n`;

/** The most memory the process has held (its peak resident set), in bytes. */
function peakMemory(pid: number): number {
  const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) * 1024;
}

describe('serveMcp over stdio, a line past maxMessageBytes', () => {
  const children: ChildProcess[] = [];
  afterEach(() => Promise.all(children.splice(0).map(stop)));

  it(
    'answers an oversized request from the SDK client with the bound, and serves the next',
    async () => {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({ command: tsNode.command, args: served, cwd: tsNode.cwd, stderr: 'inherit' }),
      );
      try {
        const huge = client.callTool({ name: 'weather', arguments: { city: 'x'.repeat(3 * MIB) } });
        await expect(huge).rejects.toThrow(McpError);
        await expect(huge).rejects.toThrow(TOO_BIG);
        expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).toEqual({
          content: [{ type: 'text', text: '5' }],
        });
      } finally {
        await client.close();
      }
    },
    budget(30_000),
  );

  it(
    'holds a bounded number of bytes while a line goes on, and serves the requests after its newline',
    async () => {
      const server = rawServer();
      children.push(server.child);
      const initialized = server.replyTo(1);
      await server.write(`${JSON.stringify(initializeRequest(1))}\n`);
      expect((await initialized).result).toBeDefined();
      await server.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      const first = server.replyTo(2);
      await server.write(add(2, 1, 1));
      expect((await first).result?.content?.[0]?.text).toBe('2');

      const before = peakMemory(server.child.pid!);
      // 256 MiB of one argument, in 64 KiB writes, then the request's end: answered with the bound, by its id.
      const oversized = server.replyTo(3);
      await server.write('{"method":"tools/call","params":{"name":"weather","arguments":{"city":"');
      const chunk = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent < 256 * MIB; sent += chunk.length) await server.write(chunk);
      await server.write('"}},"jsonrpc":"2.0","id":3}\n');
      expect(await oversized).toMatchObject({
        id: 3,
        error: { code: -32600, message: expect.stringMatching(TOO_BIG) },
      });
      const grown = (peakMemory(server.child.pid!) - before) / MIB;
      console.log(`serveMcp, a client line of 256 MiB: the server's peak memory grew ${grown.toFixed(1)} MiB`);
      expect(grown).toBeLessThan(64);

      // A request written one byte at a time is read whole.
      const trickled = server.replyTo(4);
      for (const byte of add(4, 20, 22)) {
        await server.write(byte);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await trickled).result?.content?.[0]?.text).toBe('42');
    },
    budget(120_000),
  );
});
