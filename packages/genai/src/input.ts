import type { Content, Part } from '@google/genai';

/** What `run()` and `send()` take: a text, parts, one content or a whole conversation. */
export type AgentInput = string | Part | Content | Array<string | Part> | Content[];

function isContent(value: unknown): value is Content {
  return typeof value === 'object' && value !== null && Array.isArray((value as Content).parts);
}

/**
 * Turns input into contents. Text and parts become one user content; contents are taken as they are (a history
 * to continue). The array is new; the contents are the caller's objects and are never modified.
 */
export function toContents(input: AgentInput): Content[] {
  if (typeof input === 'string') return [{ role: 'user', parts: [{ text: input }] }];
  if (Array.isArray(input)) {
    if (input.length === 0) throw new TypeError('Agent input is empty: pass a text, parts or contents');
    if (input.every(isContent)) return [...(input as Content[])];
    if (input.some(isContent)) throw new TypeError('Agent input mixes contents and parts: pass one or the other');
    const parts = (input as Array<string | Part>).map((part) => (typeof part === 'string' ? { text: part } : part));
    return [{ role: 'user', parts }];
  }
  if (isContent(input)) return [input];
  if (typeof input === 'object' && input !== null) return [{ role: 'user', parts: [input] }];
  throw new TypeError(`Agent input must be a text, parts or contents, not ${typeof input}`);
}
