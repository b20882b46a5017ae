import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox, type FunctionResponsePart } from '@toolwright/core';
import { validatorAjvOptions } from '@toolwright/core/validator-build';

class Shop {
  @tool()
  price(amount: number, discount: number) {
    return { amount, discount };
  }
}

const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'price',
      class: 'Shop',
      method: 'price',
      file: 'shop.ts',
      target: () => Shop,
      parameters: {
        type: 'object',
        properties: { amount: { type: 'number', multipleOf: 0.01 }, discount: { type: 'number', multipleOf: 0.05 } },
        required: ['amount', 'discount'],
      },
      params: [
        { name: 'amount', kind: 'value' },
        { name: 'discount', kind: 'value' },
      ],
    },
  ],
});

const response = (part: FunctionResponsePart) =>
  part.functionResponse.response as { output?: unknown; error?: { issues?: unknown[] } };

describe('multipleOf with decimal steps', () => {
  const toolbox = new Toolbox([new Shop()], manifest);

  it('accepts decimals that binary floats cannot divide exactly', async () => {
    expect(0.15 / 0.05).not.toBe(3); // why ajv's default check fails
    for (const [amount, discount] of [
      [19.99, 0.15],
      [0.07, 0.3],
      [9999999.99, 0.95],
      [1.1, 1.1],
    ]) {
      expect(response(await toolbox.call({ name: 'price', args: { amount, discount } }))).toEqual({
        output: { amount, discount },
      });
    }
  });

  it('still rejects values that are not multiples', async () => {
    expect(
      response(await toolbox.call({ name: 'price', args: { amount: 1.005, discount: 0.151 } })).error!.issues,
    ).toEqual([
      { path: '/amount', expected: 'multiple of 0.01', received: 'number 1.005' },
      { path: '/discount', expected: 'multiple of 0.05', received: 'number 0.151' },
    ]);
  });

  it('any amount in cents up to ten million, written as a decimal, is a multiple of 0.01', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 20 }),
        async (cents, twentieths) => {
          const args = { amount: cents / 100, discount: twentieths / 20 };
          expect(response(await toolbox.call({ name: 'price', args }))).toEqual({ output: args });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the options are exported for precompiled validators', () => {
    expect(validatorAjvOptions).toMatchObject({ multipleOfPrecision: 6, allErrors: true });
    expect(Object.isFrozen(validatorAjvOptions)).toBe(true);
  });
});
