// The declared parameter names of a method, read from its source text: what binding reads to refuse a method without
// a manifest entry that takes its arguments one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parameterNames } from '../../src/toolbox/parameter-names.js';

class Shapes {
  plain(a: string, b: number) {
    return a + b;
  }
  async defaults(a = '(,)', b = { x: [1, 2] }, c = `a,${'b'}`, ...rest: string[]) {
    return [a, b, c, rest];
  }
  destructured({ q, limit }: { q: string; limit: number }, [first]: string[], /* a, b */ last?: string) {
    return [q, limit, first, last];
  }
  'quoted name'(args: object) {
    return args;
  }
}

describe('parameterNames', () => {
  it('reads methods, async methods, defaults holding brackets and commas, patterns, rest and comments', () => {
    const shapes = new Shapes();
    expect(parameterNames(shapes.plain)).toEqual(['a', 'b']);
    expect(parameterNames(shapes.defaults)).toEqual(['a', 'b', 'c', '...rest']);
    expect(parameterNames(shapes.destructured)).toEqual(['', '', 'last']);
    expect(parameterNames(shapes['quoted name'])).toEqual(['args']);
    expect(parameterNames((x: number) => x)).toEqual(['x']);
    expect(parameterNames(async (x: number, y: number) => x + y)).toEqual(['x', 'y']);
    expect(
      parameterNames(function named(this: unknown, first: string) {
        return first;
      }),
    ).toEqual(['first']);
    expect(parameterNames(Math.max)).toBeNull();
    expect(parameterNames(shapes.plain.bind(shapes))).toBeNull();
  });

  it('finds the names of any list of parameters, whatever their default values', () => {
    const name = fc
      .stringMatching(/^[a-z_$][\w$]{0,8}$/)
      .filter(
        (text) =>
          ![
            'do',
            'if',
            'in',
            'for',
            'new',
            'try',
            'var',
            'let',
            'case',
            'else',
            'enum',
            'this',
            'void',
            'with',
            'null',
            'true',
            'false',
          ].includes(text),
      );
    const literal = fc.oneof(
      fc.integer().map(String),
      fc.string().map((text) => JSON.stringify(text)),
      fc.constantFrom('[1, [2, 3]]', '{ a: (1, 2) }', '"),("'),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 0, maxLength: 5 }),
        fc.array(fc.option(literal), { minLength: 5, maxLength: 5 }),
        (names, defaults) => {
          const list = names
            .map((parameter, i) => (defaults[i] === null ? parameter : `${parameter} = ${defaults[i]}`))
            .join(', ');
          const fn = new Function(`return { m(${list}) { return 0; } }.m;`)() as (...args: never[]) => unknown;
          expect(parameterNames(fn)).toEqual(names);
        },
      ),
      { numRuns: 200 },
    );
  });
});
