import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestNames, editDistance } from '../../src/toolbox/closest-names.js';
import { describeValue } from '../../src/toolbox/describe-value.js';
import { geminiSchemaToJsonSchema, isGeminiSchema } from '../../src/toolbox/openapi-schema.js';

describe('closest names', () => {
  it('edit distance counts an adjacent swap as one edit', () => {
    expect(editDistance('getWaether', 'getWeather')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('is a distance: zero only for equal strings, symmetric', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('ranks by distance, ignores case, finds names that contain the other', () => {
    const names = ['get_weather', 'getWeather', 'set_alarm', 'list_files', 'read_file'];
    expect(closestNames('GETWEATHER', names)).toEqual(['getWeather', 'get_weather']);
    expect(closestNames('read', names)).toEqual(['read_file']);
    expect(closestNames('launch_rocket', names)).toEqual([]);
  });
});

describe('describeValue', () => {
  it('names the kind and shows small values', () => {
    expect(describeValue(undefined)).toBe('nothing');
    expect(describeValue('x'.repeat(50))).toBe(`string "${'x'.repeat(40)}"... (50 characters)`);
    expect(describeValue(2)).toBe('integer 2');
    expect(describeValue(2.5)).toBe('number 2.5');
    expect(describeValue([1])).toBe('array of 1 item');
    expect(describeValue({ a: 1, b: 2 })).toBe('object with properties a, b');
    expect(describeValue({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 })).toBe('object with 6 properties (a, b, c, d, e, ...)');
    expect(describeValue(new Date('2025-01-01T00:00:00Z'))).toBe('date 2025-01-01T00:00:00.000Z');
  });
});

describe('Gemini OpenAPI schemas', () => {
  it('are recognised by upper-case types or nullable, and become JSON Schema', () => {
    expect(isGeminiSchema({ type: 'object', properties: { a: { type: 'string' } } })).toBe(false);
    expect(isGeminiSchema({ type: 'object', properties: { a: { type: 'STRING' } } })).toBe(true);
    expect(
      geminiSchemaToJsonSchema({
        type: 'OBJECT',
        properties: {
          kind: { type: 'STRING', enum: ['a', 'b'], nullable: true, example: 'a' },
          list: { type: 'ARRAY', items: { anyOf: [{ type: 'INTEGER' }, { type: 'BOOLEAN' }] }, minItems: '1' },
        },
        required: ['kind'],
        propertyOrdering: ['kind', 'list'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        kind: { type: ['string', 'null'], enum: ['a', 'b', null], examples: ['a'] },
        list: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, minItems: 1 },
      },
      required: ['kind'],
    });
  });
});
