import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini, type FakeRequest } from '../src/index.js';
import { apiError, clientFor, collect } from './helpers.js';

// Gemma on the Gemini API has no function calling and takes no system instruction: the fake refuses both as the API
// does, and a script can follow a prompt the client put in the text instead.
let fake: FakeGemini;
const seen: FakeRequest[] = [];
beforeAll(async () => {
  fake = await startFakeGemini({
    handler: (request) => {
      seen.push(request);
      const asked = /call (\w+)/.exec(request.text)?.[1];
      return asked ? reply.text(`TOOL_CALL: ${asked}({})`) : reply.text(`system: ${request.systemText || '(none)'}`);
    },
  });
});
afterAll(() => fake.close());

const tools = [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object' } }] }];

describe('FakeGemini and gemma-* models', () => {
  for (const model of ['gemma-3-27b-it', 'gemma-3n-e4b-it']) {
    it(`${model}: tools and toolConfig get 400 "Function calling is not enabled", unary and streamed`, async () => {
      for (const [apiVersion, stream] of [
        ['v1beta', false],
        ['v1', true],
      ] as const) {
        const ai = clientFor(fake, apiVersion);
        for (const config of [{ tools }, { toolConfig: { functionCallingConfig: { mode: 'NONE' as never } } }]) {
          const params = { model, contents: 'Hi', config };
          const sent = stream
            ? ai.models.generateContentStream(params).then(collect)
            : ai.models.generateContent(params);
          const error = await apiError(sent, 400);
          expect(error).toEqual({
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: `Function calling is not enabled for models/${model}`,
          });
        }
      }
    });
  }

  it('refuses a system instruction: 400 "Developer instruction is not enabled"; other models take it', async () => {
    const ai = clientFor(fake);
    const error = await apiError(
      ai.models.generateContent({
        model: 'gemma-3-27b-it',
        contents: 'Hi',
        config: { systemInstruction: 'Be brief.' },
      }),
      400,
    );
    expect(error.message).toBe('Developer instruction is not enabled for models/gemma-3-27b-it');
    const before = seen.length;
    const answer = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Hi',
      config: { systemInstruction: 'Be brief.', tools },
    });
    expect(answer.text).toBe('system: Be brief.');
    expect(seen.length).toBe(before + 1);
  });

  it('answers a prompt in the text: a script follows what the request says', async () => {
    const ai = clientFor(fake);
    const answer = await ai.models.generateContent({
      model: 'gemma-3-27b-it',
      contents: 'Tools: get_weather. Please call get_weather',
    });
    expect(answer.text).toBe('TOOL_CALL: get_weather({})');
    expect(fake.requests.at(-1)!.status).toBe(200);
  });
});
