// server-everything over HTTP: its Streamable HTTP mode (restarted on the same port mid-session, so the session is
// gone and the next call must re-initialize), and its legacy SSE mode, reached through the fallback.
import type { ChildProcess } from 'node:child_process';
import { connectMcp } from '@toolwright/mcp';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../../../test/support/child-process.js';
import { everythingScript } from './support/everything.js';
import { budget } from '../../../test/support/time-budget.js';

async function startEverything(mode: 'streamableHttp' | 'sse', port: number): Promise<ChildProcess> {
  const { child } = await startProcess(process.execPath, [everythingScript, mode], {
    env: { ...process.env, PORT: String(port) },
    ready: /(listening|running) on port/i,
    what: `server-everything ${mode}`,
  });
  return child;
}

const stop = (child: ChildProcess | undefined) => stopProcess(child, 'SIGKILL');

describe('server-everything over HTTP', () => {
  const children: ChildProcess[] = [];
  afterAll(() => Promise.all(children.map(stop)));

  it(
    're-initializes after the server restarted and lost the session',
    async () => {
      const port = await freePort();
      children.push(await startEverything('streamableHttp', port));
      const remote = await connectMcp({ url: `http://127.0.0.1:${port}/mcp` });
      try {
        expect((await remote.call({ name: 'get_sum', args: { a: 1, b: 1 } })).functionResponse.response).toEqual({
          output: expect.stringContaining('2'),
        });
        await stop(children.pop());
        children.push(await startEverything('streamableHttp', port));
        const after = await remote.call({ id: 'again', name: 'get_sum', args: { a: 20, b: 22 } });
        expect(after.functionResponse).toEqual({
          id: 'again',
          name: 'get_sum',
          response: { output: expect.stringContaining('42') },
        });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );

  it(
    'answers with an error, not an exception, while the server is down',
    async () => {
      const port = await freePort();
      children.push(await startEverything('streamableHttp', port));
      const remote = await connectMcp({ url: `http://127.0.0.1:${port}/mcp` });
      try {
        await stop(children.pop());
        const down = await remote.call({ name: 'echo', args: { message: 'x' } });
        expect(down.functionResponse.response).toMatchObject({ error: { name: 'ServerUnavailable' } });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );

  it(
    'falls back to the legacy SSE transport',
    async () => {
      const port = await freePort();
      children.push(await startEverything('sse', port));
      const remote = await connectMcp({ url: `http://127.0.0.1:${port}/sse` });
      try {
        expect(remote.has('echo')).toBe(true);
        expect((await remote.call({ name: 'echo', args: { message: 'over sse' } })).functionResponse.response).toEqual({
          output: 'Echo: over sse',
        });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );
});
