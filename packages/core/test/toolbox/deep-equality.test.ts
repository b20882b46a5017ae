// `uniqueItems`, and a `const` or `enum` of objects, compare the model's values deeply. ajv's helper for that calls an
// object's own `toString` or `valueOf`, so a model's object with a property of that name made validation throw and
// the call fail with a TypeError. Every way a Toolbox checks arguments must answer such a call as any other.
import * as ajvEqualModule from 'ajv/dist/runtime/equal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox, type ToolboxOptions } from '@toolwright/core';
import { equal, fullFormats, schemaChecker } from '@toolwright/core/validator-runtime';

type Equal = (a: unknown, b: unknown) => boolean;
/** ajv's helper (fast-deep-equal), through however many `default`s the CommonJS interop adds. */
let ajvEqual: unknown = ajvEqualModule;
while (typeof ajvEqual !== 'function') ajvEqual = (ajvEqual as { default: unknown }).default;

/** JSON as a model sends it (parsed text), with keys every object inherits, and small values that often repeat. */
const names = fc.constantFrom('a', 'b', 'toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__');
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, -0, 1, 'a', ''),
    fc.array(tie('json'), { maxLength: 3 }),
    fc
      .array(fc.tuple(names, tie('json')), { maxLength: 3 })
      .map((entries) =>
        JSON.parse(`{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`),
      ),
  ),
}));

/** The same JSON value written with its keys in order: equal JSON values, and only they, write the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

describe("validator-runtime's equal", () => {
  it('compares any JSON values by their structure, never throwing, and agrees with ajv wherever ajv answers', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const same = equal(a, b);
        expect(same).toBe(canonical(a) === canonical(b));
        expect(equal(a, JSON.parse(JSON.stringify(a)))).toBe(true);
        let byAjv: boolean;
        try {
          byAjv = (ajvEqual as Equal)(a, b);
        } catch {
          return;
        }
        expect(same).toBe(byAjv);
      }),
      { numRuns: 3000 },
    );
  });
});

class Labels {
  @tool()
  tag(items: object[]): number {
    return items.length;
  }

  @tool()
  pick(choice: object): string {
    return JSON.stringify(choice);
  }
}

const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'tag',
      class: 'Labels',
      method: 'tag',
      file: 'labels.ts',
      target: () => Labels,
      parameters: {
        type: 'object',
        properties: { items: { type: 'array', uniqueItems: true, items: { type: 'object' } } },
        required: ['items'],
      },
      params: [{ name: 'items', kind: 'value' }],
    },
    {
      name: 'pick',
      class: 'Labels',
      method: 'pick',
      file: 'labels.ts',
      target: () => Labels,
      parameters: {
        type: 'object',
        properties: { choice: { enum: [{ kind: 'a' }, { kind: 'b', toString: 'b' }] } },
        required: ['choice'],
      },
      params: [{ name: 'choice', kind: 'value' }],
    },
  ],
});

const checker = schemaChecker(fullFormats);
const ways: Record<string, ToolboxOptions> = {
  'ajv at run time': {},
  'the schema checker': { generateCode: false, validators: { tag: checker, pick: checker } },
};

describe.each(Object.entries(ways))('a property named toString or valueOf, checked by %s', (_, options) => {
  const toolbox = new Toolbox([new Labels()], manifest, options);
  const reply = async (name: string, args: Record<string, unknown>) =>
    (await toolbox.call({ name, args })).functionResponse.response;

  it('is compared by value under uniqueItems', async () => {
    expect(await reply('tag', { items: [{ toString: 'a' }, { valueOf: 'a' }] })).toEqual({ output: 2 });
    expect(await reply('tag', { items: [{ toString: 'a' }, { toString: 'a' }] })).toMatchObject({
      error: {
        name: 'InvalidArguments',
        issues: [{ path: '/items', expected: 'no duplicate items (items 0 and 1 are equal)' }],
      },
    });
  });

  it('takes two objects with an equal own constructor property for duplicates (fast-deep-equal did not)', async () => {
    const items = JSON.parse('[{"constructor":{}},{"constructor":{}}]') as unknown[];
    expect(await reply('tag', { items })).toMatchObject({
      error: { issues: [{ path: '/items', expected: 'no duplicate items (items 0 and 1 are equal)' }] },
    });
    expect(await reply('tag', { items: JSON.parse('[{"constructor":{}},{"constructor":{"a":1}}]') })).toEqual({
      output: 2,
    });
  });

  it('never fails a call, and answers as the other ways do, for any items', async () => {
    const other = new Toolbox(
      [new Labels()],
      manifest,
      options === ways['ajv at run time'] ? ways['the schema checker'] : {},
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          json.filter((item) => typeof item === 'object' && item !== null && !Array.isArray(item)),
          { maxLength: 4 },
        ),
        async (items) => {
          const mine = await reply('tag', { items });
          expect(mine).not.toMatchObject({ error: { name: 'TypeError' } });
          expect(mine).toEqual((await other.call({ name: 'tag', args: { items } })).functionResponse.response);
          const unique = new Set(items.map(canonical)).size === items.length;
          expect('output' in mine).toBe(unique);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is compared by value against an enum of objects', async () => {
    expect(await reply('pick', { choice: { kind: 'b', toString: 'b' } })).toEqual({
      output: '{"kind":"b","toString":"b"}',
    });
    expect(await reply('pick', { choice: { kind: 'a', toString: 'x' } })).toMatchObject({
      error: { name: 'InvalidArguments', issues: [{ path: '/choice' }] },
    });
  });
});
