import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Toolbox } from '@toolwright/core';
import { closestNames } from '../../src/toolbox/closest-names.js';
import { manifest, WeatherService } from './weather-service.js';

// Every field of a call is the model's: its name, its id, the names and the values of its arguments at any depth,
// and how many there are. Whatever their size, the response echoes a bounded amount of them.
const big = fc
  .tuple(fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' }), fc.integer({ min: 129, max: 100_000 }))
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length));
const text = fc.oneof(fc.string({ maxLength: 12 }), big);
const hostileArgs = fc.oneof(
  fc.dictionary(text, fc.oneof(text, fc.integer()), { maxKeys: 5 }),
  fc.record({ city: text, days: fc.constant(1), filter: fc.dictionary(text, text, { minKeys: 1, maxKeys: 3 }) }),
  fc
    .integer({ min: 30, max: 3_000 })
    .map((count) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`extra${i}`, i]))),
  text,
);
const call = fc.record(
  {
    id: text,
    name: fc.oneof(text, fc.constantFrom('getForecast', 'book', 'add_numbers')),
    args: hostileArgs,
  },
  { requiredKeys: ['name'] },
);

const BOUND = 40_000;

describe('what a response echoes of the call', () => {
  it('is bounded whatever the size of the name, the id and the arguments', async () => {
    const toolbox = new Toolbox([new WeatherService()], manifest);
    await fc.assert(
      fc.asyncProperty(call, async (input) => {
        const part = await toolbox.call(input);
        expect(JSON.stringify(part).length).toBeLessThan(BOUND);
        expect(part.functionResponse.name.length).toBeLessThanOrEqual(128);
        expect((part.functionResponse.id ?? '').length).toBeLessThanOrEqual(1_024);
        const error = (part.functionResponse.response as { error?: { issues?: unknown[] } }).error;
        if (error?.issues) expect(error.issues.length).toBeLessThanOrEqual(20);
      }),
      { numRuns: 80 },
    );
  });

  it('still says what was wrong, and how much of it there was', async () => {
    const toolbox = new Toolbox([new WeatherService()], manifest);
    const name = 'x'.repeat(1_000_000);
    const unknown = await toolbox.call({ name });
    expect((unknown.functionResponse.response as { error: { message: string } }).error.message).toContain(
      `There is no tool named "${'x'.repeat(128)}... (1000000 characters)"`,
    );
    const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`extra${i}`, i]));
    const flooded = await toolbox.call({ name: 'add_numbers', args: { a: 1, ...many } });
    const error = (flooded.functionResponse.response as { error: { message: string; issues: unknown[] } }).error;
    expect(error.message).toMatch(/\(5000 issues\).*; and 4990 more\./);
    expect(error.issues).toHaveLength(20);
  });
});

describe('closestNames', () => {
  it('compares no name longer than any real one, and keeps finding slips', () => {
    const names = ['getForecast', 'add_numbers', 'book'];
    expect(closestNames('g'.repeat(5_000_000), names)).toEqual([]);
    expect(closestNames('getForcast', names)).toEqual(['getForecast']);
    fc.assert(
      fc.property(big, (wanted) => {
        for (const found of closestNames(wanted, names)) expect(names).toContain(found);
      }),
      { numRuns: 20 },
    );
  });
});
