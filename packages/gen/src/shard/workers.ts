// The worker threads of a run, one per shard but the first (which the main thread reads meanwhile).
import { Worker } from 'node:worker_threads';
import { codeCacheEnabled } from '../program/code-cache.cjs';
import type { ShardInput, ShardResult } from './read-shard.js';
import { shardWorkerScript } from './worker-file.cjs';

/** A worker reading one shard. */
export interface ShardWorker {
  /** Its result, or its failure, with a message that names its files and how to read on one thread. */
  result: Promise<ShardResult>;
  /** Ends the worker, answered or not (its answer is all it is for). */
  stop(): void;
}

/**
 * A worker for each of these shards; none when the worker's script cannot be found (gen bundled into one file): the
 * run then reads the project on one thread.
 */
export function startShardWorkers(inputs: readonly ShardInput[]): ShardWorker[] | undefined {
  const script = shardWorkerScript(codeCacheEnabled());
  return script ? inputs.map((input) => startWorker(script, input)) : undefined;
}

function startWorker(script: { script: string; execArgv?: string[] }, input: ShardInput): ShardWorker {
  const startedAt = performance.timeOrigin + performance.now();
  const fault = process.env.TOOLWRIGHT_GEN_SHARD_FAULT;
  const worker = new Worker(script.script, {
    eval: true,
    workerData: { input, startedAt, ...(fault ? { fault } : {}) },
    ...(script.execArgv ? { execArgv: script.execArgv } : {}),
  });
  const files = input.files.candidates;
  const failed = (what: string) =>
    new Error(
      `gen-tools read the project on several threads, and the worker reading ${files.length} of its files ` +
        `(${files[0]}${files.length > 1 ? ', ...' : ''}) ${what}. Run it on one thread with --threads 1 ` +
        '(or TOOLWRIGHT_GEN_THREADS=1).',
    );
  const result = new Promise<ShardResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', (error) => reject(failed(`failed: ${error.message}`)));
    worker.once('exit', (code) => reject(failed(`stopped (exit code ${code}) before it answered`)));
  });
  // A rejection nobody waits for (the main thread's shard failed first) is not an unhandled one.
  result.catch(() => {});
  return { result, stop: () => void worker.terminate() };
}
