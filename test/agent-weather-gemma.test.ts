// End to end in prompt mode: the weather example's Agent on a Gemma model (no function calling, no system
// instruction on the Gemini API), the real @google/genai client, and FakeGemini playing a model that follows the
// prompt the Agent sent: it finds the weather tool and the call syntax there, writes its calls as text, and answers
// from the results it reads back.
import { GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini, type FakeRequest } from '@toolwright/testing';
import type { AgentEvent } from '@toolwright/genai';
import { createWeatherAgent } from '../examples/weather/src/agent.js';
import { WeatherService } from '../examples/weather/src/weather-service.js';

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const CITIES = ['Boston, MA', 'Paris, France'];

/** A model that reads the tool prompt: the tool list, and the call syntax of the worked example. */
function promptFollower(request: FakeRequest) {
  const prompt = request.contents[0]?.parts?.[0]?.text ?? '';
  const said = request.lastContent?.parts?.at(-1)?.text ?? '';
  const results = [...said.matchAll(/^\[(\d+)\] (\w+): (.*)$/gm)].map((match) => JSON.parse(match[3]!));
  if (results.length) {
    const temperatures = results.map((result) => result.output.temperature as number);
    const lines = CITIES.map((city, i) => `${city}: ${temperatures[i]}°C`);
    const warmer = temperatures[0]! > temperatures[1]! ? 'Boston' : 'Paris';
    return reply.withStream(reply.text(`${lines.join('\n')}\n${warmer} is warmer.`), { textEvents: 8 });
  }
  // The tool whose signature takes a location, as the prompt lists it: `getCurrentWeather(location: string, ...)`.
  const tool = /^(\w*Current\w*)\((\w+): string/m.exec(prompt);
  if (!tool || !/Python list of calls/.test(prompt)) return reply.text('I do not see how to call a weather tool.');
  const calls = CITIES.map((city) => `${tool[1]}(${tool[2]}="${city}")`).join(', ');
  return reply.withStream(reply.text(`I will check both.\n\`\`\`tool_code\n[${calls}]\n\`\`\``), { textEvents: 12 });
}

describe('the weather agent on Gemma (prompt-based calling)', () => {
  it('runs the real service from calls written in text; text events carry prose only', async () => {
    const fake = await startFakeGemini({ handler: promptFollower });
    fakes.push(fake);
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
    const agent = createWeatherAgent({ client, model: 'gemma-3-27b-it' });
    const stream = agent.stream('Weather in Boston and Paris? Which is warmer?');
    const events: AgentEvent[] = [];
    for await (const event of stream) events.push(event);
    const result = await stream.result;

    const service = new WeatherService();
    const calls = events.flatMap((event) => (event.type === 'tool_call' ? [[event.name, event.args]] : []));
    expect(calls).toEqual([
      ['getCurrentWeather', { location: 'Boston, MA' }],
      ['getCurrentWeather', { location: 'Paris, France' }],
    ]);
    const outputs = events.flatMap((event) => (event.type === 'tool_result' ? [event.response] : []));
    expect(outputs).toEqual([
      { output: await service.getCurrentWeather('Boston, MA') },
      { output: await service.getCurrentWeather('Paris, France') },
    ]);
    const text = events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
    expect(text).toBe(`I will check both.\n${result.text}`);
    expect(text).not.toMatch(/tool_code|getCurrentWeather/);
    expect(result.text).toMatch(/is warmer\.$/);

    // Every request passed the API's rules for Gemma: no tools, no system instruction (it is in the first turn).
    expect(fake.requests.map((request) => request.status)).toEqual([200, 200]);
    expect(fake.turns[0]!.contents[0]!.parts[0]!.text).toMatch(/^You are a weather assistant/);
  });
});
