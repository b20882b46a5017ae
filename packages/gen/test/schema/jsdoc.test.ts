import { Project } from 'ts-morph';
import { describe, expect, test } from 'vitest';
import { positionOf } from '../../src/diagnostics.js';
import { applyDocTags, docTagsOf } from '../../src/schema/index.js';
import { messages, probe } from './harness.js';

const TAGGED = `
interface Query {
  /**
   * What to look for.
   * Plain words work best.
   * @minLength 2
   * @maxLength 80
   * @pattern ^[^<>]*$
   * @example 10115
   * @example "red shoes"
   * @example {"nested": true}
   * @example not json
   */
  text: string;
  /**
   * @minimum 1
   * @maximum 100
   * @integer
   * @default 10
   */
  limit?: number;
  /** @format email */
  contact?: string | null;
  /**
   * @minItems 1
   * @maxItems 5
   * @maxLength 20
   */
  tags: string[];
  /**
   * Old way to sort.
   * @deprecated use sortBy
   * @default newest first
   */
  order?: string;
  /**
   * @default 'asc'
   * @example
   * {
   *   "by": "name"
   * }
   */
  sort?: string | { by: string };
}`;

describe('JSDoc on properties', () => {
  test('every schema tag, descriptions and examples', () => {
    const result = probe('Query', TAGGED);
    expect(result.problems).toEqual([]);
    expect(result.schema).toEqual({
      type: 'object',
      properties: {
        text: {
          type: 'string',
          minLength: 2,
          maxLength: 80,
          pattern: '^[^<>]*$',
          // On a string, values that parse as another JSON type are kept as their text.
          examples: ['10115', 'red shoes', '{"nested": true}', 'not json'],
          description: 'What to look for.\nPlain words work best.',
        },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
        contact: { anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string', maxLength: 20 }, minItems: 1, maxItems: 5 },
        order: { type: 'string', deprecated: true, default: 'newest first', description: 'Old way to sort.' },
        sort: {
          anyOf: [
            { type: 'string' },
            { type: 'object', properties: { by: { type: 'string' } }, required: ['by'], additionalProperties: false },
          ],
          default: 'asc',
          examples: [{ by: 'name' }],
        },
      },
      required: ['text', 'tags'],
      additionalProperties: false,
    });
  });

  test('bad tag values are warnings at the property, and the tag is skipped', () => {
    const result = probe(
      'Bad',
      `interface Bad {
  /** @minimum abc */
  a: number;
  /** @maxLength -1 */
  b: string;
  /** @pattern ([a-z */
  c: string;
  /** @minimum 3 */
  d: string;
  /** @integer yes */
  e: number;
  /** @format not a format */
  f: string;
  /** @default */
  g: string;
}`,
    );
    expect(result.schema.properties).toEqual({
      a: { type: 'number' },
      b: { type: 'string' },
      c: { type: 'string' },
      d: { type: 'string' },
      e: { type: 'number' },
      f: { type: 'string' },
      g: { type: 'string' },
    });
    expect(messages(result)).toEqual([
      'warning: parameter "value": property "a" has a bad @minimum tag "abc": not a number; it is ignored',
      'warning: parameter "value": property "b" has a bad @maxLength tag "-1": not a whole number of zero or ' +
        'more; it is ignored',
      expect.stringMatching(
        /^warning: parameter "value": property "c" has a bad @pattern tag "\(\[a-z": not a regular expression \(.+\); it is ignored$/,
      ),
      'warning: parameter "value": property "d" has a bad @minimum tag "3": it applies to numbers, and the type ' +
        'is string; it is ignored',
      'warning: parameter "value": property "e" has a bad @integer tag "yes": it takes no value; it is ignored',
      'warning: parameter "value": property "f" has a bad @format tag "not a format": not a format name such as ' +
        'email, uri, uuid or date-time; it is ignored',
      'warning: parameter "value": property "g" has a bad @default tag: it has no value; it is ignored',
    ]);
    // Each warning points at its property's declaration, not at the parameter.
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 5, 7, 9, 11, 13, 15]);
  });

  test('docs survive mapped types and come from the declaring interface', () => {
    const result = probe('Partial<Pick<Query, "limit" | "order">>', TAGGED);
    expect(result.schema.properties!.limit).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(result.schema.properties!.order!.description).toBe('Old way to sort.');
  });
});

describe('JSDoc inherited from a base', () => {
  test('a property written again without docs keeps those of the interface or class it extends or implements', () => {
    const prelude = `
interface Base {
  /** How many. @minimum 1 */
  count: number;
}
interface Derived extends Base {
  count: number;
  plain: string;
}
class Impl implements Base {
  count = 1;
}
`;
    const count = { type: 'number', minimum: 1, description: 'How many.' };
    expect(probe('Derived', prelude).schema).toMatchObject({ properties: { count, plain: { type: 'string' } } });
    expect(probe('Impl', prelude).schema).toMatchObject({ properties: { count: { ...count, default: 1 } } });
  });
});

describe('bounds no value meets', () => {
  test('are warnings on properties and aliases too (through anyOf and array elements)', () => {
    const result = probe(
      '{\n /** @minimum 5 @maximum 1 */\n n: number | null;\n /** @minLength 3 @maxLength 1 */\n s: string[];\n ' +
        'w: Wide }',
      '/** @minItems 2 @maxItems 1 */\ntype Wide = string[];',
    );
    expect(messages(result)).toEqual([
      'warning: parameter "value": property "n" has minimum 5 above maximum 1 (from its JSDoc tags): no value can pass',
      'warning: parameter "value": property "s" has minLength 3 above maxLength 1 (from its JSDoc tags): no ' +
        'value can pass',
      'warning: parameter "value": property "w" has the type Wide, which has minItems 2 above maxItems 1 (from ' +
        'its JSDoc tags): no value can pass',
    ]);
    expect(messages(probe('{\n /** @minimum 1 @maximum 1 */\n n: number }'))).toEqual([]);
  });
});

describe('JSDoc on type aliases', () => {
  const prelude = `
/**
 * A share of a whole.
 * @minimum 0
 * @maximum 100
 */
type Percent = number;
/** @integer */
type WholePercent = Percent;
/** @pattern ^[A-Z]{3}$ */
export type Currency = string;
/** @minimum lots */
type Broken = number;`;

  test('schema tags of aliases apply where the alias is written, outer aliases last', () => {
    const result = probe(
      '{ share: Percent; whole: WholePercent; many: Percent[]; money?: Currency; plain: number }',
      prelude,
    );
    expect(result.problems).toEqual([]);
    expect(result.schema.properties).toEqual({
      share: { type: 'number', minimum: 0, maximum: 100 },
      whole: { type: 'integer', minimum: 0, maximum: 100 },
      many: { type: 'array', items: { type: 'number', minimum: 0, maximum: 100 } },
      money: { type: 'string', pattern: '^[A-Z]{3}$' },
      plain: { type: 'number' },
    });
    expect(probe('WholePercent', prelude).schema).toEqual({ type: 'integer', minimum: 0, maximum: 100 });
  });

  test('a bad tag on an alias is a warning at the alias', () => {
    const result = probe('{ size: Broken }', prelude);
    expect(messages(result)).toEqual([
      'warning: parameter "value": property "size" has the type Broken, which has a bad @minimum tag "lots": ' +
        'not a number; it is ignored',
    ]);
    expect(result.problems[0]!.line).toBe(13); // the alias, where its JSDoc starts
  });
});

describe('applyDocTags for parameters', () => {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile(
    '/params.ts',
    `export function search(
  /** @minimum 0 @maximum 9 */
  page: number,
  /**
   * @minimum nine
   */
  size: number,
) {}`,
  );
  const [page, size] = file
    .getFunctionOrThrow('search')
    .getParameters()
    .map((parameter) => parameter.compilerNode);

  test('reads inline parameter JSDoc and applies the tags to a copy', () => {
    const reports: string[] = [];
    const schema = { type: 'number' as const };
    const tags = docTagsOf(page!);
    expect(tags).toEqual([
      { name: 'minimum', text: '0' },
      { name: 'maximum', text: '9' },
    ]);
    expect(
      applyDocTags(schema, tags, (_node, severity, message) => reports.push(`${severity}: ${message}`), page!),
    ).toEqual({
      type: 'number',
      minimum: 0,
      maximum: 9,
    });
    expect(schema).toEqual({ type: 'number' });
    expect(reports).toEqual([]);
  });

  test('reports a bad value at the parameter without throwing', () => {
    const reports: { line: number; message: string }[] = [];
    const result = applyDocTags(
      { type: 'number' },
      docTagsOf(size!),
      (node, _severity, message) => reports.push({ line: positionOf(node).line, message }),
      size!,
    );
    expect(result).toEqual({ type: 'number' });
    expect(reports).toEqual([
      { line: 7, message: 'parameter "size" has a bad @minimum tag "nine": not a number; it is ignored' },
    ]);
  });

  test('@integer reaches numbers inside nullable and array schemas', () => {
    const report = () => undefined;
    const tags = [{ name: 'integer', text: '' }];
    expect(applyDocTags({ anyOf: [{ type: 'number' }, { type: 'null' }] }, tags, report, page!)).toEqual({
      anyOf: [{ type: 'integer' }, { type: 'null' }],
    });
    expect(applyDocTags({ type: 'array', items: { type: 'number' } }, tags, report, page!)).toEqual({
      type: 'array',
      items: { type: 'integer' },
    });
  });
});
