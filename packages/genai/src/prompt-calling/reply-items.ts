import type { CallProblem, ParserRepair, ReplyItem } from './parsed-reply.js';

/** The text an item is cut from: the whole reply, or a reader that holds a streamed call's pieces. */
export interface TextSlices {
  slice(start: number, end: number): string;
}

export function problem(
  reason: CallProblem['reason'],
  text: TextSlices,
  start: number,
  end: number,
  message: string,
  name?: string,
): CallProblem {
  const item: CallProblem = { kind: 'problem', reason, message, text: text.slice(start, end), start, end };
  if (name !== undefined) item.name = name;
  return item;
}

/** Items read from one frame share its text: a single call covers the whole frame (tags and brackets included). */
export function withText(items: ReplyItem[], text: TextSlices, start: number, end: number): ReplyItem[] {
  if (items.length !== 1) return items;
  const item = items[0]!;
  item.start = start;
  item.end = end;
  item.text = text.slice(item.start, end);
  return items;
}

export function markRepair(items: ReplyItem[], repair: ParserRepair): void {
  for (const item of items) if (item.kind === 'call' && !item.repairs.includes(repair)) item.repairs.push(repair);
}

/** The name in a broken call's text, for the feedback (`TOOL_CALL: name(`, `[name(`, `"name": "x"`). */
export function writtenName(text: string): string | undefined {
  const called = /^(?:tool_call:\s*|\[\s*|print\(\s*)?(?:default_api\.)?([A-Za-z_][A-Za-z0-9_.:-]*)\s*\(/i.exec(text);
  if (called) return called[1];
  const named = /["']name["']\s*:\s*["']([^"']{1,128})["']/.exec(text);
  return named?.[1];
}
