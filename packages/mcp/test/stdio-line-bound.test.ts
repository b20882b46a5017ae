// connectMcp over stdio bounds each line a server process writes, as its bytes arrive: a line past maxMessageBytes is
// dropped (never held whole), the call it answers fails with an error that names the bound, and the messages after
// its newline are read as usual. Attacked with a real child process (support/long-lines-server.ts): answers of
// megabytes on one line, in both SDKs' key orders, next to a pending call; a line that never ends (the bytes held
// are measured); lines written one byte at a time; an oversized notification and request; a server that dies
// mid-line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectMcp, type StdioTarget } from '@toolwright/mcp';
import { afterAll, describe, expect, it } from 'vitest';
import { childPids } from './support/children.js';
import { tsNode } from './support/processes.js';
import { budget } from '../../../test/support/time-budget.js';

const MIB = 1024 * 1024;
const script = fileURLToPath(new URL('./support/long-lines-server.ts', import.meta.url));
const TOO_BIG = /the server sent a message of more than 1048576 bytes \(connectMcp's maxMessageBytes\)/;

function target(flags: string[] = [], env: Record<string, string> = {}, maxMessageBytes = MIB): StdioTarget {
  return { command: tsNode.command, args: [...tsNode.args, script, ...flags], cwd: tsNode.cwd, env, maxMessageBytes };
}

type Answer = { functionResponse: { response?: Record<string, unknown> } };
const responseOf = (answer: Answer) => answer.functionResponse.response;
const errorOf = (answer: Answer) => (responseOf(answer) as { error?: { name: string; message: string } }).error;

/** The bytes this process holds in its JS heap and in buffers. */
function heldBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

describe.each([
  ['id last (the TypeScript SDK)', []],
  ['id first (the Python SDK)', ['--id-first']],
])('a line past maxMessageBytes, %s', (_, flags) => {
  it(
    'fails the call it answers with the bound, and serves the next message',
    async () => {
      const remote = await connectMcp(target(flags));
      try {
        expect(errorOf(await remote.call({ name: 'huge', args: {} }))?.message).toMatch(TOO_BIG);
        expect(responseOf(await remote.call({ name: 'small', args: {} }))).toEqual({ output: 'done' });
        // Twice the bound, and an answer past it by a byte.
        const bigger = await remote.call({ name: 'huge', args: { bytes: 2 * MIB } });
        expect(errorOf(bigger)?.message).toMatch(TOO_BIG);
        expect(responseOf(await remote.call({ name: 'small', args: {} }))).toEqual({ output: 'done' });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );

  it(
    'fails only the call it answers while another call is pending',
    async () => {
      const remote = await connectMcp(target(flags));
      try {
        // `slow` answers after the huge line has been written: both are pending when it arrives.
        const slow = remote.call({ name: 'slow', args: {} });
        const huge = remote.call({ name: 'huge', args: {} });
        expect(errorOf(await huge)?.message).toMatch(TOO_BIG);
        expect(responseOf(await slow)).toEqual({ output: 'slow done' });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );
});

describe('stdio lines from a server process', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it(
    'reads lines written one byte at a time, and bounds them the same way',
    async () => {
      const remote = await connectMcp(target([], {}, 4096));
      try {
        const within = await remote.call({ name: 'trickle', args: { bytes: 3000 } });
        expect(responseOf(within)).toEqual({ output: 't'.repeat(3000) });
        const past = await remote.call({ name: 'trickle', args: { bytes: 5000 } });
        expect(errorOf(past)?.message).toMatch(/more than 4096 bytes \(connectMcp's maxMessageBytes\)/);
        expect(responseOf(await remote.call({ name: 'small', args: {} }))).toEqual({ output: 'done' });
      } finally {
        await remote.close();
      }
    },
    budget(60_000),
  );

  it(
    'drops an oversized notification and answers an oversized request with the bound',
    async () => {
      const remote = await connectMcp(target());
      try {
        const notified = await remote.call({ name: 'notify_huge', args: {} });
        expect(responseOf(notified)).toEqual({ output: 'after the notification' });
        // The server's request (a ping of 3 MiB) gets an error back, with its id.
        const asked = await remote.call({ name: 'ask_huge', args: {} });
        expect(responseOf(asked)).toEqual({
          output: { jsonrpc: '2.0', id: 'ask-1', error: { code: -32603, message: expect.stringMatching(TOO_BIG) } },
        });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );

  it(
    'fails a call whose server dies mid-line, and starts the server again for the next call',
    async () => {
      const remote = await connectMcp(target(), { retry: false });
      try {
        const died = await remote.call({ name: 'die', args: {} });
        expect(errorOf(died)).toMatchObject({ name: 'ServerUnavailable', message: /closed the connection/ });
        expect(responseOf(await remote.call({ name: 'small', args: {} }))).toEqual({ output: 'done' });
      } finally {
        await remote.close();
      }
      // Dying inside a line already past the bound: the call fails with the bound, not as a lost server. It fails
      // as the line passes the bound, before the server ends: the next call may reach the dying server, and is sent
      // again.
      const retrying = await connectMcp(target());
      try {
        const diedHuge = await retrying.call({ name: 'die_huge', args: {} });
        expect(errorOf(diedHuge)?.message).toMatch(TOO_BIG);
        expect(responseOf(await retrying.call({ name: 'small', args: {} }))).toEqual({ output: 'done' });
      } finally {
        await retrying.close();
      }
    },
    budget(60_000),
  );

  it(
    'holds a bounded number of bytes while a line never ends, and close() ends the writer',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'long-lines-'));
      folders.push(folder);
      const countFile = join(folder, 'sent');
      const remote = await connectMcp(target([], { COUNT_FILE: countFile }));
      const sent = () => {
        try {
          return Number(readFileSync(countFile, 'utf8'));
        } catch {
          return 0;
        }
      };
      try {
        const before = heldBytes();
        let most = before;
        // The call fails as soon as its answer passes the bound: the line goes on.
        const endless = await remote.call({ name: 'endless', args: {} });
        expect(errorOf(endless)?.message).toMatch(TOO_BIG);
        while (sent() < 256 * MIB) {
          most = Math.max(most, heldBytes());
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        // 256 MiB went through; what this process held grew by far less (a reader that kept the line would hold it all).
        console.log(`endless line: ${sent() / MIB} MiB sent, ${((most - before) / MIB).toFixed(1)} MiB held at most`);
        expect((most - before) / MIB).toBeLessThan(64);
      } finally {
        await remote.close();
      }
      expect(childPids(script)).toEqual([]);
    },
    budget(120_000),
  );
});
