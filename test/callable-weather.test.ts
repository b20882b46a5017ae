// End to end: the SDK's own automatic function calling running the weather example's Toolbox through
// toCallableTool, with the real @google/genai client against FakeGemini, streamed and not.
import { GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeGemini, type FunctionResponse } from '@toolwright/testing';
import { toCallableTool } from '@toolwright/genai';
import { weatherToolbox } from '../examples/weather/src/agent.js';
import { OFFLINE_QUESTION, offlineWeatherModel } from '../examples/weather/src/agent-offline-model.js';

let fake: FakeGemini | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function client(): Promise<GoogleGenAI> {
  fake = await startFakeGemini({ handler: offlineWeatherModel });
  return new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
}

function answers(): FunctionResponse[] {
  return fake!.turns[1]!.functionResponses;
}

describe("toCallableTool in the SDK's loop", () => {
  it('answers the parallel calls with ids echoed (generateContent)', async () => {
    const ai = await client();
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: OFFLINE_QUESTION,
      config: { tools: [toCallableTool(weatherToolbox())] },
    });
    expect(response.text).toContain('Paris is warmer');
    expect(answers()).toMatchObject([
      { id: 'call-0-0', name: 'getCurrentWeather', response: { output: { location: 'Boston, MA' } } },
      { id: 'call-0-1', name: 'getCurrentWeather', response: { output: { location: 'Paris, France' } } },
    ]);
    expect(response.automaticFunctionCallingHistory).toHaveLength(3);
  });

  it('streams too (generateContentStream)', async () => {
    const ai = await client();
    const stream = await ai.models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: OFFLINE_QUESTION,
      config: { tools: [toCallableTool(weatherToolbox())] },
    });
    let text = '';
    for await (const chunk of stream) {
      if (chunk.candidates?.[0]?.content?.role !== 'model') continue;
      for (const part of chunk.candidates[0].content.parts ?? []) text += part.text ?? '';
    }
    expect(text).toContain('Paris is warmer');
    expect(answers().map((answer) => answer.id)).toEqual(['call-0-0', 'call-0-1']);
  });
});
