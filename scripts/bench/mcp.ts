// MCP round trips, each against a baseline measured in the same run with the same client:
// - serve: one call to a Toolbox served by serveMcp vs the SDK's own McpServer with the same tool registered by hand,
//   over stdio (a child each) and over Streamable HTTP (both in one child), same SDK Client: ratio <= 1.10 each.
// - import: McpToolbox.call vs the SDK Client's callTool directly with the same request options (time limit restarted
//   by progress), on the same Client and server (stdio): <= 1.10; the ratio against a bare callTool is printed too.
// - the stdio transport connectMcp starts (lines bounded as they arrive) vs the SDK's StdioClientTransport, each
//   under an SDK Client: <= 1.10.
// - 100 concurrent calls over HTTP to the served Toolbox: calls per second (reported).
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/mcp.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connectMcp } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { median } from './measure.js';
import { ChildProcessTransport } from '../../packages/mcp/src/stdio/child-process-transport.js';

const TARGET_RATIO = 1.1;
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const BATCH = Number(process.env.BATCH ?? 100);
const CONCURRENT = 100;
const WARMUP = Number(process.env.WARMUP ?? 400);

const here = dirname(fileURLToPath(import.meta.url));
const serverScript = join(here, 'mcp/server.ts');
const repoRoot = join(here, '../..');
const nodeArgs = ['--conditions=@toolwright/source', '--import', 'tsx', serverScript];
const children: ChildProcess[] = [];

async function stdioClient(kind: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...nodeArgs, kind, 'stdio'],
      cwd: repoRoot,
      stderr: 'inherit',
    }),
  );
  return client;
}

/** The served Toolbox and the SDK server on HTTP, in one child process. */
async function httpUrls(): Promise<[string, string]> {
  const child = spawn(process.execPath, [...nodeArgs, 'both', 'http'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line.trim().split(' ') as [string, string];
}

async function httpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/**
 * Microseconds per sequential call of each contender. The machine is shared, so the two alternate call by call (in
 * a random order per pair) and each round's figures are medians of per-call times: both meet the same load.
 */
async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < WARMUP; i++) await Promise.all([a(), b()]); // warm-up: both servers' JIT settles
  const rounds: [number, number][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < BATCH; i++) {
      const order = Math.random() < 0.5 ? ([0, 1] as const) : ([1, 0] as const);
      for (const index of order) {
        const started = performance.now();
        await (index === 0 ? a() : b());
        times[index].push((performance.now() - started) * 1000);
      }
    }
    rounds.push([median(times[0]), median(times[1])]);
  }
  return [median(rounds.map((round) => round[0])), median(rounds.map((round) => round[1]))];
}

const results: { name: string; ratio: number }[] = [];
function report(name: string, ours: number, baseline: number): void {
  const ratio = ours / baseline;
  results.push({ name, ratio });
  console.log(
    `${name.padEnd(34)} ${ours.toFixed(0).padStart(6)} us vs ${baseline.toFixed(0).padStart(6)} us   ` +
      `ratio ${ratio.toFixed(3)} (target <= ${TARGET_RATIO})`,
  );
}

const args = { a: 2, b: 3 };
try {
  const [oursStdio, sdkStdio] = await Promise.all([stdioClient('toolwright'), stdioClient('sdk')]);
  const [servedStdio, sdkStdioTime] = await compare(
    () => oursStdio.callTool({ name: 'add', arguments: args }),
    () => sdkStdio.callTool({ name: 'add', arguments: args }),
  );
  report('serve, stdio (served vs SDK server)', servedStdio, sdkStdioTime);

  const [oursUrl, sdkUrl] = await httpUrls();
  const [oursHttp, sdkHttp] = await Promise.all([httpClient(oursUrl), httpClient(sdkUrl)]);
  const [servedHttp, sdkHttpTime] = await compare(
    () => oursHttp.callTool({ name: 'add', arguments: args }),
    () => sdkHttp.callTool({ name: 'add', arguments: args }),
  );
  report('serve, HTTP (served vs SDK server)', servedHttp, sdkHttpTime);

  // The import side: an McpToolbox over the very Client it is compared with (same child, same pipe), so the figure
  // is what the McpToolbox adds: argument checks, the time limit with progress, the result turned into a response.
  const direct = await stdioClient('sdk');
  const imported = await connectMcp(direct);
  // The baseline asks what the McpToolbox asks: a time limit that the server's progress restarts (the SDK then sends
  // a progressToken, which costs the server and the client a few microseconds of their own).
  const sameRequest = { timeout: 60_000, resetTimeoutOnProgress: true, onprogress: () => {} };
  const [importTime, directTime] = await compare(
    () => imported.call({ id: '1', name: 'add', args }),
    () => direct.callTool({ name: 'add', arguments: args }, undefined, sameRequest),
  );
  report('import, stdio (McpToolbox vs Client)', importTime, directTime);
  const [importAgain, plainTime] = await compare(
    () => imported.call({ id: '1', name: 'add', args }),
    () => direct.callTool({ name: 'add', arguments: args }),
  );
  console.log(
    `${'  (vs callTool without options)'.padEnd(34)} ratio ${(importAgain / plainTime).toFixed(3)} (information)`,
  );
  // The stdio transport connectMcp starts (each line bounded as it arrives) vs the SDK's StdioClientTransport, each
  // under an SDK Client with its own child of the same server: the figure is what the bounded reader costs. Both
  // children start together, so each server's JIT warms up from the same point.
  const bounded = new Client({ name: 'bench', version: '1.0.0' });
  const sdkReader = await stdioClient('sdk');
  await bounded.connect(
    new ChildProcessTransport({
      command: process.execPath,
      args: [...nodeArgs, 'sdk', 'stdio'],
      env: getDefaultEnvironment(),
      cwd: repoRoot,
      stderr: 'inherit',
      maxMessageBytes: 16 * 1024 * 1024,
    }),
  );
  const [boundedTime, sdkReaderTime] = await compare(
    () => bounded.callTool({ name: 'add', arguments: args }),
    () => sdkReader.callTool({ name: 'add', arguments: args }),
  );
  report('import, stdio (own vs SDK transport)', boundedTime, sdkReaderTime);
  await Promise.all([bounded.close(), sdkReader.close()]);
  await direct.close();

  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < 3_000) {
    await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => oursHttp.callTool({ name: 'add', arguments: { a: i, b: 1 } })),
    );
    calls += CONCURRENT;
  }
  const perSecond = calls / ((performance.now() - started) / 1000);
  console.log(
    `${'HTTP, 100 concurrent calls'.padEnd(34)} ${perSecond.toFixed(0)} calls/s (served Toolbox, one session)`,
  );

  await Promise.all([oursStdio, sdkStdio, oursHttp, sdkHttp].map((client) => client.close()));
} finally {
  for (const child of children) child.kill();
}
const failed = results.filter((result) => result.ratio > TARGET_RATIO);
if (failed.length) {
  console.log(`FAIL: ${failed.map((result) => result.name).join(', ')} above ${TARGET_RATIO}`);
  process.exitCode = 1;
} else console.log('PASS');
