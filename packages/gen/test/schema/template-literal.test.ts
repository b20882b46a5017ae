// Template literal and string mapping types: the pattern must accept exactly the strings TypeScript accepts. Each
// string of the table is checked by the TypeScript checker itself (`const v: T = "..."`) and by ajv on the schema.
import { linearPatternProblem, linearRegExp } from '@toolwright/core/linear-regexp';
import { Project, ts } from 'ts-morph';
import { describe, expect, test } from 'vitest';
import { accepts, messages, probe } from './harness.js';

const checker = new Project({
  useInMemoryFileSystem: true,
  compilerOptions: { strict: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'] },
});
let files = 0;

/** For each string, whether TypeScript accepts it as a value of `type`. */
function typescriptAccepts(type: string, strings: readonly string[]): boolean[] {
  const lines = strings.map((text, index) => `const v${index}: ${type} = ${JSON.stringify(text)};`);
  const file = checker.createSourceFile(`/t${files++}.ts`, `${lines.join('\n')}\nexport {};\n`);
  const failing = new Set(file.getPreEmitDiagnostics().map((diagnostic) => diagnostic.getLineNumber()! - 1));
  return strings.map((_, index) => !failing.has(index));
}

const NUMBERS = [
  '1',
  '-1',
  '+1',
  '2.5',
  '1.',
  '.5',
  '-.5',
  '1e3',
  '1E-3',
  '1e+3',
  '0x10',
  '0X1f',
  '0o17',
  '0b101',
  '-0x10',
  '+0x10',
  ' 1',
  '1 ',
  ' 1 ',
  '\t1\n',
  ' ',
  '\n',
  '',
  'x',
  '1x',
  '1_000',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e',
  'e1',
  '.',
  '-',
  '0x',
  '0b2',
  '00',
  '007',
  '1.5e3',
  '١',
  '\u00a01',
  '1\u2028',
  '--1',
  '1-',
  '1 2',
];

const TABLE: [type: string, strings: readonly string[]][] = [
  ['`user-${number}`', NUMBERS.map((text) => `user-${text}`).concat(['user', 'xuser-1', 'User-1'])],
  ['`${number}px`', NUMBERS.map((text) => `${text}px`).concat(['1pxpx', '1 px', 'px'])],
  ['`${number}-${number}`', ['1-2', '-1-2', '1--2', '1-2-3', '0x1-0b1', ' 1 - 2 ', '-', '1-', '-2', '1.5-2.5']],
  ['`v${number}.${number}`', ['v1.2', 'v1.2.3', 'v1..2', 'v.5.1', 'v1.', 'v1.2e3', 'v 1 . 2 ']],
  ['`pre${string}post`', ['prepost', 'pre\npost', 'pre x post', 'prepostpost', 'prpost', 'prepos', 'pre\u2028post']],
  ['`${string}.${string}`', ['a.b', '.', 'a.b.c', 'ab', '\n.\n']],
  ['`${number}${string}`', ['1a', '12', ' a', 'a1', '1', '']],
  ['`id-${bigint}`', ['id-1', 'id--1', 'id-0x1f', 'id-1.5', 'id- 1', 'id-', 'id-01', 'id-0', 'id-1_0', 'id-+1']],
  ['`${Uppercase<string>}!`', ['AB!', 'A B 1!', '!', 'Ab!', 'ab!']],
  ['`key-${Lowercase<string>}`', ['key-ab', 'key-', 'key-aB', 'key-a1']],
  ['Uppercase<string>', ['ABC', 'A-1', '', 'aBC', 'abc', 'ABC\n']],
  ['Lowercase<string>', ['abc', '', 'aBc', 'abc 1']],
  ['Capitalize<string>', ['Abc', 'ABC', '', '1abc', 'abc']],
  ['Uncapitalize<string>', ['abc', 'aBC', '', 'Abc']],
];

describe('template literal patterns follow TypeScript', () => {
  test.each(TABLE)('%s', (type, strings) => {
    const { schema, problems } = probe(type);
    expect(problems).toEqual([]);
    expect(schema.type).toBe('string');
    const expected = typescriptAccepts(type, strings);
    const actual = strings.map((text) => accepts(schema, text));
    const table = (results: boolean[]) =>
      Object.fromEntries(strings.map((text, index) => [JSON.stringify(text), results[index]]));
    expect(table(actual)).toEqual(table(expected));
  });

  test('a mapping over a template keeps the template pattern; over anything else it warns', () => {
    const mapped = probe('Uppercase<`a${number}`>');
    expect(messages(mapped)).toEqual([]);
    expect(accepts(mapped.schema, 'A12')).toBe(true);
    expect(accepts(mapped.schema, 'Ax')).toBe(false);
    const nested = probe('Uppercase<Lowercase<string>>');
    expect(nested.schema).toEqual({ type: 'string' });
    expect(messages(nested)).toEqual([
      'warning: parameter "value" has the type Uppercase<Lowercase<string>>, whose letter case is not checked: ' +
        'any string passes',
    ]);
  });
});

/**
 * Delimiters RE2 must express without lookahead: several characters, characters a number or a bigint may hold
 * (`e`, `0x`, `-`), a delimiter that overlaps itself (`abab`, `::`, `aa`), white space. Each pattern is run on RE2's
 * engine and on JavaScript's, against TypeScript's checker, for the table's strings and for random strings made of
 * the characters that matter.
 */
const DELIMITED: [type: string, pieces: readonly string[]][] = [
  ['`${number}-${number}`', ['0', '1', '-', '+', '.', ' ', 'e', '0x1']],
  ['`${number}::${number}`', ['0', '1', ':', '::', '-', '.', ' ']],
  ['`${string}->${number}`', ['a', '-', '>', '->', '1']],
  ['`${number}aa${string}`', ['0', '1', 'a', 'aa', '.', ' ']],
  ['`${string}aa${number}`', ['x', 'a', 'aa', '1']],
  ['`${string}abab${bigint}`', ['a', 'b', 'ab', 'abab', '1']],
  ['`${number}e${number}`', ['0', '1', 'e', '+', '-', '.']],
  ['`${number}0x${number}`', ['0', '1', 'x', '0x', 'X', 'f']],
  ['`${bigint}--${bigint}`', ['0', '1', '-', '--', '0x', 'f']],
  ['`${Uppercase<string>}_AB_${number}`', ['A', 'a', 'B', '_', '_AB_', '1']],
  ['`${string} ${number}`', ['a', '1', ' ', '\t', '\u00a0']],
  ['`${Lowercase<string>}.${Capitalize<string>}`', ['a', 'A', '.']],
  ['`x${number}yy${bigint}y`', ['x', 'y', 'yy', '0', '1', '-']],
];

/** `count` strings of up to `longest` pieces, the same ones on every run. */
function samples(pieces: readonly string[], count: number, longest: number): string[] {
  let seed = 7;
  // mulberry32
  const next = (bound: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % bound;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: next(longest + 1) }, () => pieces[next(pieces.length)]).join(''),
  );
}
describe('template literal patterns need no lookahead', () => {
  test.each(DELIMITED)('%s: RE2 takes what TypeScript takes', (type, pieces) => {
    const { schema, problems } = probe(type);
    expect(problems).toEqual([]);
    const source = schema.pattern!;
    expect(source).not.toMatch(/\(\?[=!<]/);
    expect(linearPatternProblem(source)).toBeUndefined();
    const strings = [...new Set(samples(pieces, 400, 7))];
    const expected = typescriptAccepts(type, strings);
    const onRe2 = linearRegExp(source);
    const onJavaScript = new RegExp(source, 'u');
    const table = (test: (text: string) => boolean) =>
      Object.fromEntries(strings.map((text) => [JSON.stringify(text), test(text)]));
    const typescript = Object.fromEntries(strings.map((text, i) => [JSON.stringify(text), expected[i]]));
    expect(table((text) => onRe2.test(text))).toEqual(typescript);
    expect(table((text) => onJavaScript.test(text))).toEqual(typescript);
    // The samples reach both answers.
    expect(new Set(expected)).toEqual(new Set([true, false]));
  });

  test.each(TABLE)('%s on RE2', (type, strings) => {
    const source = probe(type).schema.pattern!;
    expect(linearPatternProblem(source)).toBeUndefined();
    const onRe2 = linearRegExp(source);
    expect(strings.filter((text) => onRe2.test(text))).toEqual(
      strings.filter((text) => accepts({ pattern: source }, text)),
    );
  });
});
