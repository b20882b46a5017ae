import { availableParallelism, loadavg } from 'node:os';

/** The most threads a run reads the project on by default: each loads TypeScript and parses the lib files again. */
export const MAX_THREADS = 4;

/**
 * What a worker's start costs, in bytes of candidate files (see load-project.ts's `mayDeclareTools`) the main thread
 * reads meanwhile: a worker loads gen and TypeScript (some 250 ms of CPU with the code cache) before it reads, and the
 * main thread reads some 1 KB a millisecond (the 1,000-tool bench: 808 KB in 900 ms of program, checker and
 * describe). The main thread's shard is that much larger than a worker's.
 */
export const WORKER_START_BYTES = 240 * 1024;

/**
 * The least bytes of candidate files that pay for a second thread: a worker's shard is then (400 - 240) / 2 = 80 KB,
 * some 80 ms of reading taken off the main thread, against some 30 ms of passing the shard and its tools across and
 * joining them (docs/performance.md).
 */
export const MIN_SHARDED_BYTES = 400 * 1024;

/**
 * The threads a run reads the project on: `threads` (the option or `--threads`), else TOOLWRIGHT_GEN_THREADS, else
 * one, and one more for each core that other processes leave free (the cores less the load average of the last
 * minute, as `make -l` reads it), up to MAX_THREADS. On a machine whose cores are all busy a worker only adds the CPU
 * of its start (TypeScript loaded again): the 1,000-tool bench at load 8 on 2 cores took 1.4 times as long on two
 * threads (docs/performance.md). 1 reads it on the main thread alone.
 */
export function threadCount(
  threads: number | undefined,
  cores = availableParallelism(),
  load = loadavg()[0] ?? 0,
): number {
  if (threads !== undefined) return threads;
  const fromEnv = process.env.TOOLWRIGHT_GEN_THREADS;
  if (fromEnv !== undefined && /^[1-9]\d*$/.test(fromEnv)) return Number(fromEnv);
  return Math.max(1, Math.min(MAX_THREADS, cores, 1 + Math.floor(cores - load)));
}

/**
 * The candidate files split into at most `threads` shards, the first for the main thread and `workerStart` bytes
 * larger than the others (largest file first, into the smallest shard so far, counting each worker's shard from
 * `workerStart`; ties go to the earlier name and shard), each in path order, the workers' in the order of their first
 * file: the same split on every machine for the same files and count. Undefined when one thread reads them: one
 * thread asked for, fewer than two files, fewer bytes than `minBytes`, or none left for a worker.
 */
export function planShards(
  candidates: readonly string[],
  sizeOf: (fileName: string) => number,
  threads: number,
  { minBytes, workerStart }: { minBytes: number; workerStart: number },
): string[][] | undefined {
  const count = Math.min(threads, candidates.length);
  if (count < 2) return undefined;
  let total = 0;
  for (const fileName of candidates) total += sizeOf(fileName);
  if (total < minBytes) return undefined;
  const order = candidates.map((fileName, index) => ({ fileName, index, size: sizeOf(fileName) }));
  order.sort((a, b) => b.size - a.size || a.index - b.index);
  const shards = Array.from({ length: count }, (_, index) => ({
    size: index === 0 ? 0 : workerStart,
    files: [] as { fileName: string; index: number }[],
  }));
  for (const file of order) {
    let smallest = shards[0]!;
    for (const shard of shards) if (shard.size < smallest.size) smallest = shard;
    smallest.size += file.size;
    smallest.files.push(file);
  }
  const [main, ...workers] = shards.map((shard) => shard.files.sort((a, b) => a.index - b.index));
  const used = workers.filter((files) => files.length > 0).sort((a, b) => a[0]!.index - b[0]!.index);
  if (used.length === 0) return undefined;
  return [main!, ...used].map((files) => files.map(({ fileName }) => fileName));
}
