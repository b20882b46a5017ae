// A worker thread that reads one shard of the project (read-shard.ts) and posts what it found to the main thread.
// workers.ts starts it (worker-file.cts turns its code cache on first); V8's tiering flag (cli/tiering.ts) is the
// process's and holds here too.
import { parentPort, workerData } from 'node:worker_threads';
import { threadCpuMs } from '../thread-cpu.js';
import { readShard, type ShardInput } from './read-shard.js';

const { input, startedAt, fault } = workerData as { input: ShardInput; startedAt: number; fault?: string };
// TOOLWRIGHT_GEN_SHARD_FAULT (tests only): the worker fails the way a broken one would.
if (fault === 'throw') throw new Error('a fault injected by TOOLWRIGHT_GEN_SHARD_FAULT');
if (fault === 'exit') process.exit(3);
if (process.env.TOOLWRIGHT_GEN_TIMING === '1') {
  const started = performance.timeOrigin + performance.now() - startedAt;
  process.stderr.write(
    `gen-tools: shard ${input.index + 1} worker started, TypeScript loaded ${started.toFixed(0)} ms\n`,
  );
}
const result = readShard(input);
const cpu = process.env.TOOLWRIGHT_GEN_TIMING === '1' ? threadCpuMs() : undefined;
if (cpu !== undefined) process.stderr.write(`gen-tools: shard ${input.index + 1} thread CPU ${cpu.toFixed(0)} ms\n`);
parentPort!.postMessage(result);
