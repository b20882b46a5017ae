import { normalizeResult } from '@toolwright/core';

/** Largest JSON size of one log message's data sent to a client, in characters. */
const MAX_LOG_DATA = 16_000;

/** A tool's log data as JSON a client can read, cut like a result so that one message stays small. */
export function logData(data: unknown): unknown {
  return normalizeResult(data, { maxSize: MAX_LOG_DATA }).value;
}
