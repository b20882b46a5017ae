import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineManifest, errorToPayload, normalizeResult, tool, Toolbox, type ToolboxOptions } from '@toolwright/core';

/** One tool that returns (or throws) whatever the test hands it. */
function echoToolbox(options: ToolboxOptions = {}) {
  const box: { next: () => unknown } = { next: () => undefined };
  class Echo {
    @tool()
    give() {
      return box.next();
    }
  }
  const m = defineManifest({
    version: 1,
    tools: [
      {
        name: 'give',
        class: 'Echo',
        method: 'give',
        file: 'echo.ts',
        target: () => Echo,
        parameters: { type: 'object', properties: {} },
        params: [],
      },
    ],
  });
  const toolbox = new Toolbox([new Echo()], m, options);
  return async (next: () => unknown) => {
    box.next = next;
    return (await toolbox.call({ id: 'r', name: 'give', args: {} })).functionResponse.response as Record<
      string,
      unknown
    >;
  };
}

describe('results become { output } JSON objects', () => {
  it('wraps primitives, arrays and objects', async () => {
    const give = echoToolbox();
    expect(await give(() => 5)).toEqual({ output: 5 });
    expect(await give(() => 'text')).toEqual({ output: 'text' });
    expect(await give(() => [1, 'a'])).toEqual({ output: [1, 'a'] });
    expect(await give(() => ({ a: 1 }))).toEqual({ output: { a: 1 } });
    expect(await give(() => undefined)).toEqual({ output: null });
    expect(await give(async () => null)).toEqual({ output: null });
  });

  it('converts Date, bigint, Map, Set, typed arrays, URL, RegExp, Error and NaN', async () => {
    const give = echoToolbox();
    const output = (
      await give(() => ({
        when: new Date('2025-01-02T03:04:05Z'),
        bad: new Date(Number.NaN),
        big: 12345678901234567890n,
        map: new Map<unknown, unknown>([
          ['a', 1],
          [2, new Set([1, 2])],
        ]),
        set: new Set(['x', 'y']),
        bytes: new Uint8Array([1, 2, 255]),
        site: new URL('https://example.com/p'),
        pattern: /ab+c/gi,
        failure: Object.assign(new TypeError('bad input'), { code: 'E_BAD' }),
        nan: Number.NaN,
        inf: Number.POSITIVE_INFINITY,
      }))
    ).output;
    expect(output).toEqual({
      when: '2025-01-02T03:04:05.000Z',
      bad: 'Invalid Date',
      big: '12345678901234567890',
      map: { a: 1, 2: [1, 2] },
      set: ['x', 'y'],
      bytes: [1, 2, 255],
      site: 'https://example.com/p',
      pattern: '/ab+c/gi',
      failure: { name: 'TypeError', message: 'bad input', code: 'E_BAD' },
      nan: null,
      inf: null,
    });
  });

  it('drops functions and symbols, keeps array positions as null, honours toJSON', async () => {
    const give = echoToolbox();
    expect(
      (
        await give(() => ({
          fn: () => 1,
          sym: Symbol('s'),
          undef: undefined,
          list: [() => 1, undefined, Symbol('x'), 1],
          custom: { toJSON: () => ({ shown: true }) },
          [Symbol('hidden')]: 1,
        }))
      ).output,
    ).toEqual({ list: [null, null, null, 1], custom: { shown: true } });
  });

  it('handles circular references without throwing, and keeps shared (non-circular) ones', async () => {
    const give = echoToolbox();
    const node: Record<string, unknown> = { name: 'root' };
    node.self = node;
    const shared = { v: 1 };
    node.pair = [shared, shared];
    const list: unknown[] = [1];
    list.push(list);
    expect((await give(() => ({ node, list }))).output).toEqual({
      node: { name: 'root', self: '[Circular]', pair: [{ v: 1 }, { v: 1 }] },
      list: [1, '[Circular]'],
    });
  });

  it('survives getters that throw and toJSON that throws', async () => {
    const give = echoToolbox();
    const nasty = {
      get boom() {
        throw new Error('no reading');
      },
      fine: 1,
    };
    const bad = {
      toJSON: () => {
        throw new Error('no json');
      },
    };
    expect((await give(() => ({ nasty, bad }))).output).toEqual({
      nasty: { boom: '[Unreadable: no reading]', fine: 1 },
      bad: '[Unreadable: no json]',
    });
  });

  it('caps the size and flags the truncation', async () => {
    const give = echoToolbox({ maxResultSize: 1000 });
    const big = await give(() => ({ rows: Array.from({ length: 500 }, (_, i) => ({ i, text: 'x'.repeat(20) })) }));
    expect(big.truncated).toBe(true);
    const json = JSON.stringify(big.output);
    expect(json.length).toBeLessThanOrEqual(1000);
    expect((big.output as { rows: unknown[] }).rows.length).toBeGreaterThan(5);
    expect((big.output as { rows: unknown[] }).rows.length).toBeLessThan(500);
    const long = await give(() => 'y'.repeat(5000));
    expect(long).toEqual({ output: 'y'.repeat(998), truncated: true });
    const small = await give(() => ({ ok: true }));
    expect(small).toEqual({ output: { ok: true } });
  });
});

describe('thrown errors become { error: { name, message } }', () => {
  it('without the stack unless asked', async () => {
    const give = echoToolbox();
    expect(
      await give(() => {
        throw new RangeError('out of range');
      }),
    ).toEqual({ error: { name: 'RangeError', message: 'out of range' } });
    expect(
      await give(async () => {
        throw new Error('async failure', { cause: new Error('root cause') });
      }),
    ).toEqual({
      error: { name: 'Error', message: 'async failure', cause: { name: 'Error', message: 'root cause' } },
    });
    expect(
      await give(() => {
        throw 'just text';
      }),
    ).toEqual({ error: { name: 'Error', message: 'just text' } });
    expect(
      await give(() => {
        throw { code: 42 };
      }),
    ).toEqual({ error: { name: 'Error', message: '[object Object]' } });
    const withStack = echoToolbox({ includeStack: true });
    const reply = await withStack(() => {
      throw new Error('traced');
    });
    expect((reply.error as { stack: string }).stack).toMatch(/Error: traced\n\s+at /);
  });
});

describe('normalizeResult and errorToPayload on their own', () => {
  it("need no options: the Toolbox's defaults (100,000 characters, no stacks)", () => {
    expect(normalizeResult({ at: new Date(0), big: 2n, gone: undefined })).toEqual({
      value: { at: '1970-01-01T00:00:00.000Z', big: '2' },
      truncated: false,
    });
    expect(normalizeResult('x'.repeat(100_010)).truncated).toBe(true);
    expect(normalizeResult('x'.repeat(99_990)).truncated).toBe(false);
    expect(errorToPayload(new RangeError('out'))).toEqual({ name: 'RangeError', message: 'out' });
  });
});

describe('hooks map results and errors', () => {
  it('onResult sees the raw value and the call, and its value is normalized', async () => {
    const seen: unknown[] = [];
    const give = echoToolbox({
      onResult: (value, info) => {
        seen.push(info.tool.name, info.callId);
        return { wrapped: value, at: new Date(0) };
      },
    });
    expect(await give(() => 7)).toEqual({ output: { wrapped: 7, at: '1970-01-01T00:00:00.000Z' } });
    expect(seen).toEqual(['give', 'r']);
  });

  it('onError maps errors; undefined keeps the default; a failing hook is reported, not thrown', async () => {
    const mapped = echoToolbox({
      onError: (error) =>
        (error as Error).message === 'secret' ? { message: 'Something went wrong', retry: false } : undefined,
    });
    expect(
      await mapped(() => {
        throw new Error('secret');
      }),
    ).toEqual({ error: { message: 'Something went wrong', retry: false } });
    expect(
      await mapped(() => {
        throw new Error('public');
      }),
    ).toEqual({ error: { name: 'Error', message: 'public' } });
    const failing = echoToolbox({
      onError: () => {
        throw new Error('hook broke');
      },
    });
    expect(
      await failing(() => {
        throw new Error('tool broke');
      }),
    ).toEqual({
      error: {
        name: 'Error',
        message: 'onError failed: hook broke',
        original: { name: 'Error', message: 'tool broke' },
      },
    });
  });

  it('onError may be async', async () => {
    const reported = echoToolbox({
      onError: async (error, info) => {
        await Promise.resolve();
        return { message: `Failed (incident ${info.tool.name}-1): ${(error as Error).message}` };
      },
    });
    expect(
      await reported(() => {
        throw new Error('disk full');
      }),
    ).toEqual({ error: { message: 'Failed (incident give-1): disk full' } });
  });

  it('a throwing onResult becomes an error response', async () => {
    const give = echoToolbox({
      onResult: () => {
        throw new Error('mapper failed');
      },
    });
    expect(await give(() => 1)).toEqual({ error: { name: 'Error', message: 'mapper failed' } });
  });
});

/** Arbitrary JS values of the kinds tools return, including ones JSON cannot hold. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.anything({
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withNullPrototype: true,
      withSparseArray: true,
      withBoxedValues: true,
      withObjectString: true,
    }),
    fc.constantFrom(
      Number.NaN,
      Number.NEGATIVE_INFINITY,
      Symbol('s'),
      () => 1,
      new Error('e'),
      new URL('https://x.example'),
      new Date(Number.NaN),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('result normalization: properties', () => {
  it('never throws, always gives JSON data, stable under a JSON round trip', () => {
    fc.assert(
      fc.property(anyValue, fc.boolean(), (value, cyclic) => {
        if (cyclic && typeof value === 'object' && value !== null && Object.isExtensible(value)) {
          try {
            (value as Record<string, unknown>).loop = value;
          } catch {
            // frozen or exotic: fine
          }
        }
        const { value: json } = normalizeResult(value, { maxSize: 100_000, includeStack: false });
        const text = JSON.stringify({ output: json });
        expect(typeof text).toBe('string');
        expect(JSON.parse(text)).toEqual({ output: json });
      }),
      { numRuns: 400 },
    );
  });

  it('respects the size cap exactly and flags it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.double(),
            name: fc.string({ unit: 'binary', maxLength: 60 }),
            tags: fc.array(fc.constantFrom('x', 'yy', '"\\\n'), { maxLength: 5 }),
          }),
          { maxLength: 60 },
        ),
        fc.integer({ min: 32, max: 2000 }),
        (rows, maxSize) => {
          const { value, truncated } = normalizeResult({ rows }, { maxSize, includeStack: false });
          const size = JSON.stringify(value).length;
          expect(size).toBeLessThanOrEqual(maxSize);
          if (!truncated) expect(value).toEqual(JSON.parse(JSON.stringify({ rows })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts a string at the longest prefix whose JSON fits, however much of it needs escaping', () => {
    const unit = fc.oneof(
      fc.constantFrom('\x01', '"', '\\', '\n', '\ud83d\ude00', '\ud800', '\udc00', 'a', 'é'),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 200 }), fc.integer({ min: 32, max: 600 }), (parts, maxSize) => {
        const text = parts.join('');
        const { value, truncated } = normalizeResult(text, { maxSize });
        const cut = value as string;
        expect(text.startsWith(cut)).toBe(true);
        expect(JSON.stringify(cut).length).toBeLessThanOrEqual(maxSize);
        expect(truncated).toBe(cut !== text);
        if (cut === text) return;
        // One more character (or surrogate pair) would not fit.
        const pair = /^[\ud800-\udbff][\udc00-\udfff]/.test(text.slice(cut.length, cut.length + 2));
        const next = text.slice(0, cut.length + (pair ? 2 : 1));
        expect(JSON.stringify(next).length).toBeGreaterThan(maxSize);
      }),
    );
    // 400 KiB of a control character (6 JSON characters each) in a 2 MiB cap: all that fits, not an eighth of it.
    const { value } = normalizeResult('\x01'.repeat(400 * 1024), { maxSize: 2 * 1024 * 1024 });
    expect((value as string).length).toBe(Math.floor((2 * 1024 * 1024 - 2) / 6));
  });

  it('respects the size cap for any value', () => {
    fc.assert(
      fc.property(anyValue, fc.integer({ min: 32, max: 400 }), (input, maxSize) => {
        const { value } = normalizeResult(input, { maxSize, includeStack: true });
        expect(JSON.stringify(value).length).toBeLessThanOrEqual(maxSize);
      }),
      { numRuns: 400 },
    );
  });

  it('through call(): every return value gives a JSON object response', async () => {
    const give = echoToolbox();
    await fc.assert(
      fc.asyncProperty(anyValue, async (value) => {
        const response = await give(() => value);
        expect(Object.keys(response)).toContain('output');
        expect(JSON.parse(JSON.stringify(response))).toEqual(response);
      }),
      { numRuns: 200 },
    );
  });
});
