// A suite that runs only where it can (a key, the registry, a Node version) says why when it does not: the reason
// rides on the tests' meta into vitest's JSON report, and scripts/test-summary.mjs prints it beside the count.
import type { TestOptions } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test is skipped where it is skipped. */
    skipReason?: string;
  }
}

/** Suite or test options that skip it unless `runs`, with `reason` for the summary. */
export function skipUnless(runs: boolean, reason: string): TestOptions {
  return { skip: !runs, meta: { skipReason: reason } };
}
