// The validator runtime's formats are ajv-formats' own, read from it on first use: importing the runtime (every cold
// start of an app with precompiled validators) must not evaluate ajv-formats' module, and a format must check what
// ajv-formats checks.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fullFormats, lazyFormatTest } from '@toolwright/core/validator-runtime';

const ajvFormats = createRequire(import.meta.url)('ajv-formats/dist/formats.js') as {
  fullFormats: Record<string, unknown>;
};

describe('fullFormats', () => {
  it("has every format of ajv-formats' fullFormats, in its order, and each is ajv-formats' own", () => {
    expect(Object.keys(fullFormats)).toEqual(Object.keys(ajvFormats.fullFormats));
    for (const [name, format] of Object.entries(ajvFormats.fullFormats)) expect(fullFormats[name]).toBe(format);
  });

  it('cannot be changed', () => {
    expect(Object.isFrozen(fullFormats)).toBe(true);
  });
});

describe('lazyFormatTest', () => {
  it('reads the format on the first value it tests, and only then', () => {
    let reads = 0;
    const formats = {
      get even() {
        reads++;
        return { type: 'number', validate: (value: number) => value % 2 === 0 };
      },
    };
    const test = lazyFormatTest(formats, 'even', 'number');
    expect(reads).toBe(0);
    expect([test(2), test(3), test(4)]).toEqual([true, false, true]);
    expect(reads).toBe(1);
  });

  it('passes every value where ajv checks nothing: an unknown format, or one for the other type', () => {
    expect(lazyFormatTest(fullFormats, 'no-such-format', 'string')('x')).toBe(true);
    expect(lazyFormatTest(fullFormats, 'int32', 'string')('not a number')).toBe(true);
    expect(lazyFormatTest(fullFormats, 'date-time', 'string')('2025-01-01T00:00:00Z')).toBe(true);
    expect(lazyFormatTest(fullFormats, 'date-time', 'string')('yesterday')).toBe(false);
  });

  it('throws on its first use for a format no synchronous test can check', () => {
    const test = lazyFormatTest({ later: { async: true, validate: async () => true } }, 'later', 'string');
    expect(() => test('x')).toThrow('format "later" is asynchronous');
  });
});
