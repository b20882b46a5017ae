// Opt-in: the weather agent against the real Gemini API. Skipped unless GEMINI_API_KEY is set; the model comes from
// GEMINI_MODEL (default gemini-2.5-flash). Asserts only what any competent model does, not exact wording.
import { GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '@toolwright/genai';
import { createWeatherAgent } from '../examples/weather/src/agent.js';
import { budget } from './support/time-budget.js';
import { skipUnless } from './support/skip-unless.js';

const apiKey = process.env.GEMINI_API_KEY;
const model = process.env.GEMINI_MODEL || 'gemini-2.5-flash';

describe(
  'the weather agent on the Gemini API',
  skipUnless(Boolean(apiKey), 'GEMINI_API_KEY is not set: these run the weather agent on the real Gemini API'),
  () => {
    const client = new GoogleGenAI(apiKey ? { apiKey } : {});

    it(
      'calls the tools and answers from their results (run)',
      async () => {
        const result = await createWeatherAgent({ client, model }).run(
          'What is the temperature in Boston, MA and in Paris, France, in celsius?',
        );
        const calls = result.steps.flatMap((step) => step.calls);
        expect(calls.map((call) => call.name)).toContain('getCurrentWeather');
        expect(calls.every((call) => call.ok)).toBe(true);
        expect(result.stopReason).toBe('stop');
        expect(result.text).toMatch(/14/);
        expect(result.text).toMatch(/19/);
      },
      budget(120_000),
    );

    it(
      'streams the answer and keeps a chat going',
      async () => {
        const chat = createWeatherAgent({ client, model }).chat();
        const stream = chat.stream('How is the weather in Tokyo, Japan?');
        const events: AgentEvent[] = [];
        for await (const event of stream) events.push(event);
        expect(events.some((event) => event.type === 'tool_call')).toBe(true);
        expect(events.filter((event) => event.type === 'text').length).toBeGreaterThan(0);
        const second = await chat.send('And the forecast there for the next two days?');
        expect(second.steps.flatMap((step) => step.calls).map((call) => call.name)).toContain('getForecast');
        expect(second.history.length).toBeGreaterThan((await stream.result).history.length);
      },
      budget(180_000),
    );
  },
);
