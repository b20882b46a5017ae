// What the Agent benchmarks share: a small weather service bound by the real Toolbox (its manifest written in the
// shape gen-tools emits), and the real SDK client pointed at a FakeGemini.
import { GoogleGenAI } from '@google/genai';
import { defineManifest, tool, Toolbox, type ToolContext } from '@toolwright/core';
import { reply, startFakeGemini, type FakeGeminiOptions, type FakeRequest } from '@toolwright/testing';

export class BenchWeather {
  constructor(private readonly waitMs = 0) {}

  /** Gets the current weather for a city (after `waitMs`, as a remote service would). */
  @tool()
  async getWeather(city: string, context: ToolContext): Promise<{ city: string; tempC: number }> {
    if (this.waitMs > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, this.waitMs);
        context.signal.addEventListener('abort', () => (clearTimeout(timer), reject(context.signal.reason)), {
          once: true,
        });
      });
    }
    return { city, tempC: 10 + city.length };
  }
}

export const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'getWeather',
      description: 'Gets the current weather for a city.',
      class: 'BenchWeather',
      method: 'getWeather',
      file: 'scripts/bench/agent-fixture.ts',
      target: () => BenchWeather,
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: 'The city.' } },
        required: ['city'],
      },
      params: [
        { name: 'city', kind: 'value' },
        { name: 'context', kind: 'context' },
      ],
    },
  ],
});

export function weatherToolbox(waitMs = 0): Toolbox {
  return new Toolbox([new BenchWeather(waitMs)], manifest);
}

export async function fakeWithClient(options: FakeGeminiOptions) {
  const fake = await startFakeGemini(options);
  const client = new GoogleGenAI({ apiKey: 'bench', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  return { fake, client };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}

/** The 3-turn model of agent-vs-sdk and agent-telemetry: asks for Boston, then for Paris, then answers with both. */
export function bostonThenParis(request: FakeRequest) {
  const answered = request.contents.filter((content) => content.role === 'model').length;
  if (answered === 0) return reply.functionCall('getWeather', { city: 'Boston' });
  if (answered === 1) return reply.functionCall('getWeather', { city: 'Paris' });
  return reply.text(`Boston and Paris: ${JSON.stringify(request.functionResponses[0]?.response)}`);
}
