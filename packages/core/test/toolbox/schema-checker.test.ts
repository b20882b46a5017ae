// A Toolbox whose validators are core's schema checker (what gen-tools --validators writes for the schemas it takes):
// the same replies as a Toolbox that compiles with ajv, no code made from strings, the checker's own validator made
// only where the fast `accept` test refuses, and the strictness the options ask for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defineManifest,
  tool,
  Toolbox,
  type FunctionCallLike,
  type JsonSchema,
  type SchemaChecker,
} from '@toolwright/core';
import { fullFormats, schemaChecker } from '@toolwright/core/validator-runtime';
import { manifest, WeatherService } from './weather-service.js';

const checkers = (checker: SchemaChecker) => Object.fromEntries(manifest.tools.map((entry) => [entry.name, checker]));

/** Calls that pass, are repaired, or fail in several ways, across the service's tools. */
const calls: FunctionCallLike[] = [
  { name: 'getForecast', args: { city: 'Oslo', days: 2 } },
  { name: 'getForecast', args: { city: 'Oslo', days: 2.0, unit: null } },
  { name: 'getForecast', args: { city: 'Oslo', days: 2.5, unit: 'kelvin', extra: true } },
  { name: 'getForecast', args: { days: '3' } },
  { name: 'add_numbers', args: { a: 1, b: 2 } },
  { name: 'add_numbers', args: { a: 'one' } },
  {
    name: 'book',
    args: { when: '2025-01-31T09:30:00Z', site: 'https://example.com', budget: '12', tags: ['a', 'b'] },
  },
  { name: 'book', args: { when: 'soon', site: 'no url', budget: 1.5, tags: ['a', 'a'], filter: { limit: 'x' } } },
  { name: 'explode', args: { reason: 7 } },
];

afterEach(() => vi.restoreAllMocks());

async function replies(toolbox: Toolbox, list = calls): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const call of list) out.push((await toolbox.call(call)).functionResponse.response);
  return out;
}

describe('the schema checker as a Toolbox validator', () => {
  it('gives the replies of a Toolbox that compiles with ajv, and makes no code from strings', async () => {
    const expected = await replies(new Toolbox([new WeatherService()], manifest));
    const toolbox = new Toolbox([new WeatherService()], manifest, {
      generateCode: false,
      validators: checkers(schemaChecker(fullFormats)),
    });
    const spy = vi.spyOn(globalThis, 'Function');
    expect(await replies(toolbox)).toEqual(expected);
    expect(spy).not.toHaveBeenCalled();
  });

  it('makes its own validator only for what the accept test refuses, once per tool', async () => {
    // A test as gen-tools writes one, for getForecast's strict schema.
    const accept = (data: unknown) => {
      const args = data as Record<string, unknown>;
      return (
        typeof args.city === 'string' &&
        Number.isInteger(args.days) &&
        Object.keys(args).every((key) => key === 'city' || key === 'days' || key === 'unit') &&
        (args.unit === undefined || args.unit === 'celsius' || args.unit === 'fahrenheit')
      );
    };
    const checker = schemaChecker(fullFormats).accepting(accept);
    const compile = vi.spyOn(checker, 'compile');
    const toolbox = new Toolbox([new WeatherService()], manifest, { validators: { getForecast: checker } });
    const good = await toolbox.call({ name: 'getForecast', args: { city: 'Oslo', days: 2 } });
    expect(good.functionResponse.response).toEqual({ output: { city: 'Oslo', days: 2, unit: 'celsius' } });
    expect(compile).not.toHaveBeenCalled();
    const [bad, worse] = await replies(toolbox, [calls[2]!, calls[3]!]);
    expect(compile).toHaveBeenCalledTimes(1);
    const plain = await replies(new Toolbox([new WeatherService()], manifest), [calls[2]!, calls[3]!]);
    expect([bad, worse]).toEqual(plain);
    expect(bad).toMatchObject({ error: { name: 'InvalidArguments' } });
  });

  it('checks the loose schema under rejectExtraProperties: false, even past a strict accept test', async () => {
    const checker = schemaChecker();
    const strictAccept = (data: unknown) => Object.keys(data as object).every((key) => key === 'a' || key === 'b');
    for (const validator of [checker, checker.accepting(strictAccept)]) {
      const toolbox = new Toolbox([new WeatherService()], manifest, {
        rejectExtraProperties: false,
        validators: { add_numbers: validator },
      });
      const reply = await toolbox.call({ name: 'add_numbers', args: { a: 1, b: 2, note: 'extra' } });
      expect(reply.functionResponse.response).toEqual({ output: 3 });
      const bad = await toolbox.call({ name: 'add_numbers', args: { a: 'one', note: 'extra' } });
      expect(bad.functionResponse.response).toMatchObject({
        error: { name: 'InvalidArguments', issues: [{ path: '/a', expected: 'number' }] },
      });
    }
  });

  it('answers a schema it does not take with a ToolSchemaError on every call, and binds the other tools', async () => {
    class Negation {
      @tool()
      pick(value: unknown): unknown {
        return value;
      }
    }
    const negation = defineManifest({
      version: 1,
      tools: [
        {
          name: 'pick',
          class: 'Negation',
          method: 'pick',
          file: 'negation.ts',
          target: () => Negation,
          parameters: {
            type: 'object',
            properties: { value: { not: { type: 'string' } } as JsonSchema },
            required: ['value'],
          },
          params: [{ name: 'value', kind: 'value' }],
        },
      ],
    });
    const checker = schemaChecker();
    for (const validator of [checker, checker.accepting(() => false)]) {
      const toolbox = new Toolbox([new Negation()], negation, { validators: { pick: validator } });
      for (let i = 0; i < 2; i++) {
        const reply = await toolbox.call({ name: 'pick', args: { value: 1 } });
        expect(reply.functionResponse.response).toEqual({
          error: {
            name: 'ToolSchemaError',
            message: expect.stringMatching(
              /^Tool "pick" cannot check its arguments, the schema checker does not take its schema \(.*not/,
            ),
          },
        });
      }
    }
  });

  it('is taken in a manifest, beside precompiled validators', async () => {
    const checker = schemaChecker(fullFormats);
    const withCheckers = defineManifest({ ...manifest, validators: checkers(checker) });
    const expected = await replies(new Toolbox([new WeatherService()], manifest));
    const toolbox = new Toolbox([new WeatherService()], withCheckers, { generateCode: false });
    const spy = vi.spyOn(globalThis, 'Function');
    expect(await replies(toolbox)).toEqual(expected);
    expect(spy).not.toHaveBeenCalled();
  });
});
