// A suite that runs only where it can (a key, the registry, a Node version) says why when it does not: the reason
// rides on the tests' meta into vitest's JSON report, and scripts/test-summary.mjs prints it beside the count.
import type { TestOptions } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test is skipped where it is skipped. */
    skipReason?: string;
  }
}

/**
 * Suite or test options that skip it unless `runs`, with `reason` for the summary. The reason is set only where it
 * skips, so that a test that would run inside a skipped suite keeps the suite's reason.
 */
export function skipUnless(runs: boolean, reason: string): TestOptions {
  return runs ? {} : { skip: true, meta: { skipReason: reason } };
}
