import type { AgentEvent } from '../events.js';

/** An event as the loop writes it: the run stamps `runId`, `time` and `elapsedMs` on it. */
export type EventInput = AgentEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'runId' | 'time' | 'elapsedMs'>
    : never
  : never;
