import { CallStreamParser, type CallParserOptions, type ParsedReply } from '../../src/prompt-calling.js';

/** Feeds `pieces` to a CallStreamParser: the prose it showed (pushes and end together) and its parse. */
export function streamParse(
  pieces: readonly string[],
  options: CallParserOptions,
): { shown: string; reply: ParsedReply } {
  const parser = new CallStreamParser(options);
  let shown = '';
  for (const piece of pieces) shown += parser.push(piece);
  const { prose, reply } = parser.end();
  return { shown: shown + prose, reply };
}

/** The text in two pieces at every position, then one character at a time. */
export function everySplit(text: string): string[][] {
  const splits = [...Array(text.length + 1).keys()].map((i) => [text.slice(0, i), text.slice(i)]);
  splits.push([...text]);
  return splits;
}

/** The text cut at the given positions (any natural numbers, taken modulo its length + 1). */
export function cutAt(text: string, cuts: readonly number[]): string[] {
  const bounds = [0, ...cuts.map((cut) => cut % (text.length + 1)).sort((a, b) => a - b), text.length];
  return bounds.slice(1).map((end, i) => text.slice(bounds[i], end));
}
