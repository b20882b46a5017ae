import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import { staticDefault } from '../src/describe/default-value.js';
import { isJsonExact } from '../src/discover/constant.js';
import { numericLiteralValue } from '../src/schema/numeric-literal.js';

// Every numeric literal spelling TypeScript allows (decimal with fraction and exponent, hex, octal, binary, numeric
// separators, a leading dot, a sign, bigint) gives, as a default, the value JavaScript gives it.
const digits = (min: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},6}$`));
const separated = (text: string, cuts: number[]) => {
  let out = text;
  for (const cut of [...new Set(cuts)].sort((a, b) => b - a)) {
    if (cut > 0 && cut < out.length && out[cut - 1] !== '_' && out[cut] !== '_')
      out = `${out.slice(0, cut)}_${out.slice(cut)}`;
  }
  return out;
};
const cuts = fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 });
const integerPart = fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,6}$/));
const decimal = fc
  .record({
    int: fc.option(integerPart, { nil: undefined }),
    frac: fc.option(digits(1), { nil: undefined }),
    dot: fc.boolean(),
    exp: fc.option(
      fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 400 })),
      { nil: undefined },
    ),
    cuts,
  })
  .filter(({ int, frac }) => int !== undefined || frac !== undefined)
  .map(({ int, frac, dot, exp, cuts }) => {
    const whole = int === undefined ? '' : int.length > 1 ? separated(int, cuts) : int;
    const point = frac !== undefined ? `.${frac}` : dot && int !== undefined ? '.' : '';
    return `${whole}${point}${exp ? `${exp[0]}${exp[1]}${exp[2]}` : ''}`;
  });
const radix = fc
  .record({
    base: fc.constantFrom(['x', 16], ['X', 16], ['o', 8], ['O', 8], ['b', 2], ['B', 2]),
    value: fc.nat(),
    cuts,
  })
  .map(({ base: [letter, base], value, cuts }) => `0${letter}${separated(value.toString(base as number), cuts)}`);
const number = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.oneof(decimal, radix))
  .map(([sign, body]) => `${sign}${body}`);
const bigint = fc
  .tuple(fc.constantFrom('', '-'), fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String), radix))
  .map(([sign, body]) => `${sign}${body}n`);
const spelling = fc.oneof(number, bigint);

/** What JavaScript makes of the literal, as a number (a bigint a number cannot hold exactly is NaN). */
function javascriptValue(text: string): number {
  const value: unknown = (0, eval)(text);
  if (typeof value === 'bigint')
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : Number.NaN;
  return value as number;
}

function defaultOf(text: string): { value: unknown } | undefined {
  const file = ts.createSourceFile('a.ts', `const x = ${text};`, ts.ScriptTarget.ES2022);
  const statement = file.statements[0] as ts.VariableStatement;
  return staticDefault(statement.declarationList.declarations[0]!.initializer!, undefined as never);
}

describe('numeric defaults', () => {
  it('read every spelling as JavaScript does', () => {
    fc.assert(
      fc.property(spelling, (text) => {
        const expected = javascriptValue(text);
        expect(Object.is(numericLiteralValue(text), expected)).toBe(true);
        // A default initializer; a value JSON cannot hold exactly (-0, infinity, a huge bigint) is not declared.
        expect(defaultOf(text)).toEqual(isJsonExact(expected) ? { value: expected } : undefined);
      }),
      { numRuns: 500 },
    );
  });

  it('the spellings of the issue', () => {
    const cases: Array<[string, number]> = [
      ['1e-7', 1e-7],
      ['1e21', 1e21],
      ['0x1F', 31],
      ['0o17', 15],
      ['0b101', 5],
      ['1_000', 1000],
      ['.5', 0.5],
      ['10n', 10],
    ];
    for (const [text, value] of cases) expect(defaultOf(text)).toEqual({ value });
    expect(defaultOf('-0')).toBeUndefined();
    expect(numericLiteralValue('ten')).toBeUndefined();
    expect(numericLiteralValue('1__0')).toBeUndefined();
    expect(numericLiteralValue('')).toBeUndefined();
  });
});
