// Parallel tool calls (issue 7): the model asks for eight calls at once to a tool that waits 50 ms. The Agent's tool
// phase for that turn (Step.toolsMs) must take <= 70 ms. Printed beside two baselines measured in the same run:
// the SDK's own streaming loop over toCallableTool (it runs the calls one at a time) and the Agent with
// `sequential: true`. RUNS (default 20) runs each; medians.
//   node --conditions=@toolwright/source --import tsx scripts/bench/agent-parallel-tools.ts
import type { CallableTool } from '@google/genai';
import { reply, type FakeRequest } from '@toolwright/testing';
import { Agent, toCallableTool } from '@toolwright/genai';
import { fakeWithClient, median, verdict, weatherToolbox } from './agent-fixture.js';

const runs = Number(process.env.RUNS ?? 20);
const TARGET_MS = 70;
const cities = ['Boston', 'Paris', 'Tokyo', 'Lima', 'Oslo', 'Cairo', 'Delhi', 'Perth'];

function model(request: FakeRequest) {
  if (request.functionResponses.length) return reply.text(`Got ${request.functionResponses.length} answers.`);
  return reply.functionCalls(cities.map((city, i) => ({ name: 'getWeather', args: { city }, id: `c${i}` })));
}

const { fake, client } = await fakeWithClient({ handler: model });
const toolbox = weatherToolbox(50);
const concurrent = new Agent({ client, model: 'gemini-2.5-flash', tools: toolbox });
const sequential = new Agent({ client, model: 'gemini-2.5-flash', tools: toolbox, sequential: true });

async function agentToolPhase(agent: Agent): Promise<number> {
  const result = await agent.run('Weather in eight cities?');
  if (result.text !== 'Got 8 answers.' || result.steps[0]!.calls.some((call) => !call.ok))
    throw new Error(`unexpected run: ${result.text}`);
  return result.steps[0]!.toolsMs;
}

// The SDK's loop: time from the first call starting to the last one ending.
async function sdkToolPhase(): Promise<number> {
  const inner = toCallableTool(toolbox);
  let first = Infinity;
  let last = 0;
  const timed: CallableTool = {
    tool: () => inner.tool(),
    callTool: async (calls) => {
      first = Math.min(first, performance.now());
      const parts = await inner.callTool(calls);
      last = performance.now();
      return parts;
    },
  };
  const stream = await client.models.generateContentStream({
    model: 'gemini-2.5-flash',
    contents: 'Weather in eight cities?',
    config: { tools: [timed] },
  });
  let text = '';
  for await (const chunk of stream)
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) text += part.text ?? '';
  if (text !== 'Got 8 answers.') throw new Error(`unexpected SDK answer: ${text}`);
  return last - first;
}

await agentToolPhase(concurrent);
await sdkToolPhase();
const agentMs: number[] = [];
const sdkMs: number[] = [];
const sequentialMs: number[] = [];
for (let i = 0; i < runs; i++) {
  agentMs.push(await agentToolPhase(concurrent));
  sdkMs.push(await sdkToolPhase());
  sequentialMs.push(await agentToolPhase(sequential));
}
await fake.close();

const figure = median(agentMs);
console.log(`Agent, 8 parallel calls of a 50 ms tool: tool phase median ${figure.toFixed(1)} ms over ${runs} runs`);
console.log(`SDK streaming loop + toCallableTool:     tool phase median ${median(sdkMs).toFixed(1)} ms (baseline)`);
console.log(
  `Agent with sequential: true:             tool phase median ${median(sequentialMs).toFixed(1)} ms (baseline)`,
);
console.log(
  `ratio Agent/SDK: ${(figure / median(sdkMs)).toFixed(3)}; target <= ${TARGET_MS} ms ${verdict(figure <= TARGET_MS)}`,
);
process.exitCode = figure <= TARGET_MS ? 0 : 1;
