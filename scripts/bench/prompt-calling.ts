// Prompt-based calling: (1) the call parser's throughput on a corpus of model replies (prose, calls in the three
// formats, code fences, tricky strings, broken calls), whole and streamed in token-sized pieces, against JSON.parse
// of the same bytes in the same run; (2) the longest stretch of prose held back while streaming, against the
// bound (the longest call opening); (3) the tool prompt's size in each format against the native declarations of
// the example manifests (examples/weather, packages/fs-tools).
// Targets: parser >= 50 MB/s (whole replies); hold-back <= the bound.
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/prompt-calling.ts
import { toGeminiDeclaration, type ManifestTool } from '@toolwright/core';
import type { FunctionDeclaration } from '@google/genai';
import {
  CallStreamParser,
  FORMATS,
  parseCalls,
  toolPrompt,
  type CallFormat,
  type ParserTool,
} from '@toolwright/genai/prompt-calling';
import { manifest as weatherManifest } from '../../examples/weather/src/tools.generated.js';
import { manifest as fileManifest } from '../../packages/fs-tools/src/tools.generated.js';

const TARGET_MB_S = 50;
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const CORPUS_REPLIES = 4_000;
const formats: CallFormat[] = ['tool-call', 'python', 'json'];

/** A deterministic generator, so every run measures the same corpus. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const tools: ParserTool[] = [
  { name: 'getCurrentWeather', parameters: ['location', 'unit'] },
  { name: 'getForecast', parameters: ['location', 'days', 'unit'] },
  { name: 'write_file', parameters: ['path', 'content', 'mode'] },
];
const words = (
  'the weather in boston is clear today and the forecast says rain by friday so take an umbrella ' +
  'with you when you go out'
).split(' ');
const tricky = ['})', '] [x(', 'TOOL_CALL: no', '</tool_call>', 'é \u00e9 😀', 'line\nbreak', "it's", '"quoted"'];

function corpus(): string[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const prose = (count: number) => Array.from({ length: count }, () => pick(words)).join(' ');
  const replies: string[] = [];
  for (let i = 0; i < CORPUS_REPLIES; i++) {
    const format = pick(formats);
    const parts = [`${prose(10 + Math.floor(next() * 80))}.`];
    const calls = Math.floor(next() * 3);
    for (let c = 0; c < calls; c++) {
      const args = {
        path: `notes/${prose(2).replace(/ /g, '-')}.md`,
        content: `${prose(20)} ${pick(tricky)} ${prose(10)}`,
        mode: 'append',
      };
      let call = FORMATS[format].call('write_file', args);
      const shape = next();
      if (shape < 0.15) call = `\`\`\`${format === 'json' ? 'json' : 'tool_code'}\n${call}\n\`\`\``;
      else if (shape < 0.2) call = call.replace('"append"', "'append',");
      parts.push(call, prose(5 + Math.floor(next() * 20)));
    }
    if (next() < 0.05) parts.push('TOOL_CALL: write_file({"path": broken})');
    if (next() < 0.1) parts.push('```ts\nconst list = [f(x) for x of xs];\n```');
    replies.push(parts.join('\n'));
  }
  return replies;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Splits a reply into token-sized pieces (1 to 12 characters), as a stream delivers it. */
function pieces(reply: string, next: () => number): string[] {
  const out: string[] = [];
  for (let at = 0; at < reply.length; ) {
    const size = 1 + Math.floor(next() * 12);
    out.push(reply.slice(at, at + size));
    at += size;
  }
  return out;
}

function main(): void {
  const replies = corpus();
  const bytes = replies.reduce((sum, reply) => sum + Buffer.byteLength(reply), 0);
  const mb = bytes / 1e6;
  const asJson = replies.map((reply) => JSON.stringify({ text: reply }));
  const streamed = replies.map((reply, i) => pieces(reply, random(i + 1)));

  // Sanity: the corpus holds calls and problems, and streaming reads exactly what a whole parse reads.
  let calls = 0;
  let problems = 0;
  let longestHold = 0;
  for (let i = 0; i < replies.length; i++) {
    const whole = parseCalls(replies[i]!, { tools, format: 'tool-call' });
    calls += whole.calls.length;
    problems += whole.problems.length;
    const parser = new CallStreamParser({ tools, format: 'tool-call' });
    let shown = '';
    for (const piece of streamed[i]!) shown += parser.push(piece);
    const { prose, reply } = parser.end();
    if (shown + prose !== whole.prose || JSON.stringify(reply) !== JSON.stringify(whole))
      throw new Error(`streamed parse differs on reply ${i}`);
    longestHold = Math.max(longestHold, parser.maxHeldBack);
  }

  const timeWhole = () => {
    const started = performance.now();
    for (const reply of replies) parseCalls(reply, { tools });
    return mb / ((performance.now() - started) / 1000);
  };
  const timeStream = () => {
    const started = performance.now();
    for (const list of streamed) {
      const parser = new CallStreamParser({ tools });
      for (const piece of list) parser.push(piece);
      parser.end();
    }
    return mb / ((performance.now() - started) / 1000);
  };
  const timeJson = () => {
    const started = performance.now();
    for (const text of asJson) JSON.parse(text);
    return mb / ((performance.now() - started) / 1000);
  };
  for (let i = 0; i < 3; i++) timeWhole(), timeStream(), timeJson();
  const whole: number[] = [];
  const stream: number[] = [];
  const json: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    whole.push(timeWhole());
    stream.push(timeStream());
    json.push(timeJson());
  }
  const wholeMb = median(whole);
  const streamMb = median(stream);
  const jsonMb = median(json);
  console.log(`corpus: ${replies.length} replies, ${mb.toFixed(2)} MB, ${calls} calls, ${problems} broken calls`);
  console.log(
    `parseCalls (whole replies):      ${wholeMb.toFixed(1)} MB/s (median of ${ROUNDS}); ` +
      `${(wholeMb / jsonMb).toFixed(2)}x JSON.parse of the same text`,
  );
  console.log(
    `CallStreamParser (1-12 char pieces): ${streamMb.toFixed(1)} MB/s; ${(streamMb / jsonMb).toFixed(2)}x JSON.parse`,
  );
  console.log(`baseline JSON.parse (same bytes, same run): ${jsonMb.toFixed(1)} MB/s`);

  // The bound: the longest opening that must be seen before text is known to be a call.
  const bound = 3 + 20 + 1 + 16 + 1 + 128 + 1;
  console.log(
    `longest prose held back while streaming: ${longestHold} characters (bound: ${bound}, the longest call opening)`,
  );

  const sizes: string[] = [];
  for (const [label, manifestTools] of [
    ['examples/weather', weatherManifest.tools],
    ['packages/fs-tools', fileManifest.tools],
  ] as const) {
    const declarations = (manifestTools as readonly ManifestTool[]).map(
      (tool) =>
        toGeminiDeclaration({
          name: tool.name,
          ...(tool.description ? { description: tool.description } : {}),
          parameters: tool.parameters,
        }) as FunctionDeclaration,
    );
    const native = JSON.stringify(declarations).length;
    const row = formats.map((format) => {
      const prompt = toolPrompt(declarations, { format }).length;
      return `${format} ${prompt} (${(prompt / native).toFixed(2)}x)`;
    });
    sizes.push(`${label}: native declarations ${native} chars; prompt ${row.join(', ')}`);
  }
  console.log('tool prompt size against the native declarations (JSON), in characters:');
  for (const line of sizes) console.log(`  ${line}`);

  const pass = wholeMb >= TARGET_MB_S && longestHold <= bound;
  console.log(`target: parseCalls >= ${TARGET_MB_S} MB/s, hold-back <= bound`);
  console.log(pass ? 'PASS' : 'FAIL');
  if (!pass) process.exitCode = 1;
}

main();
