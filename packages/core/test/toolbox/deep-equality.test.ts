// `uniqueItems`, and a `const` or `enum` of objects, compare the model's values deeply. ajv's helper for that calls an
// object's own `toString` or `valueOf`, so a model's object with a property of that name made validation throw and
// the call fail with a TypeError. Every way a Toolbox checks arguments must answer such a call as any other.
import { describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox, type ToolboxOptions } from '@toolwright/core';
import { fullFormats, schemaChecker } from '@toolwright/core/validator-runtime';

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

  it('is compared by value against an enum of objects', async () => {
    expect(await reply('pick', { choice: { kind: 'b', toString: 'b' } })).toEqual({
      output: '{"kind":"b","toString":"b"}',
    });
    expect(await reply('pick', { choice: { kind: 'a', toString: 'x' } })).toMatchObject({
      error: { name: 'InvalidArguments', issues: [{ path: '/choice' }] },
    });
  });
});
