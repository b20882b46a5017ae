import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

/** What the edges of a dropped line say it was: an answer (to a request of ours), a request or notification, or unknown. */
export type LineKind = 'response' | 'message' | 'unknown';

// SDKs write a message's keys in their own order: the TypeScript SDK puts `jsonrpc` and `id` last
// ({"result":...,"jsonrpc":"2.0","id":3}), the Python SDK first ({"jsonrpc":"2.0","id":3,"result":...}).
const ID_VALUE = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,128}")`;
const SCALAR = String.raw`(?:-?\d{1,16}|"(?:[^"\\]|\\.){0,128}")`;
/** The keys before the first one that holds a value of any size: `jsonrpc` and `id`, in either order. */
const LEADING_SCALARS = String.raw`^\s*\{(?:\s*"(?:jsonrpc|id)"\s*:\s*${SCALAR}\s*,)*\s*"`;
const FIRST_BIG_KEY = new RegExp(`${LEADING_SCALARS}(method|result|error)"\\s*:`);
const ID_AT_HEAD = new RegExp(String.raw`^\s*\{(?:\s*"jsonrpc"\s*:\s*"2\.0"\s*,)?\s*"id"\s*:\s*${ID_VALUE}\s*,`);
const ID_AT_TAIL = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID_VALUE}(?:\s*,\s*"jsonrpc"\s*:\s*"2\.0")?\s*\}\s*$`);

/** Whether the line's start says it is an answer (`result`, `error`) or a request/notification (`method`). */
export function kindAtHead(head: string): LineKind {
  const key = FIRST_BIG_KEY.exec(head)?.[1];
  return key === undefined ? 'unknown' : key === 'method' ? 'message' : 'response';
}

/** The message's id where its start or end names it, as the SDKs write it; undefined where neither does. */
export function idAtEdges(head: string, tail?: string): RequestId | undefined {
  const written = ID_AT_HEAD.exec(head)?.[1] ?? (tail === undefined ? undefined : ID_AT_TAIL.exec(tail)?.[1]);
  if (written === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(written);
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
