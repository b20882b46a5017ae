import { describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox, type FunctionResponsePart } from '@toolwright/core';

const response = (part: FunctionResponsePart) =>
  part.functionResponse.response as { output?: unknown; error?: Record<string, unknown> & { issues?: unknown[] } };

class Ledger {
  seen: unknown[] = [];
  @tool()
  post(amount: bigint, lines: { id: bigint; cents?: bigint }[], byKey: Record<string, bigint>, pair: [bigint, string]) {
    this.seen = [amount, lines, byKey, pair];
    return amount;
  }
}

const ledgerManifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'post',
      class: 'Ledger',
      method: 'post',
      file: 'ledger.ts',
      target: () => Ledger,
      parameters: {
        type: 'object',
        properties: {
          amount: { type: 'integer', minimum: 0 },
          lines: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' }, cents: { type: 'integer' } },
              required: ['id'],
            },
          },
          byKey: { type: 'object', additionalProperties: { type: 'integer' } },
          pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], minItems: 2, maxItems: 2 },
        },
        required: ['amount', 'lines', 'byKey', 'pair'],
      },
      params: [
        { name: 'amount', kind: 'value', revive: { kind: 'bigint' } },
        {
          name: 'lines',
          kind: 'value',
          revive: {
            kind: 'array',
            items: { kind: 'object', properties: { id: { kind: 'bigint' }, cents: { kind: 'bigint' } } },
          },
        },
        { name: 'byKey', kind: 'value', revive: { kind: 'record', values: { kind: 'bigint' } } },
        { name: 'pair', kind: 'value', revive: { kind: 'tuple', items: [{ kind: 'bigint' }, null] } },
      ],
    },
  ],
});

describe('bigint arguments', () => {
  it('take a string of digits (the exact form) anywhere the revival says bigint, and keep every digit', async () => {
    const ledger = new Ledger();
    const toolbox = new Toolbox([ledger], ledgerManifest);
    const args = {
      amount: '12345678901234567890',
      lines: [{ id: '-98765432109876543210', cents: 5 }, { id: 7 }],
      byKey: { a: '+90071992547409931', b: 3 },
      pair: ['18446744073709551615', 'x'],
    };
    const copy = structuredClone(args);
    const reply = await toolbox.call({ name: 'post', args });
    expect(response(reply)).toEqual({ output: '12345678901234567890' });
    expect(ledger.seen).toEqual([
      12345678901234567890n,
      [{ id: -98765432109876543210n, cents: 5n }, { id: 7n }],
      { a: 90071992547409931n, b: 3n },
      [18446744073709551615n, 'x'],
    ]);
    // The model's own args go back in the history: they are not changed.
    expect(args).toEqual(copy);
  });

  it('still refuse other strings, and check bounds on the digits', async () => {
    const toolbox = new Toolbox([new Ledger()], ledgerManifest);
    const bad = await toolbox.call({
      name: 'post',
      args: { amount: '12abc', lines: [{ id: '1.5' }], byKey: { a: ' 1' }, pair: ['', 'x'] },
    });
    expect(response(bad).error!.issues).toEqual([
      { path: '/amount', expected: 'integer', received: 'string "12abc"' },
      { path: '/lines/0/id', expected: 'integer', received: 'string "1.5"' },
      { path: '/byKey/a', expected: 'integer', received: 'string " 1"' },
      { path: '/pair/0', expected: 'integer', received: 'string ""' },
    ]);
    const negative = await toolbox.call({ name: 'post', args: { amount: '-1', lines: [], byKey: {}, pair: [1, 'x'] } });
    expect(response(negative).error!.issues).toEqual([
      { path: '/amount', expected: 'integer >= 0', received: 'string "-1"' },
    ]);
  });

  it('refuse a JSON number beyond 2^53, whose digits are already lost, and ask for the digits as text', async () => {
    const toolbox = new Toolbox([new Ledger()], ledgerManifest);
    const reply = await toolbox.call({
      name: 'post',
      args: { amount: 12345678901234567890, lines: [], byKey: {}, pair: [2 ** 53, 'x'] },
    });
    expect(response(reply).error!.issues).toEqual([
      {
        path: '/amount',
        expected: expect.stringMatching(/^integer as a string of digits/),
        received: 'integer 12345678901234567000',
      },
      {
        path: '/pair/0',
        expected: expect.stringMatching(/^integer as a string of digits/),
        received: 'integer 9007199254740992',
      },
    ]);
    const safe = await toolbox.call({
      name: 'post',
      args: { amount: 2 ** 53 - 1, lines: [], byKey: {}, pair: [-(2 ** 53 - 1), 'x'] },
    });
    expect(response(safe)).toEqual({ output: String(2 ** 53 - 1) });
  });
});

function nested(depth: number): unknown {
  let value: Record<string, unknown> = { name: 'leaf' };
  for (let i = 0; i < depth; i++) value = { name: `n${i}`, children: [value] };
  return value;
}

/** The same as JSON text, built without JSON.stringify (which itself recurses). */
function nestedText(depth: number): string {
  let text = '{"name":"leaf"}';
  for (let i = 0; i < depth; i++) text = `{"name":"n${i}","children":[${text}]}`;
  return text;
}

class Tree {
  calls = 0;
  @tool()
  count(root: TreeNode) {
    this.calls++;
    return root;
  }
}
interface TreeNode {
  name: string;
  children?: TreeNode[];
}

const treeManifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'count',
      class: 'Tree',
      method: 'count',
      file: 'tree.ts',
      target: () => Tree,
      parameters: {
        type: 'object',
        properties: { root: { $ref: '#/$defs/TreeNode' } },
        required: ['root'],
        $defs: {
          TreeNode: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
              at: { type: 'string', format: 'date-time' },
            },
            required: ['name'],
          },
        },
      },
      params: [{ name: 'root', kind: 'value' }],
    },
  ],
});

describe('very deep arguments', () => {
  it('are an invalid-arguments error, not a RangeError, and the tool does not run', async () => {
    const tree = new Tree();
    const toolbox = new Toolbox([tree], treeManifest);
    for (const root of [nested(3000), nestedText(3000)]) {
      const reply = await toolbox.call({ name: 'count', args: { root } });
      const error = response(reply).error!;
      expect(error.name).toBe('InvalidArguments');
      expect(error.message).toBe(
        'Invalid arguments for tool "count": arguments nested too deeply (more than 100 levels of objects and ' +
          'arrays, under /root). Send a flatter value and call the tool again.',
      );
      expect(error.issues).toEqual([
        {
          path: `/root${'/children/0'.repeat(49)}/children`,
          expected: 'at most 100 levels of nested objects and arrays',
          received: 'deeper nesting',
        },
      ]);
      expect(tree.calls).toBe(0);
    }
  });

  it('up to the limit, they pass (and a deep result is cut, not a crash)', async () => {
    const tree = new Tree();
    const toolbox = new Toolbox([tree], treeManifest);
    const reply = await toolbox.call({ name: 'count', args: { root: nested(49) } });
    expect(tree.calls).toBe(1);
    expect(response(reply).output).toMatchObject({ name: 'n48' });
    expect(JSON.stringify(response(reply).output)).toContain('[Too deep]');
    const over = await toolbox.call({ name: 'count', args: { root: nested(50) } });
    expect(response(over).error!.name).toBe('InvalidArguments');
    expect(tree.calls).toBe(1);
  });

  it(
    'without recursion in the schema, 3000 levels anywhere are refused or passed through by the schema, ' +
      'never a RangeError',
    async () => {
      class Flat {
        seen: unknown;
        @tool()
        take(label: string, items: { id: string }[], payload: unknown, strict?: { mode: string }) {
          this.seen = payload;
          return label;
        }
      }
      const flatManifest = defineManifest({
        version: 1,
        tools: [
          {
            name: 'take',
            class: 'Flat',
            method: 'take',
            file: 'flat.ts',
            target: () => Flat,
            parameters: {
              type: 'object',
              properties: {
                label: { type: 'string' },
                items: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { id: { type: 'string' } },
                    required: ['id'],
                    additionalProperties: false,
                  },
                },
                payload: {},
                strict: {
                  type: 'object',
                  properties: { mode: { type: 'string' } },
                  required: ['mode'],
                  additionalProperties: false,
                },
              },
              required: ['label', 'items', 'payload'],
            },
            params: [
              { name: 'label', kind: 'value' },
              { name: 'items', kind: 'value' },
              { name: 'payload', kind: 'value' },
              { name: 'strict', kind: 'value', optional: true },
            ],
          },
        ],
      });
      const flat = new Flat();
      const toolbox = new Toolbox([flat], flatManifest);
      const deep = nested(3000);
      for (const args of [
        { label: deep, items: [], payload: 1 },
        { label: 'x', items: [deep], payload: 1 },
        { label: 'x', items: [{ id: 'a', extra: deep }], payload: 1 },
        { label: 'x', items: [], payload: 1, strict: { mode: 'm', extra: deep } },
        { label: 'x', items: [], payload: 1, strict: nestedText(3000) },
      ]) {
        const error = response(await toolbox.call({ name: 'take', args })).error!;
        expect(error.name).toBe('InvalidArguments');
      }
      // `unknown` takes any JSON value, however deep: the method gets it, and the result is cut, not a crash.
      const reply = await toolbox.call({ name: 'take', args: { label: 'ok', items: [], payload: deep } });
      expect(response(reply).output).toBe('ok');
      expect(flat.seen).toBe(deep);
    },
  );

  it('a tool returning a 3000-level value answers a cut value, not a RangeError', async () => {
    class Deep {
      @tool()
      make() {
        return nested(3000);
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'make',
          class: 'Deep',
          method: 'make',
          file: 'deep.ts',
          target: () => Deep,
          parameters: { type: 'object', properties: {} },
          params: [],
        },
      ],
    });
    const reply = await new Toolbox([new Deep()], m).call({ name: 'make', args: {} });
    expect(response(reply).error).toBeUndefined();
    expect(JSON.stringify(response(reply).output)).toContain('[Too deep]');
  });

  it('a thrown error with a 3000-long cause chain is described, cut, and not a RangeError', async () => {
    class Throws {
      @tool()
      fail(): never {
        let error = new Error('root cause');
        for (let i = 0; i < 3000; i++) error = new Error(`level ${i}`, { cause: error });
        throw error;
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'fail',
          class: 'Throws',
          method: 'fail',
          file: 'throws.ts',
          target: () => Throws,
          parameters: { type: 'object', properties: {} },
          params: [],
        },
      ],
    });
    const error = response(await new Toolbox([new Throws()], m).call({ name: 'fail', args: {} })).error!;
    expect(error).toMatchObject({ name: 'Error', message: 'level 2999' });
    expect(JSON.stringify(error)).toContain('[Too deep]');
  });
});
