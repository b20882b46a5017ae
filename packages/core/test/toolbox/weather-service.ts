// A small service with its manifest written in the shape gen-tools emits for it (tools.generated.ts style:
// `target` thunks, one property per value parameter in order, `params` with kinds, defaults and revivals).
import { defineManifest, tool, type Integer, type ToolContext } from '@toolwright/core';

export interface Forecast {
  city: string;
  days: number;
  unit: 'celsius' | 'fahrenheit';
}

export class WeatherService {
  calls: string[] = [];

  /**
   * Gets the forecast for a city.
   * @param city City and region, e.g. "Boston, MA".
   * @param days How many days.
   * @param unit Temperature unit.
   */
  @tool()
  async getForecast(city: string, days: Integer, unit: 'celsius' | 'fahrenheit' = 'celsius'): Promise<Forecast> {
    this.calls.push(`getForecast:${city}`);
    return { city, days, unit };
  }

  /** Sums numbers, synchronously. */
  @tool({ name: 'add_numbers', description: 'Adds numbers (decorator text wins)', timeoutMs: 1234 })
  add(a: number, b?: number): number {
    this.calls.push('add');
    return a + (b ?? 0);
  }

  /** Waits for the given time, honouring the signal. */
  @tool()
  async wait(ms: Integer, context: ToolContext): Promise<{ waited: number; callId?: string; timeoutMs?: number }> {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      context.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(context.signal.reason as Error);
      });
    });
    return {
      waited: ms,
      ...(context.callId ? { callId: context.callId } : {}),
      ...(context.timeoutMs ? { timeoutMs: context.timeoutMs } : {}),
    };
  }

  /** Books a trip. */
  @tool()
  book(when: Date, site: URL, budget: bigint, tags: Set<string>, filter?: { limit: Integer; since?: Date }): string {
    return [
      when.toISOString(),
      site.href,
      (budget * 2n).toString(),
      [...tags].sort().join('|'),
      filter?.limit ?? '-',
      filter?.since?.toISOString() ?? '-',
    ].join(' ');
  }

  /** Always fails. */
  @tool()
  explode(reason: string): never {
    throw new RangeError(`boom: ${reason}`);
  }

  notATool() {
    return 1;
  }
}

export const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'getForecast',
      description: 'Gets the forecast for a city.',
      class: 'WeatherService',
      method: 'getForecast',
      file: 'src/weather-service.ts',
      target: () => WeatherService,
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City and region, e.g. "Boston, MA".' },
          days: { type: 'integer', description: 'How many days.' },
          unit: {
            type: 'string',
            enum: ['celsius', 'fahrenheit'],
            description: 'Temperature unit.',
            default: 'celsius',
          },
        },
        required: ['city', 'days'],
      },
      params: [
        { name: 'city', kind: 'value' },
        { name: 'days', kind: 'value' },
        { name: 'unit', kind: 'value', optional: true },
      ],
    },
    {
      name: 'add_numbers',
      description: 'Sums numbers, synchronously.',
      class: 'WeatherService',
      method: 'add',
      file: 'src/weather-service.ts',
      target: () => WeatherService,
      parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a'] },
      params: [
        { name: 'a', kind: 'value' },
        { name: 'b', kind: 'value', optional: true },
      ],
    },
    {
      name: 'wait',
      description: 'Waits for the given time, honouring the signal.',
      class: 'WeatherService',
      method: 'wait',
      file: 'src/weather-service.ts',
      target: () => WeatherService,
      parameters: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
      params: [
        { name: 'ms', kind: 'value' },
        { name: 'context', kind: 'context' },
      ],
    },
    {
      name: 'book',
      description: 'Books a trip.',
      class: 'WeatherService',
      method: 'book',
      file: 'src/weather-service.ts',
      target: () => WeatherService,
      parameters: {
        type: 'object',
        properties: {
          when: { type: 'string', format: 'date-time' },
          site: { type: 'string', format: 'uri' },
          budget: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          filter: {
            type: 'object',
            properties: { limit: { type: 'integer', minimum: 1 }, since: { type: 'string', format: 'date-time' } },
            required: ['limit'],
          },
        },
        required: ['when', 'site', 'budget', 'tags'],
      },
      params: [
        { name: 'when', kind: 'value', revive: { kind: 'date' } },
        { name: 'site', kind: 'value', revive: { kind: 'url' } },
        { name: 'budget', kind: 'value', revive: { kind: 'bigint' } },
        { name: 'tags', kind: 'value', revive: { kind: 'set' } },
        {
          name: 'filter',
          kind: 'value',
          optional: true,
          revive: { kind: 'object', properties: { since: { kind: 'date' } } },
        },
      ],
    },
    {
      name: 'explode',
      description: 'Always fails.',
      class: 'WeatherService',
      method: 'explode',
      file: 'src/weather-service.ts',
      target: () => WeatherService,
      parameters: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
      params: [{ name: 'reason', kind: 'value' }],
    },
  ],
});

/** The same manifest as `gen-tools --json` writes it: no class references. */
export function jsonManifest() {
  return JSON.parse(JSON.stringify(manifest)) as typeof manifest;
}
