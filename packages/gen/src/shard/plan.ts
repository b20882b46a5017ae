/**
 * What a worker's start costs, in bytes of candidate files (see load-project.ts's `mayDeclareTools`) the main thread
 * reads meanwhile: a worker loads gen and TypeScript (some 200 ms) before it reads, and the main thread reads the
 * 1,000-tool bench's 808 KB in some 360 ms beyond the 370 ms every program costs whatever its files (the lib files and
 * core's declarations, parsed and bound: docs/performance.md). The main thread's shard is that much larger.
 */
export const WORKER_START_BYTES = 512 * 1024;

/**
 * The least bytes of candidate files a run splits, when asked for more than one thread: below it a worker's shard
 * would be under 256 KB, some 100 ms of reading taken off the main thread, against the start of the worker and the
 * join of its tools.
 */
export const MIN_SHARDED_BYTES = 1024 * 1024;

/**
 * The threads a run reads the project on: `threads` (the option or `--threads`), else TOOLWRIGHT_GEN_THREADS, else
 * one. Not more by default: every thread pays again for the lib files and the declarations every program holds (some
 * 370 ms of the 730 ms the main thread spends reading the 1,000-tool bench), so there a second thread took 1.3 times
 * the CPU and saved the main thread a fifth of its reading (docs/performance.md).
 */
export function threadCount(threads: number | undefined): number {
  if (threads !== undefined) return threads;
  const fromEnv = process.env.TOOLWRIGHT_GEN_THREADS;
  return fromEnv !== undefined && /^[1-9]\d*$/.test(fromEnv) ? Number(fromEnv) : 1;
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
