// Small services for the Agent's tests, bound by the real Toolbox of @toolwright/core. Their manifests are written
// in the shape gen-tools emits (`target` thunks, one property per value parameter in order, `params` with kinds):
// genai does not depend on gen, so these tests do not run it (test/agent-e2e.test.ts does).
import { defineManifest, tool, Toolbox, type JsonSchema, type ManifestTool, type ToolContext } from '@toolwright/core';

type Target = () => abstract new (...args: never[]) => unknown;

/** One manifest entry: value parameters in order (optional ones marked `?`), then an optional context slot. */
function entry(target: Target, method: string, params: Record<string, JsonSchema>, context = false): ManifestTool {
  const names = Object.keys(params);
  const plain = (name: string) => name.replace(/\?$/, '');
  return {
    name: method,
    description: `${method} (test tool)`,
    class: target().name,
    method,
    file: 'test/support/services.ts',
    target,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [plain(name), params[name]!])),
      required: names.filter((name) => !name.endsWith('?')),
    },
    params: [
      ...names.map((name) => ({
        name: plain(name),
        kind: 'value' as const,
        ...(name.endsWith('?') ? { optional: true } : {}),
      })),
      ...(context ? [{ name: 'context', kind: 'context' as const }] : []),
    ],
  };
}

export class WeatherTools {
  @tool()
  async getWeather(city: string): Promise<{ city: string; tempC: number; sky: string }> {
    return { city, tempC: city.length, sky: 'clear' };
  }
}

export class EchoTools {
  @tool()
  echo(value?: string): { value: string | undefined } {
    return { value };
  }

  @tool()
  explode(): never {
    throw new RangeError('the tool blew up');
  }

  @tool()
  hang(context: ToolContext): Promise<never> {
    void context;
    return new Promise(() => {});
  }
}

/** A tool that waits until it is cancelled; `started` resolves with its signal once it runs. */
export class SlowTools {
  started: Promise<AbortSignal>;
  #resolve!: (signal: AbortSignal) => void;

  constructor() {
    this.started = new Promise((resolve) => (this.#resolve = resolve));
  }

  @tool()
  slow(context: ToolContext): Promise<never> {
    this.#resolve(context.signal);
    return new Promise(() => {});
  }
}

export class MathTools {
  /** Finishes after a random short wait, so that concurrent runs overlap. */
  @tool()
  async double(n: number): Promise<{ doubled: number }> {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    return { doubled: n * 2 };
  }

  @tool()
  add(a: number, b: number): number {
    return a + b;
  }

  @tool()
  fail(): never {
    throw new Error('nope');
  }
}

export class ShoutTools {
  @tool()
  shout(text: string): string {
    return text.toUpperCase();
  }
}

export const manifest = defineManifest({
  version: 1,
  tools: [
    entry(() => WeatherTools, 'getWeather', { city: { type: 'string' } }),
    entry(() => EchoTools, 'echo', { 'value?': { type: 'string' } }),
    entry(() => EchoTools, 'explode', {}),
    entry(() => EchoTools, 'hang', {}, true),
    entry(() => SlowTools, 'slow', {}, true),
    entry(() => MathTools, 'double', { n: { type: 'number' } }),
    entry(() => MathTools, 'add', { a: { type: 'number' }, b: { type: 'number' } }),
    entry(() => MathTools, 'fail', {}),
    entry(() => ShoutTools, 'shout', { text: { type: 'string' } }),
  ],
});

export const toolbox = (...instances: object[]) => new Toolbox(instances, manifest);
