// Agent overhead (issue 7): the same 3-turn scenario (a call, another call, a text answer) against one FakeGemini,
// run by Agent.run and by the SDK's own loop over toCallableTool, RUNS (default 200) runs each, interleaved.
// Target: Agent / SDK <= 1.10, judged on the median of the paired ratios (each Agent run over the SDK run next to it,
// so that both saw the same load on a shared machine); the ratio of the two medians is printed too.
//   node --conditions=@toolwright/source --import tsx scripts/bench/agent-vs-sdk.ts
import { Agent, toCallableTool } from '@toolwright/genai';
import { bostonThenParis, fakeWithClient, median, verdict, weatherToolbox } from './agent-fixture.js';

const runs = Number(process.env.RUNS ?? 200);
const TARGET = 1.1;

const { fake, client } = await fakeWithClient({ handler: bostonThenParis });
const toolbox = weatherToolbox();
const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: toolbox });
const callable = toCallableTool(toolbox);

async function viaAgent(): Promise<string> {
  return (await agent.run('Weather in Boston, then Paris?')).text;
}
async function viaSdk(): Promise<string> {
  const response = await client.models.generateContent({
    model: 'gemini-2.5-flash',
    contents: 'Weather in Boston, then Paris?',
    config: { tools: [callable] },
  });
  return response.text ?? '';
}

async function time(job: () => Promise<string>): Promise<number> {
  const started = performance.now();
  const text = await job();
  const ms = performance.now() - started;
  if (!text.startsWith('Boston and Paris')) throw new Error(`unexpected answer: ${text}`);
  return ms;
}

// Warm up both paths (JIT, connections, validators), then interleave so that drift hits both alike.
for (let i = 0; i < 20; i++) {
  await time(viaAgent);
  await time(viaSdk);
}
const agentMs: number[] = [];
const sdkMs: number[] = [];
for (let i = 0; i < runs; i++) {
  if (i % 2 === 0) {
    agentMs.push(await time(viaAgent));
    sdkMs.push(await time(viaSdk));
  } else {
    sdkMs.push(await time(viaSdk));
    agentMs.push(await time(viaAgent));
  }
}
await fake.close();

const ratio = median(agentMs.map((ms, i) => ms / sdkMs[i]!));
console.log(`Agent.run, 3 turns:            median ${median(agentMs).toFixed(2)} ms over ${runs} runs`);
console.log(`SDK loop + toCallableTool:     median ${median(sdkMs).toFixed(2)} ms over ${runs} runs (baseline)`);
console.log(`ratio of the medians: ${(median(agentMs) / median(sdkMs)).toFixed(3)}`);
console.log(
  `ratio Agent/SDK (median of paired runs): ${ratio.toFixed(3)} (target <= ${TARGET}) ${verdict(ratio <= TARGET)}`,
);
process.exitCode = ratio <= TARGET ? 0 : 1;
