// The example of README.md, "Testing your agent offline", kept runnable: change both together.
import { afterEach, expect, it } from 'vitest';
import { GoogleGenAI, type Content } from '@google/genai';
import { reply, startFakeGemini, type FakeGemini } from '../src/index.js';

// The agent under test: a minimal loop on the real SDK (yours would be your own code).
async function runAgent(ai: GoogleGenAI, question: string, tools: Record<string, (args: any) => unknown>) {
  const contents: Content[] = [{ role: 'user', parts: [{ text: question }] }];
  const functionDeclarations = Object.keys(tools).map((name) => ({ name, parametersJsonSchema: { type: 'object' } }));
  for (let turn = 0; turn < 5; turn++) {
    const response = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config: { tools: [{ functionDeclarations }] } });
    const calls = response.functionCalls ?? [];
    if (calls.length === 0) return response.text;
    contents.push(response.candidates![0]!.content!);
    contents.push({
      role: 'user',
      parts: calls.map((call) => ({
        functionResponse: { id: call.id, name: call.name, response: { output: tools[call.name!]!(call.args) } },
      })),
    });
  }
  throw new Error('no answer');
}

let fake: FakeGemini;
afterEach(() => fake.close());

it('calls the weather tool, then answers with its result', async () => {
  fake = await startFakeGemini({
    script: [
      reply.functionCall('get_weather', { city: 'Boston' }, { id: 'call-1' }),
      (request) => reply.text(`It is ${String(request.functionResponses[0]?.response.output)}.`),
    ],
  });
  const ai = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });

  const answer = await runAgent(ai, 'Weather in Boston?', { get_weather: () => 'sunny' });

  expect(answer).toBe('It is sunny.');
  fake.assertScriptUsed();                                  // every scripted reply was asked for
  const sent = fake.requests[1]!.body as { contents: Content[] };
  expect(sent.contents.at(-1)!.parts![0]!.functionResponse).toEqual({
    id: 'call-1', name: 'get_weather', response: { output: 'sunny' },
  });
});
