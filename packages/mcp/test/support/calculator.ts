// A small service with a hand-written manifest (what gen-tools would write), for serving over MCP in tests.
import { defineManifest, tool, type ToolContext } from '@toolwright/core';

export interface Weather {
  city: string;
  celsius: number;
}

export class Calculator {
  cancelled = 0;

  @tool({ annotations: { title: 'Add two numbers', readOnlyHint: true, idempotentHint: true, openWorldHint: false } })
  add(a: number, b: number): number {
    return a + b;
  }

  @tool()
  weather(city: string): Weather {
    return { city, celsius: city.length };
  }

  @tool()
  fail(reason: string): never {
    throw new RangeError(`failed on purpose: ${reason}`);
  }

  /** Waits `ms`, reporting progress each `step` ms; stops when the call is cancelled. */
  @tool()
  async slow(ms: number, step: number, context: ToolContext): Promise<string> {
    const steps = Math.max(1, Math.ceil(ms / step));
    for (let done = 1; done <= steps; done++) {
      await new Promise((resolve) => setTimeout(resolve, step));
      if (context.signal.aborted) {
        this.cancelled++;
        return 'stopped';
      }
      context.progress(done, steps, `step ${done} of ${steps}`);
    }
    return 'done';
  }

  @tool()
  stats(): { pid: number; cancelled: number } {
    return { pid: process.pid, cancelled: this.cancelled };
  }
}

const number = { type: 'number' } as const;
const closed = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
} as const;
const entry = (method: string, description: string) => ({
  name: method,
  description,
  class: 'Calculator',
  method,
  file: 'calculator.ts',
});

export const manifest = defineManifest({
  version: 1,
  tools: [
    {
      ...entry('add', 'Adds two numbers.'),
      target: () => Calculator,
      parameters: { ...closed, properties: { a: number, b: number }, required: ['a', 'b'] },
      params: [
        { name: 'a', kind: 'value' },
        { name: 'b', kind: 'value' },
      ],
      returns: number,
      annotations: { title: 'Add two numbers', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      ...entry('weather', 'The weather in a city.'),
      target: () => Calculator,
      parameters: {
        ...closed,
        properties: { city: { type: 'string', description: 'A city name.' } },
        required: ['city'],
      },
      params: [{ name: 'city', kind: 'value' }],
      returns: { ...closed, properties: { city: { type: 'string' }, celsius: number }, required: ['city', 'celsius'] },
    },
    {
      ...entry('fail', 'Always throws.'),
      target: () => Calculator,
      parameters: { ...closed, properties: { reason: { type: 'string' } }, required: ['reason'] },
      params: [{ name: 'reason', kind: 'value' }],
    },
    {
      ...entry('slow', 'Waits, reporting progress.'),
      target: () => Calculator,
      parameters: { ...closed, properties: { ms: number, step: number }, required: ['ms', 'step'] },
      params: [
        { name: 'ms', kind: 'value' },
        { name: 'step', kind: 'value' },
        { name: 'context', kind: 'context' },
      ],
      returns: { type: 'string' },
    },
    {
      ...entry('stats', 'The process id and how many calls were cancelled.'),
      target: () => Calculator,
      parameters: { ...closed, properties: {} },
      params: [],
      returns: { ...closed, properties: { pid: number, cancelled: number }, required: ['pid', 'cancelled'] },
    },
  ],
});
