// The heap a piece of work leaves behind, after full collections before and after it. vitest's workers run without
// --expose-gc, so `globalThis.gc` is not there and a heap measured without a collection counts the garbage of the
// work too (a flood of 3,000 requests measured 56 MiB once, and a few MiB retained): V8 hands out its gc function
// once the flag is set, in a new context.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/** A full garbage collection, now. */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** Starts measuring: the returned function gives the heap retained since, in MiB, after a full collection. */
export function heapGrowth(): () => number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  return () => {
    collectGarbage();
    return (process.memoryUsage().heapUsed - before) / (1024 * 1024);
  };
}
