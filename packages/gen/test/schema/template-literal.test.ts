// Template literal and string mapping types: the pattern must accept exactly the strings TypeScript accepts. Each
// string of the table is checked by the TypeScript checker itself (`const v: T = "..."`) and by ajv on the schema.
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
