import { availableParallelism } from 'node:os';

/** The most threads a run reads the project on by default: each loads TypeScript and parses the lib files again. */
export const MAX_THREADS = 4;

/**
 * The least bytes of candidate files (see load-project.ts's `mayDeclareTools`) that pay for a second thread: below
 * it, starting a worker and loading TypeScript in it costs more than the half of the reading it takes over
 * (docs/performance.md has the measure).
 */
export const MIN_SHARDED_BYTES = 256 * 1024;

/**
 * The threads a run reads the project on: `threads` (the option or `--threads`), else TOOLWRIGHT_GEN_THREADS, else
 * the machine's cores up to MAX_THREADS. 1 reads it on the main thread alone.
 */
export function threadCount(threads: number | undefined): number {
  const fromEnv = process.env.TOOLWRIGHT_GEN_THREADS;
  if (threads !== undefined) return threads;
  if (fromEnv !== undefined && /^[1-9]\d*$/.test(fromEnv)) return Number(fromEnv);
  return Math.min(availableParallelism(), MAX_THREADS);
}

/**
 * The candidate files split into at most `threads` shards of about the same size (largest file first, into the
 * smallest shard so far; ties go to the earlier name and shard), each in path order, the shards in the order of their
 * first file: the same split on every machine for the same files and count. Undefined when one thread reads them:
 * one thread asked for, fewer than two files, or fewer bytes than `minBytes`.
 */
export function planShards(
  candidates: readonly string[],
  sizeOf: (fileName: string) => number,
  threads: number,
  minBytes: number,
): string[][] | undefined {
  const count = Math.min(threads, candidates.length);
  if (count < 2) return undefined;
  let total = 0;
  for (const fileName of candidates) total += sizeOf(fileName);
  if (total < minBytes) return undefined;
  const order = candidates.map((fileName, index) => ({ fileName, index, size: sizeOf(fileName) }));
  order.sort((a, b) => b.size - a.size || a.index - b.index);
  const shards = Array.from({ length: count }, () => ({ size: 0, files: [] as { fileName: string; index: number }[] }));
  for (const file of order) {
    let smallest = shards[0]!;
    for (const shard of shards) if (shard.size < smallest.size) smallest = shard;
    smallest.size += file.size;
    smallest.files.push(file);
  }
  return shards
    .filter((shard) => shard.files.length > 0)
    .map((shard) => shard.files.sort((a, b) => a.index - b.index))
    .sort((a, b) => a[0]!.index - b[0]!.index)
    .map((files) => files.map(({ fileName }) => fileName));
}
