// What telemetry costs a run (issue 35): the 3-turn scenario of agent-vs-sdk (a call, another call, a text answer)
// against one FakeGemini, run by three Agents, interleaved, RUNS (default 200) runs each:
//   off      telemetry off (the baseline);
//   on       telemetry: true, spans made and exported by the OpenTelemetry SDK (BasicTracerProvider, a simple
//            processor, an exporter that drops them: the cost of making and ending spans, not of shipping them);
//   recorded the same with recordInputs and recordOutputs (messages serialised into attributes).
// Target: on / off <= 1.10, judged on the median of paired ratios (each run over the baseline run next to it).
//   npm run bench -- agent-telemetry
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Agent } from '@toolwright/genai';
import { bostonThenParis, fakeWithClient, median, verdict, weatherToolbox } from './agent-fixture.js';

const runs = Number(process.env.RUNS ?? 200);
const TARGET = 1.1;

let exported = 0;
const dropping: SpanExporter = {
  export(spans, done) {
    exported += spans.length;
    done({ code: 0 });
  },
  shutdown: () => Promise.resolve(),
};
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropping)] }));

const { fake, client } = await fakeWithClient({ handler: bostonThenParis });
const tools = weatherToolbox();
const agents = {
  off: new Agent({ client, model: 'gemini-2.5-flash', tools }),
  on: new Agent({ client, model: 'gemini-2.5-flash', tools, telemetry: true }),
  recorded: new Agent({
    client,
    model: 'gemini-2.5-flash',
    tools,
    telemetry: { recordInputs: true, recordOutputs: true },
  }),
};
type Name = keyof typeof agents;
const names = Object.keys(agents) as Name[];

async function time(name: Name): Promise<number> {
  const started = performance.now();
  const { text } = await agents[name].run('Weather in Boston, then Paris?');
  const ms = performance.now() - started;
  if (!text.startsWith('Boston and Paris')) throw new Error(`unexpected answer: ${text}`);
  return ms;
}

for (let i = 0; i < 20; i++) for (const name of names) await time(name);
const before = exported;
const timings: Record<Name, number[]> = { off: [], on: [], recorded: [] };
for (let i = 0; i < runs; i++) {
  // Rotate the order so that no variant always runs first after the others.
  for (let k = 0; k < names.length; k++) {
    const name = names[(i + k) % names.length]!;
    timings[name].push(await time(name));
  }
}
await fake.close();

// Each run with telemetry makes 1 invoke_agent + 3 chat + 2 execute_tool spans.
const spansPerRun = (exported - before) / (2 * runs);
if (spansPerRun !== 6) throw new Error(`expected 6 spans per run with telemetry on, got ${spansPerRun}`);
const paired = (name: Name) => median(timings[name].map((ms, i) => ms / timings.off[i]!));
const on = paired('on');
const recorded = paired('recorded');
console.log(`telemetry off:                 median ${median(timings.off).toFixed(2)} ms over ${runs} runs (baseline)`);
console.log(`telemetry on (6 spans a run):  median ${median(timings.on).toFixed(2)} ms`);
console.log(`on, inputs and outputs kept:   median ${median(timings.recorded).toFixed(2)} ms`);
console.log(`ratio on/off (median of paired runs): ${on.toFixed(3)} (target <= ${TARGET}) ${verdict(on <= TARGET)}`);
console.log(`ratio recorded/off (median of paired runs): ${recorded.toFixed(3)} (reported)`);
process.exitCode = on <= TARGET ? 0 : 1;
