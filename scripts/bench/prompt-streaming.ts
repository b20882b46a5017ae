// Prompt-based calling, streaming: the work of CallStreamParser over a reply must be linear in its length whatever
// the chunking. Each shape below (one 1 MB call of long strings, one 1 MB call of small JSON values, a 1 MB block of
// many small calls, 1 MB of prose with call-like text) is parsed whole with parseCalls and streamed in 1- and
// 8-character pieces in the same run; the bench prints the ratio streamed/whole and the slowest single push.
// Targets: every ratio <= 10 (a small constant: a quadratic parser is thousands of times slower at this size), and
// no single push over 5 ms.
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/prompt-streaming.ts
import { CallStreamParser, parseCalls, type ParserTool } from '@toolwright/genai';

const SIZE = 1_000_000;
const MAX_RATIO = 10;
const MAX_PUSH_MS = 5;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
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

function streamed(reply: string, size: number): { ms: number; slowestPush: number; calls: number } {
  const parser = new CallStreamParser({ tools, format: 'tool-call' });
  let slowestPush = 0;
  const start = performance.now();
  for (let at = 0; at < reply.length; at += size) {
    const before = performance.now();
    parser.push(reply.slice(at, at + size));
    const took = performance.now() - before;
    if (took > slowestPush) slowestPush = took;
  }
  const { reply: parsed } = parser.end();
  return { ms: performance.now() - start, slowestPush, calls: parsed.calls.length };
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
  streamed(reply, 8);
  const wholeTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    wholeCalls = parseCalls(reply, { tools }).calls.length;
    wholeTimes.push(performance.now() - start);
  }
  const whole = median(wholeTimes);
  console.log(
    `${name} (${(reply.length / 1e6).toFixed(2)} MB, ${wholeCalls} calls): parseCalls ${whole.toFixed(1)} ms`,
  );
  for (const size of [1, 8]) {
    const runs = Array.from({ length: ROUNDS }, () => streamed(reply, size));
    const ms = median(runs.map((run) => run.ms));
    const slowestPush = Math.max(...runs.map((run) => run.slowestPush));
    const ratio = ms / whole;
    const ok = ratio <= MAX_RATIO && slowestPush <= MAX_PUSH_MS && runs.every((run) => run.calls === wholeCalls);
    if (!ok) failed = true;
    console.log(
      `  ${size}-char pieces: ${ms.toFixed(1)} ms, ratio ${ratio.toFixed(2)} (target <= ${MAX_RATIO}), ` +
        `slowest push ${slowestPush.toFixed(2)} ms (target <= ${MAX_PUSH_MS})${ok ? '' : '  FAIL'}`,
    );
  }
}
process.exit(failed ? 1 : 0);
