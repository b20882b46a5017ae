// How soon V8 hands a function to TurboFan, its optimizing compiler, in the gen-tools bin. A gen-tools run is a
// couple of seconds of code that runs for the first time (TypeScript's parser, binder and checker): with V8's
// defaults, TurboFan compiles many of its functions on a second thread, and a run ends before most of that code
// pays back. On the 1,000-tool bench, 8 times V8's budget took a fifth off a cold run's CPU on Node 20 and 22 and a
// tenth on Node 24, and left a 4,000-tool run's unchanged (docs/performance.md). Only the bin sets it, as it does the
// code cache: `generate()` leaves the flags of the process it runs in alone.
import { setFlagsFromString } from 'node:v8';

/** How many times V8's own budget a function runs before TurboFan compiles it. */
const BUDGET_FACTOR = 8;

/**
 * The V8 flag that sets the budget, for the V8 of a Node version (`process.versions.v8`), or undefined where it is not
 * known: V8 prints an error for a flag it does not have, so none is guessed. V8 11 (Node 20) counts bytecode run
 * (`--interrupt-budget`, 66 KB by default); V8 12 and 13 (Node 22, 24) count calls (3,000 by default).
 */
export function tieringFlag(v8Version: string): string | undefined {
  const major = Number(v8Version.split('.')[0]);
  if (major === 11) return `--interrupt-budget=${BUDGET_FACTOR * 66 * 1024}`;
  if (major === 12 || major === 13) return `--invocation-count-for-turbofan=${BUDGET_FACTOR * 3000}`;
  return undefined;
}

/** Whether the user set V8's tiering themselves (node's arguments or NODE_OPTIONS): then theirs stands. */
export function userSetsTiering(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return [...execArgv, nodeOptions ?? ''].some((arg) =>
    /--(interrupt[-_]budget|invocation[-_]count[-_]for[-_]turbofan|max[-_]opt|no[-_]opt|always[-_]turbofan)\b/.test(
      arg,
    ),
  );
}

/** Sets the budget for this process, before TypeScript is loaded; returns the flag it set. */
export function raiseTieringBudget(): string | undefined {
  if (userSetsTiering(process.execArgv, process.env.NODE_OPTIONS)) return undefined;
  const flag = tieringFlag(process.versions.v8);
  if (flag) setFlagsFromString(flag);
  return flag;
}
