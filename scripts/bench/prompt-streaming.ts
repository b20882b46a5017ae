// Prompt-based calling, streaming: the work of CallStreamParser over a reply must be linear in its length whatever
// the chunking, and no single push may stall the event loop. Each shape below (one 1 MB call of long strings, one
// 1 MB call of small JSON values, a 1 MB block of many small calls, 1 MB of prose with call-like text) is parsed
// whole with parseCalls and streamed in 1-, 8- and 97-character pieces in the same run.
// - Ratio: the CPU time of the streamed parse over that of parseCalls (process CPU time, medians of ROUNDS runs, so
//   that waiting for one of the two shared cores does not count). Target at 8-character pieces: <= MAX_RATIO_8, or
//   a cost per piece within the 1-character target (where parseCalls takes 3 ms, 125,000 pieces cost more than 8x
//   that at any fixed cost per push: the streamed work is then bounded by the pieces, not by the text).
//   At 1-character pieces a million pushes cost a fixed amount each whatever the parser does (parseCalls reads a
//   long string at about 3 ns a character with one native search), so the target there is the CPU time per piece
//   beyond parseCalls': <= MAX_NS_PER_PIECE. The bench also prints the floor: the same loop feeding a push that
//   does nothing.
// - Slowest push: wall time of each push. A push counts as slow only if it is slow in every round at the same piece
//   (its own work); a stall that hits a different piece in each round is the loaded machine or a collection, and is
//   printed apart as the slowest push seen once. Target: no push over MAX_PUSH_MS.
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/prompt-streaming.ts
import { CallStreamParser, parseCalls, type ParserTool } from '@toolwright/genai/prompt-calling';

const SIZE = 1_000_000;
const MAX_RATIO_8 = 8;
const MAX_NS_PER_PIECE = 300;
const MAX_PUSH_MS = 5;
/** Pushes faster than this are not recorded by index. */
const SLOW_MS = 1;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const tools: ParserTool[] = [{ name: 'write_file', parameters: ['path', 'content'] }, { name: 'add' }];

function longStrings(): string {
  const line = 'the quick brown fox jumps over the lazy dog, \\"quoted\\" \\n and } ) ] braces; ';
  return `I will save it.\nTOOL_CALL: write_file({"path": "a.txt", "content": "${line.repeat(SIZE / line.length)}"})\nDone.`;
}

function smallValues(): string {
  const values = Array.from({ length: SIZE / 8 }, (_, i) =>
    i % 3 === 0 ? `{"k":${i}}` : i % 3 === 1 ? `[${i}]` : `${i}`,
  );
  return `<tool_call>{"name": "write_file", "arguments": {"path": "n.json", "content": [${values.join(',')}]}}</tool_call>\nok`;
}

function manyCalls(): string {
  const calls: string[] = [];
  for (let i = 0, length = 0; length < SIZE; i++) {
    const call = `add(a=${i}, b=${i + 1})`;
    calls.push(call);
    length += call.length + 1;
  }
  return `Adding.\n\`\`\`tool_code\n${calls.join('\n')}\n\`\`\`\nDone.`;
}

function prose(): string {
  const line = 'A `TOOL_CALL: add({})` quote, a [link](x), {"braces": 1} and <b>tags</b>. ';
  const lines: string[] = [];
  for (let length = 0; length < SIZE; length += line.length + 1) lines.push(line);
  return lines.join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The pieces of a reply, cut before timing. */
function cut(reply: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < reply.length; at += size) pieces.push(reply.slice(at, at + size));
  return pieces;
}

/** CPU time of one streamed parse, and the number of calls it read. */
function streamed(pieces: readonly string[]): { ms: number; calls: number } {
  const start = cpuMs();
  const parser = new CallStreamParser({ tools, format: 'tool-call' });
  for (const piece of pieces) parser.push(piece);
  const { reply } = parser.end();
  return { ms: cpuMs() - start, calls: reply.calls.length };
}

/** CPU time of the same loop with a push that does nothing: what a million pushes cost before any parsing. */
function floor(pieces: readonly string[]): number {
  const sink = {
    length: 0,
    push(piece: string) {
      this.length += piece.length;
    },
  };
  const start = cpuMs();
  for (const piece of pieces) sink.push(piece);
  return cpuMs() - start + (sink.length < 0 ? 1 : 0);
}

/** The pushes slower than SLOW_MS in one streamed parse, by piece index (wall time). */
function slowPushes(pieces: readonly string[]): Map<number, number> {
  const slow = new Map<number, number>();
  const parser = new CallStreamParser({ tools, format: 'tool-call' });
  for (let index = 0; index < pieces.length; index++) {
    const before = performance.now();
    parser.push(pieces[index]!);
    const took = performance.now() - before;
    if (took > SLOW_MS) slow.set(index, took);
  }
  parser.end();
  return slow;
}

let failed = false;
const shapes: Array<[string, string]> = [
  ['one 1 MB call, long strings', longStrings()],
  ['one 1 MB call, small JSON values', smallValues()],
  ['a 1 MB block of small calls', manyCalls()],
  ['1 MB of prose with call-like text', prose()],
];
for (const [name, reply] of shapes) {
  // One untimed round of each, so that both are measured compiled.
  let wholeCalls = parseCalls(reply, { tools }).calls.length;
  streamed(cut(reply, 8));
  const wholeTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = cpuMs();
    wholeCalls = parseCalls(reply, { tools }).calls.length;
    wholeTimes.push(cpuMs() - start);
  }
  const whole = median(wholeTimes);
  console.log(
    `${name} (${(reply.length / 1e6).toFixed(2)} MB, ${wholeCalls} calls): parseCalls ${whole.toFixed(1)} ms CPU`,
  );
  for (const size of [1, 8, 97]) {
    const pieces = cut(reply, size);
    const runs = Array.from({ length: ROUNDS }, () => streamed(pieces));
    const ms = median(runs.map((run) => run.ms));
    const floorMs = median(Array.from({ length: ROUNDS }, () => floor(pieces)));
    const slow = Array.from({ length: ROUNDS }, () => slowPushes(pieces));
    // A push slow in every round: its own work. The slowest seen once: the machine, or a collection.
    let slowest = 0;
    for (const [index, took] of slow[0]!) {
      const always = Math.min(took, ...slow.slice(1).map((round) => round.get(index) ?? 0));
      slowest = Math.max(slowest, always);
    }
    const slowestOnce = Math.max(0, ...slow.flatMap((round) => [...round.values()]));
    const ratio = ms / whole;
    const nsPerPiece = ((ms - whole) * 1e6) / pieces.length;
    const fast = nsPerPiece <= MAX_NS_PER_PIECE || (size > 1 && ratio <= MAX_RATIO_8);
    const ok = fast && slowest <= MAX_PUSH_MS && runs.every((run) => run.calls === wholeCalls);
    if (!ok) failed = true;
    const target =
      size === 1
        ? `per piece target <= ${MAX_NS_PER_PIECE} ns`
        : `target: ratio <= ${MAX_RATIO_8} or <= ${MAX_NS_PER_PIECE} ns per piece`;
    console.log(
      `  ${size}-char pieces: ${ms.toFixed(1)} ms CPU (floor ${floorMs.toFixed(1)}), ratio ${ratio.toFixed(2)}, ` +
        `${nsPerPiece.toFixed(0)} ns per piece beyond parseCalls (${target}); slowest push ${slowest.toFixed(2)} ms ` +
        `(target <= ${MAX_PUSH_MS}; slowest seen once ${slowestOnce.toFixed(2)} ms)${ok ? '' : '  FAIL'}`,
    );
  }
}
process.exit(failed ? 1 : 0);
