// End to end: the weather example's service, its manifest as gen-tools wrote it, the real Toolbox, the Agent and the
// real @google/genai client, talking over HTTP to FakeGemini acting as a thinking model (strict about signatures).
import { GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini, type FakeGeminiOptions } from '@toolwright/testing';
import type { AgentEvent } from '@toolwright/genai';
import { createWeatherAgent, weatherToolbox } from '../examples/weather/src/agent.js';
import { OFFLINE_QUESTION, offlineWeatherModel } from '../examples/weather/src/agent-offline-model.js';
import { WeatherService } from '../examples/weather/src/weather-service.js';

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function connect(options: FakeGeminiOptions) {
  const fake = await startFakeGemini({ thinking: true, ...options });
  fakes.push(fake);
  return {
    fake,
    client: new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } }),
  };
}

describe('the weather agent over the generated manifest', () => {
  it('streams the demo conversation: parallel calls on the real service, the answer from its results', async () => {
    const { fake, client } = await connect({ handler: offlineWeatherModel });
    const agent = createWeatherAgent({ client, model: 'gemini-2.5-flash' });
    const stream = agent.stream(OFFLINE_QUESTION);
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
    expect(outputs).toEqual(
      expect.arrayContaining([
        { output: await service.getCurrentWeather('Boston, MA') },
        { output: await service.getCurrentWeather('Paris, France') },
      ]),
    );
    const streamed = events.flatMap((event) => (event.type === 'text' && event.turn === 2 ? [event.text] : []));
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed.join('')).toBe(result.text);
    expect(result.text).toContain('Paris is warmer');
    expect(result.stopReason).toBe('stop');

    // What went over the wire: the generated declarations, the signed model turn back, the answers with their ids.
    const [first, second] = fake.turns;
    expect(first!.functionDeclarations).toEqual(weatherToolbox().declarations());
    expect(first!.systemText).toMatch(/weather assistant/);
    expect(second!.contents[1]).toEqual(result.history[1]);
    expect(second!.functionResponses.map((response) => response.id)).toEqual(
      second!.answeredCalls.map((call) => call.id),
    );
    expect(fake.requests.every((request) => request.status === 200)).toBe(true);
  });

  it('sends invalid arguments back as errors the model can fix, with nested objects and enums validated', async () => {
    const { fake, client } = await connect({
      script: [
        reply.functionCalls([
          { name: 'listAlerts', args: { near: { latitude: 142, longitude: -71.06 }, minSeverity: 'severe' } },
          { name: 'getForecast', args: { location: 'Oslo', days: 2 } },
          { name: 'getCurrentWeather', args: { location: 'Atlantis' } },
        ]),
        (request) => {
          const [alerts, forecast, current] = request.functionResponses.map((response) => response.response as any);
          expect(alerts.error.name).toBe('InvalidArguments');
          expect(JSON.stringify(alerts.error)).toMatch(/latitude/);
          expect(JSON.stringify(alerts.error)).toMatch(/minSeverity/);
          expect(forecast.output).toHaveLength(2);
          expect(current.error.message).toMatch(/No station for "Atlantis"/);
          return reply.functionCall('listAlerts', { near: { latitude: 42.36, longitude: -71.06 }, radiusKm: 50 });
        },
        (request) => reply.text(`Alerts: ${JSON.stringify(request.functionResponses[0]!.response)}`),
      ],
    });
    const result = await createWeatherAgent({ client, model: 'gemini-2.5-flash' }).run(
      'Any alerts near Boston? And Oslo and Atlantis?',
    );
    expect(result.text).toContain('Small craft advisory');
    expect(result.steps[0]!.calls.map((call) => call.ok)).toEqual([false, true, false]);
    expect(result.steps[1]!.calls[0]!.response).toEqual({
      output: new WeatherService().listAlerts({ latitude: 42.36, longitude: -71.06 }, 50),
    });
    fake.assertScriptUsed();
  });
});
