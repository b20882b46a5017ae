// Prompt-based calling against the peer parser, @ai-sdk-tool/parser (the AI SDK's tool-call middleware), on the
// corpora of open-model replies in packages/genai/test/fixtures (issue 32). Each reply is read whole and streamed
// (one character at a time, and at 8 random cuts) by both, and the table prints per category:
// - exact: the calls read are the calls the model made (name and arguments, in order); ours also counts a reply
//   with a problem (feedback to the model) as not exact;
// - not made: calls that would run although the model did not make them (a quote, an example, reasoning, a call
//   after a result the model made up): the number that must be 0;
// - streamed: replies whose every streamed read gives the calls of the whole read.
// The peer runs through its own middleware entry points (wrapGenerate, wrapStream), so its recovery of bare JSON
// and its schema coercion count. It reads one protocol at a time: `hermes` (`<tool_call>{json}</tool_call>`, its
// default and the one for Qwen and Hermes models) is the column a user gets; `best` is, per reply, whichever of its
// protocols (hermes, qwen3coder, morphXml, yamlXml) reads it exactly: an upper bound no configuration reaches.
// Run: npm run bench -- prompt-vs-peer
import {
  encodeOriginalTools,
  hermesProtocol,
  morphXmlProtocol,
  qwen3CoderProtocol,
  type TCMCoreProtocol,
  wrapGenerate,
  wrapStream,
  yamlXmlProtocol,
} from '@ai-sdk-tool/parser';
import { CallStreamParser, parseCalls } from '@toolwright/genai/prompt-calling';
import type { ParserTool } from '@toolwright/genai/prompt-calling';
import { buildCorpus, type CorpusReply, corpusTools } from '../../packages/genai/test/fixtures/prompt-corpus.js';
import { buildHabitCorpus, habitTools } from '../../packages/genai/test/fixtures/prompt-habits.js';

interface Call {
  name: string;
  args: unknown;
}
interface Read {
  calls: Call[];
  /** Ours only: the reply also holds text read as a broken call (the model is told), so it is not exact. */
  problems: number;
}

/** The tools as each parser takes them: ours directly, the peer's through its provider options. */
interface Setup {
  tools: ParserTool[];
  providerOptions: Record<string, unknown>;
}
function setup(tools: ParserTool[]): Setup {
  const peerTools = tools.map((tool) => ({
    type: 'function' as const,
    name: tool.name,
    inputSchema: tool.schema ?? { type: 'object' },
  }));
  return { tools, providerOptions: { toolCallMiddleware: { originalTools: encodeOriginalTools(peerTools as never) } } };
}
const protocols: Record<string, () => TCMCoreProtocol> = {
  hermes: () => hermesProtocol(),
  qwen3coder: () => qwen3CoderProtocol(),
  morphXml: () => morphXmlProtocol(),
  yamlXml: () => yamlXmlProtocol(),
};
const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const finishReason = { unified: 'stop', raw: 'stop' };

// The peer reports a call's input as a JSON string.
function peerCall(part: { type: string; toolName?: string; input?: unknown }): Call {
  let args: unknown = part.input;
  if (typeof args === 'string')
    try {
      args = JSON.parse(args);
    } catch {}
  return { name: part.toolName ?? '', args };
}

async function peerWhole({ providerOptions }: Setup, protocol: TCMCoreProtocol, text: string): Promise<Read> {
  const result = await wrapGenerate({
    protocol,
    doGenerate: async () => ({ content: [{ type: 'text', text }], finishReason, usage, warnings: [] }) as never,
    params: { providerOptions },
  });
  return { calls: result.content.filter((part) => part.type === 'tool-call').map(peerCall), problems: 0 };
}

async function peerStreamed(
  { providerOptions }: Setup,
  protocol: TCMCoreProtocol,
  pieces: readonly string[],
): Promise<Read> {
  const parts = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...pieces.map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason, usage },
  ];
  const { stream } = await wrapStream({
    protocol,
    doStream: async () =>
      ({
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      }) as never,
    doGenerate: async () => {
      throw new Error('not used');
    },
    params: { providerOptions },
  });
  const calls: Call[] = [];
  for await (const part of stream as unknown as AsyncIterable<{ type: string; toolName?: string; input?: unknown }>)
    if (part.type === 'tool-call') calls.push(peerCall(part));
  return { calls, problems: 0 };
}

function oursWhole({ tools }: Setup, entry: CorpusReply): Read {
  const parsed = parseCalls(entry.reply, { tools, format: entry.format });
  return { calls: parsed.calls.map(({ name, args }) => ({ name, args })), problems: parsed.problems.length };
}

function oursStreamed({ tools }: Setup, entry: CorpusReply, pieces: readonly string[]): Read {
  const parser = new CallStreamParser({ tools, format: entry.format });
  for (const piece of pieces) parser.push(piece);
  const { reply } = parser.end();
  return { calls: reply.calls.map(({ name, args }) => ({ name, args })), problems: reply.problems.length };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const exact = (entry: CorpusReply, read: Read) => read.problems === 0 && same(read.calls, entry.calls);
/** Calls read that the model did not make: not among its calls by name and arguments. */
const notMade = (entry: CorpusReply, read: Read) =>
  read.calls.filter((call) => !entry.calls.some((made) => same(made, call))).length;

/** Deterministic cuts (a fixed-seed LCG), so that both parsers get the same pieces in every run. */
function splits(text: string, seed: number): string[][] {
  let state = seed || 1;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  const out: string[][] = [[...text]];
  for (let round = 0; round < 8; round++) {
    const cuts = Array.from({ length: 1 + (next() % 6) }, () => next() % (text.length + 1)).sort((a, b) => a - b);
    const bounds = [0, ...cuts, text.length];
    out.push(bounds.slice(1).map((end, i) => text.slice(bounds[i], end)));
  }
  return out;
}

interface Tally {
  n: number;
  ours: number;
  oursNotMade: number;
  oursStreamed: number;
  hermes: number;
  hermesNotMade: number;
  hermesStreamed: number;
  best: number;
}
const tally = (): Tally => ({
  n: 0,
  ours: 0,
  oursNotMade: 0,
  oursStreamed: 0,
  hermes: 0,
  hermesNotMade: 0,
  hermesStreamed: 0,
  best: 0,
});

async function measure(name: string, corpus: CorpusReply[], tools: ParserTool[]): Promise<void> {
  const parsers = setup(tools);
  const rows = new Map<string, Tally>();
  const total = tally();
  const oursMissed: string[] = [];
  for (const [index, entry] of corpus.entries()) {
    const row = rows.get(entry.category) ?? tally();
    rows.set(entry.category, row);
    const ours = oursWhole(parsers, entry);
    const hermes = await peerWhole(parsers, protocols.hermes!(), entry.reply);
    let best = exact(entry, hermes);
    for (const [key, protocol] of Object.entries(protocols))
      if (!best && key !== 'hermes') best = exact(entry, await peerWhole(parsers, protocol(), entry.reply));
    let oursStreamedSame = true;
    let hermesStreamedSame = true;
    for (const pieces of splits(entry.reply, index + 1)) {
      if (oursStreamedSame && !same(oursStreamed(parsers, entry, pieces), ours)) oursStreamedSame = false;
      if (hermesStreamedSame && !same((await peerStreamed(parsers, protocols.hermes!(), pieces)).calls, hermes.calls))
        hermesStreamedSame = false;
    }
    if (process.env.VERBOSE && notMade(entry, hermes))
      console.log(`peer hermes ran ${JSON.stringify(hermes.calls)} on ${entry.habit}: ${JSON.stringify(entry.reply)}`);
    if (!exact(entry, ours)) oursMissed.push(`${entry.habit} [${entry.category}]: ${JSON.stringify(entry.reply)}`);
    for (const target of [row, total]) {
      target.n++;
      target.ours += +exact(entry, ours);
      target.oursNotMade += notMade(entry, ours);
      target.oursStreamed += +oursStreamedSame;
      target.hermes += +exact(entry, hermes);
      target.hermesNotMade += notMade(entry, hermes);
      target.hermesStreamed += +hermesStreamedSame;
      target.best += +best;
    }
  }
  const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  console.log(`\n${name}: ${corpus.length} replies\n`);
  console.log(
    line([
      'category',
      'replies',
      'ours: exact',
      'ours: not made',
      'ours: streamed = whole',
      'peer hermes: exact',
      'peer hermes: not made',
      'peer hermes: streamed = whole',
      'peer best protocol: exact',
    ]),
  );
  console.log(line(Array(9).fill('---')));
  for (const [category, row] of [...rows, ['all', total] as const])
    console.log(
      line([
        category,
        row.n,
        `${row.ours} (${pct(row.ours, row.n)})`,
        row.oursNotMade,
        row.oursStreamed,
        `${row.hermes} (${pct(row.hermes, row.n)})`,
        row.hermesNotMade,
        row.hermesStreamed,
        `${row.best} (${pct(row.best, row.n)})`,
      ]),
    );
  if (oursMissed.length) console.log(`\nours, not read exactly:\n${oursMissed.map((m) => `  ${m}`).join('\n')}`);
  if (total.oursNotMade > 0 || total.oursStreamed < total.n) process.exitCode = 1;
}

// The peer logs each parse failure it recovers from; the table is the output here.
console.warn = () => {};
await measure('the corpus of issue 32 (prompt-corpus.ts)', buildCorpus(), corpusTools);
await measure('habits from the models’ chat templates and docs (prompt-habits.ts)', buildHabitCorpus(), habitTools);
