import { describe, expect, test } from 'vitest';
import { accepts, messages, probe } from './harness.js';

const INTEGER = "import type { Integer } from '@toolwright/core';";

describe('primitives', () => {
  test.each([
    ['string', { type: 'string' }],
    ['number', { type: 'number' }],
    ['boolean', { type: 'boolean' }],
    ['true | false', { type: 'boolean' }],
    ['null', { type: 'null' }],
    ['object', { type: 'object' }],
    ['any', {}],
    ['unknown', {}],
  ])('%s', (type, schema) => {
    const result = probe(type);
    expect(result.schema).toEqual(schema);
    expect(result.problems).toEqual([]);
    expect(result.revive).toBeUndefined();
  });

  test('bigint is an integer revived as bigint', () => {
    expect(probe('bigint')).toMatchObject({ schema: { type: 'integer' }, revive: { kind: 'bigint' } });
  });
});

describe('Integer', () => {
  test('core Integer, directly, through an alias, an array, an object and null', () => {
    const prelude = `${INTEGER}\ntype Count = Integer;\ninterface Box { n: Count; list: Integer[] }`;
    expect(probe('Integer', prelude).schema).toEqual({ type: 'integer' });
    expect(probe('Count', prelude).schema).toEqual({ type: 'integer' });
    expect(probe('Integer[]', prelude).schema).toEqual({ type: 'array', items: { type: 'integer' } });
    expect(probe('Count | null', prelude).schema).toEqual({ anyOf: [{ type: 'integer' }, { type: 'null' }] });
    expect(probe('Box', prelude).schema).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' }, list: { type: 'array', items: { type: 'integer' } } },
      required: ['n', 'list'],
      additionalProperties: false,
    });
  });

  test('a brand that is not core Integer keeps its primitive', () => {
    expect(probe("string & { readonly __brand: 'Email' }").schema).toEqual({ type: 'string' });
    expect(probe("number & { readonly __brand: 'Cents' }").schema).toEqual({ type: 'number' });
  });

  test('@integer tag on a property', () => {
    expect(probe('{\n /** @integer */\n n: number }').schema).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' } },
      required: ['n'],
      additionalProperties: false,
    });
  });
});

describe('literals and enums', () => {
  test('string and number literal unions', () => {
    expect(probe("'celsius' | 'fahrenheit'").schema).toEqual({ type: 'string', enum: ['celsius', 'fahrenheit'] });
    expect(probe('1 | 2 | 3').schema).toEqual({ type: 'integer', enum: [1, 2, 3] });
    expect(probe('0.5 | 1').schema).toEqual({ type: 'number', enum: [0.5, 1] });
  });

  test('a single literal is a one-value enum', () => {
    expect(probe("'only'").schema).toEqual({ type: 'string', enum: ['only'] });
    expect(probe('42').schema).toEqual({ type: 'integer', enum: [42] });
    expect(probe('true').schema).toEqual({ type: 'boolean', enum: [true] });
  });

  test('string, numeric and const enums', () => {
    const prelude = `enum Color { Red = 'red', Green = 'green' }
enum Level { Low, Mid = 5, High }
const enum Dir { Up = 'UP', Down = 'DOWN' }`;
    expect(probe('Color', prelude).schema).toEqual({ type: 'string', enum: ['red', 'green'] });
    expect(probe('Level', prelude).schema).toEqual({ type: 'integer', enum: [0, 5, 6] });
    expect(probe('Dir', prelude).schema).toEqual({ type: 'string', enum: ['UP', 'DOWN'] });
    expect(probe('Color.Red', prelude).schema).toEqual({ type: 'string', enum: ['red'] });
  });

  test('mixed unions are anyOf, literals grouped by type', () => {
    expect(probe('string | number').schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(probe("'a' | 'b' | 1 | boolean").schema).toEqual({
      anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'integer', enum: [1] }, { type: 'boolean' }],
    });
  });

  test('union members keep their written order, also where the checker made a literal earlier', () => {
    // The checker orders union members by creation: 'high' below is made before 'low'.
    const prelude = `export const first: 'high' | 2 = 'high';
type Level = 'low' | 'high';
type Wrapped = ('none' | Level) | null;
interface Knob { level: 'off' | 'high' | 'low'; steps: 3 | 2 | 1 }`;
    expect(probe("'low' | 'high'", prelude).schema).toEqual({ type: 'string', enum: ['low', 'high'] });
    expect(probe('Level', prelude).schema).toEqual({ type: 'string', enum: ['low', 'high'] });
    expect(probe('Wrapped', prelude).schema).toEqual({
      anyOf: [{ type: 'string', enum: ['none', 'low', 'high'] }, { type: 'null' }],
    });
    expect(probe('Knob', prelude).schema.properties).toEqual({
      level: { type: 'string', enum: ['off', 'high', 'low'] },
      steps: { type: 'integer', enum: [3, 2, 1] },
    });
    // Property `first` makes the checker create 'high' and 2 before the unions after it are met.
    expect(
      probe("{ first: 'high' | 2; then: 'low' | 'high' | 1 | 2; list: readonly ('low' | 'high')[] }").schema.properties,
    ).toEqual({
      first: {
        anyOf: [
          { type: 'string', enum: ['high'] },
          { type: 'integer', enum: [2] },
        ],
      },
      then: {
        anyOf: [
          { type: 'string', enum: ['low', 'high'] },
          { type: 'integer', enum: [1, 2] },
        ],
      },
      list: { type: 'array', items: { type: 'string', enum: ['low', 'high'] } },
    });
  });

  test('template literal types are strings with an anchored pattern', () => {
    const order = probe('`order-${number}`').schema;
    expect(order.type).toBe('string');
    const pattern = new RegExp(order.pattern!, 'u');
    // As TypeScript (checked against the checker in template-literal.test.ts): what `+s` reads as a finite number.
    expect(
      ['order-1', 'order-2.5', 'order--3', 'order-0x10', 'order-+1', 'order- 1', 'order-1 '].every((text) =>
        pattern.test(text),
      ),
    ).toBe(true);
    expect(
      ['order-', 'order-x', 'xorder-1', 'order-1x', 'order--0x10', 'order-Infinity'].some((text) => pattern.test(text)),
    ).toBe(false);
    // The checker spreads a union inside a template into a union of templates: one pattern with alternatives.
    const key = probe("`${'get' | 'set'}_${string}.json`").schema;
    expect(key).toEqual({ type: 'string', pattern: '^(?:get_[\\s\\S]*\\.json|set_[\\s\\S]*\\.json)$' });
    expect(accepts(key, 'get_a b.json')).toBe(true);
    expect(accepts(key, 'get_a\nb.json')).toBe(true);
    expect(accepts(key, 'set_.json')).toBe(true);
    expect(accepts(key, 'put_a.json')).toBe(false);
    expect(accepts(key, 'get_axjson')).toBe(false);
    const flag = probe('`${boolean}:${bigint}`').schema;
    expect(accepts(flag, 'true:-12')).toBe(true);
    expect(accepts(flag, 'yes:1')).toBe(false);
  });
});

describe('null, undefined and optional', () => {
  test('T | null is anyOf with null last; undefined drops out', () => {
    expect(probe('string | null').schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(probe('string | undefined').schema).toEqual({ type: 'string' });
    expect(probe('string | null | undefined').schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(probe('string | number | null').schema).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
    });
  });

  test('optional properties and properties that take undefined are not required', () => {
    expect(probe('{ a: string; b?: string; c: string | undefined; d: string | null }').schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        c: { type: 'string' },
        d: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['a', 'd'],
      additionalProperties: false,
    });
  });
});

describe('arrays, sets and tuples', () => {
  test.each(['string[]', 'Array<string>', 'ReadonlyArray<string>', 'readonly string[]'])('%s', (type) => {
    expect(probe(type).schema).toEqual({ type: 'array', items: { type: 'string' } });
  });

  test('Set is a unique array revived as a set', () => {
    expect(probe('Set<number>')).toMatchObject({
      schema: { type: 'array', items: { type: 'number' }, uniqueItems: true },
      revive: { kind: 'set' },
    });
    expect(probe('ReadonlySet<Date>').revive).toEqual({ kind: 'set', items: { kind: 'date' } });
  });

  test('tuples: prefixItems, optional and rest elements', () => {
    expect(probe('[string, number]').schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      minItems: 2,
      maxItems: 2,
      items: false,
    });
    expect(probe('[lat: number, lng: number, label?: string]').schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'number' }, { type: 'string' }],
      minItems: 2,
      maxItems: 3,
      items: false,
    });
    expect(probe('[string, ...number[]]').schema).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }],
      minItems: 1,
      items: { type: 'number' },
    });
    expect(probe('[Date, string]').revive).toEqual({ kind: 'tuple', items: [{ kind: 'date' }, null] });
  });

  test('a rest element before the end is an error', () => {
    expect(messages(probe('[...string[], number]'))).toEqual([
      'error: parameter "value" has the tuple type [...string[], number], whose rest element is not last, which ' +
        'JSON Schema cannot describe',
    ]);
  });
});

describe('objects', () => {
  const prelude = `
interface Base {
  /** Identifier. */
  id: string;
}
/** A person. */
interface Person extends Base {
  name: string;
  age?: number;
}
type Named = { name: string };
type Aged = { age: number };`;

  test('interfaces with extends keep declared order', () => {
    expect(probe('Person', prelude).schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'number' },
        id: { type: 'string', description: 'Identifier.' },
      },
      required: ['name', 'id'],
      additionalProperties: false,
    });
  });

  test('intersections merge properties', () => {
    expect(probe('Named & Aged', prelude).schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number' } },
      required: ['name', 'age'],
      additionalProperties: false,
    });
  });

  test('Record and index signatures set additionalProperties', () => {
    expect(probe('Record<string, number>').schema).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    });
    expect(probe('{ [key: string]: boolean }').schema).toEqual({
      type: 'object',
      additionalProperties: { type: 'boolean' },
    });
    expect(probe('Record<string, unknown>').schema).toEqual({ type: 'object', additionalProperties: true });
    expect(probe("Record<'a' | 'b', number>").schema).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(probe('{ name: string; [key: string]: string }').schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: { type: 'string' },
    });
  });

  test('Record<string, never> is an empty object; optional never properties are left out', () => {
    expect(probe('Record<string, never>').schema).toEqual({ type: 'object', additionalProperties: false });
    expect(probe('{ a: string; b?: never } | { b: string; a?: never }').schema).toEqual({
      anyOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
        { type: 'object', properties: { b: { type: 'string' } }, required: ['b'], additionalProperties: false },
      ],
    });
  });

  test('unions of objects are anyOf', () => {
    const shapes = `type Shape = { kind: 'circle'; r: number } | { kind: 'square'; side: number };`;
    expect(probe('Shape', shapes).schema).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { kind: { type: 'string', enum: ['circle'] }, r: { type: 'number' } },
          required: ['kind', 'r'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { kind: { type: 'string', enum: ['square'] }, side: { type: 'number' } },
          required: ['kind', 'side'],
          additionalProperties: false,
        },
      ],
    });
  });

  test('utility and mapped types resolve through the checker', () => {
    expect(probe('Partial<Person>', prelude).schema.required).toBeUndefined();
    expect(probe('Required<Person>', prelude).schema.required).toEqual(['name', 'age', 'id']);
    expect(probe("Pick<Person, 'id' | 'age'>", prelude).schema).toEqual({
      type: 'object',
      properties: { age: { type: 'number' }, id: { type: 'string', description: 'Identifier.' } },
      required: ['id'],
      additionalProperties: false,
    });
    expect(Object.keys(probe("Omit<Person, 'age'>", prelude).schema.properties!)).toEqual(['name', 'id']);
    expect(probe('Readonly<Named>', prelude).schema).toEqual(probe('Named', prelude).schema);
    expect(probe('NonNullable<string | null>').schema).toEqual({ type: 'string' });
    expect(probe("Exclude<'a' | 'b' | 'c', 'b'>").schema).toEqual({ type: 'string', enum: ['a', 'c'] });
    expect(probe("Extract<'a' | 'b' | 1, string>").schema).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(probe('{ readonly [K in "x" | "y"]: K }').schema).toEqual({
      type: 'object',
      properties: { x: { type: 'string', enum: ['x'] }, y: { type: 'string', enum: ['y'] } },
      required: ['x', 'y'],
      additionalProperties: false,
    });
  });

  test('generic instantiations', () => {
    const page = `interface Page<T> { items: T[]; next?: string }\ninterface User { name: string }`;
    expect(probe('Page<User>', page).schema).toEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
        next: { type: 'string' },
      },
      required: ['items'],
      additionalProperties: false,
    });
  });

  test('imported and re-exported types', () => {
    const result = probe('Item & { qty: Qty }', "import type { Item, Qty } from './barrel.js';", {
      'item.ts':
        'export interface Item {\n  /** Stock keeping unit. */\n  sku: string;\n}\nexport type Qty = 1 | 2 | 3;',
      'barrel.ts': "export * from './item.js';",
    });
    expect(result.schema).toEqual({
      type: 'object',
      properties: {
        sku: { type: 'string', description: 'Stock keeping unit.' },
        qty: { type: 'integer', enum: [1, 2, 3] },
      },
      required: ['sku', 'qty'],
      additionalProperties: false,
    });
  });
});

describe('classes', () => {
  const prelude = `
export class Point {
  x!: number;
  /** Vertical. */
  y = 0;
  label?: string;
  private secret = 'no';
  protected hidden = 1;
  #own = 2;
  static origin = 0;
  onMove = (dx: number) => dx;
  get length(): number { return 0; }
  move(): void {}
  constructor(public readonly z: number = 0) {}
}`;

  test('data properties only, initializers become defaults, revived as the class', () => {
    const result = probe('Point', prelude);
    expect(result.schema).toEqual({
      type: 'object',
      properties: {
        x: { type: 'number' },
        y: { type: 'number', default: 0, description: 'Vertical.' },
        label: { type: 'string' },
        z: { type: 'number', default: 0 },
      },
      required: ['x'],
      additionalProperties: false,
    });
    expect(result.revive).toEqual({ kind: 'class', name: 'Point', file: `t${fileIndex(result)}/probe.ts` });
    expect(result.problems).toEqual([]);
  });
});

describe('Date and URL', () => {
  test('strings with a format, revived', () => {
    expect(probe('Date')).toMatchObject({ schema: { type: 'string', format: 'date-time' }, revive: { kind: 'date' } });
    expect(probe('URL')).toMatchObject({ schema: { type: 'string', format: 'uri' }, revive: { kind: 'url' } });
  });

  test('a user class called Date is a class, not the built-in', () => {
    const result = probe('Date', 'class Date { day!: string }');
    expect(result.schema.type).toBe('object');
    expect(result.revive).toMatchObject({ kind: 'class', name: 'Date' });
  });
});

describe('recursive types', () => {
  test('a recursive interface is a $ref into $defs', () => {
    const result = probe('Tree', 'interface Tree { value: string; children: Tree[] }');
    expect(result.schema).toEqual({ $ref: '#/$defs/Tree' });
    expect(result.defs).toEqual({
      Tree: {
        type: 'object',
        properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Tree' } } },
        required: ['value', 'children'],
        additionalProperties: false,
      },
    });
  });

  test('a recursive union alias (JSON values)', () => {
    const result = probe('Json', 'type Json = string | number | boolean | null | Json[] | { [key: string]: Json };');
    expect(result.schema).toEqual({ $ref: '#/$defs/Json' });
    expect(result.defs!.Json).toEqual({
      anyOf: [
        { type: 'string' },
        { type: 'number' },
        { type: 'boolean' },
        { type: 'array', items: { $ref: '#/$defs/Json' } },
        { type: 'object', additionalProperties: { $ref: '#/$defs/Json' } },
        { type: 'null' },
      ],
    });
  });

  test('generic instantiations get distinct names, mutual recursion gives both defs', () => {
    const prelude = `interface Node<T> { value: T; next?: Node<T> }
interface A { b?: B } interface B { a?: A }`;
    const result = probe('{ s: Node<string>; n: Node<number>; a: A }', prelude);
    expect(result.schema.properties).toEqual({
      s: { $ref: '#/$defs/Node_string' },
      n: { $ref: '#/$defs/Node_number' },
      a: { $ref: '#/$defs/A' },
    });
    expect(Object.keys(result.defs!).sort()).toEqual(['A', 'Node_number', 'Node_string']);
    expect(result.defs!.A).toEqual({
      type: 'object',
      properties: { b: { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, additionalProperties: false } },
      additionalProperties: false,
    });
  });

  test('a generic type that grows without end is an error, not a hang', () => {
    const result = probe('Grow<string>', 'interface Grow<T> { value: T; next?: Grow<T[]> }');
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.message).toMatch(
      /^parameter "value": property "next(\.next)+" is nested more than 40 levels deep \(Grow<string(\[\])+>\), which looks like a type that grows without end$/,
    );
  });

  test('revivals inside a recursive type: first level, with a warning', () => {
    const result = probe('Comment', 'interface Comment { at: Date; replies: Comment[] }');
    expect(result.revive).toEqual({ kind: 'object', properties: { at: { kind: 'date' } } });
    expect(messages(result)).toEqual([
      'warning: parameter "value" holds values to revive (Date, URL, bigint, Set or classes) inside the ' +
        'recursive type Comment: only the first level is revived',
    ]);
  });
});

describe('types JSON cannot carry', () => {
  test.each([
    [
      '(x: string) => boolean',
      'error: parameter "value" has a function type (x: string) => boolean, which JSON cannot carry',
    ],
    ['symbol', 'error: parameter "value" has a symbol type (symbol), which JSON cannot carry'],
    ['never', 'error: parameter "value" has type never, so no value can be passed'],
    ['void', 'error: parameter "value" has type void, which JSON cannot carry'],
    [
      'Map<string, number>',
      'error: parameter "value" has type Map<string, number>, which JSON cannot carry: use Record<string, V> or ' +
        'an array of [key, value] pairs',
    ],
    ['WeakMap<object, number>', 'error: parameter "value" has type WeakMap<object, number>, which JSON cannot carry'],
    [
      'Promise<string>',
      'error: parameter "value" has type Promise<string>, which JSON cannot carry: a tool argument is a plain value',
    ],
    [
      'Uint8Array',
      'error: parameter "value" has type Uint8Array<ArrayBufferLike>, which JSON cannot carry: use a base64 ' +
        'string or number[]',
    ],
  ])('%s', (type, message) => {
    const result = probe(type);
    expect(messages(result)).toEqual([message]);
    expect(result.schema).toEqual({});
  });

  test('a library interface with methods is one error', () => {
    expect(messages(probe('{ reply: Response; head: Headers }'))).toEqual([
      'error: parameter "value": property "reply" has type Response, an object with methods, which JSON cannot carry',
      'error: parameter "value": property "head" has type Headers, an object with methods, which JSON cannot carry',
    ]);
  });

  test('unresolved type parameters', () => {
    expect(messages(probe('T', '', {}, '<T>'))).toEqual([
      'error: parameter "value" has the unresolved type parameter T: a tool needs concrete types',
    ]);
    expect(messages(probe('{ items: T[] }', '', {}, '<T extends string>'))).toEqual([
      'error: parameter "value": property "items[]" has the unresolved type parameter T: a tool needs concrete types',
    ]);
  });

  test('methods in interfaces are errors; accessors there are properties', () => {
    const result = probe('Shape', 'interface Shape { get area(): number; describe(): string; name: string }');
    expect(result.schema).toEqual({
      type: 'object',
      properties: { area: { type: 'number' }, name: { type: 'string' } },
      required: ['area', 'name'],
      additionalProperties: false,
    });
    expect(messages(result)).toEqual([
      'error: parameter "value": property "describe" is a method, which JSON cannot carry',
    ]);
  });

  test('types TypeScript cannot resolve are errors, not any', () => {
    const result = probe('{ a: Missing; b: Array<Gone> }');
    expect(messages(result)).toEqual([
      'error: parameter "value": property "a" has the type Missing, which TypeScript cannot resolve: check its import',
      'error: parameter "value": property "b[]" has the type Gone, which TypeScript cannot resolve: check its import',
    ]);
    expect(messages(probe('Nowhere'))).toEqual([
      'error: parameter "value" has the type Nowhere, which TypeScript cannot resolve: check its import',
    ]);
  });

  test('the property path names the offending part', () => {
    const result = probe('{ filter: { where: { onMatch: (x: string) => boolean }[] }; tags: Map<string, string> }');
    expect(messages(result)).toEqual([
      'error: parameter "value": property "filter.where[].onMatch" has a function type (x: string) => boolean, ' +
        'which JSON cannot carry',
      'error: parameter "value": property "tags" has type Map<string, string>, which JSON cannot carry: use ' +
        'Record<string, V> or an array of [key, value] pairs',
    ]);
  });

  test('problems are reported again when a cached type is met again', () => {
    const prelude = 'export interface Bad { cb: () => void }';
    const result = probe('{ a: Bad; b: Bad[] }', prelude);
    expect(messages(result)).toEqual([
      'error: parameter "value": property "a.cb" has a function type () => void, which JSON cannot carry',
      'error: parameter "value": property "b[].cb" has a function type () => void, which JSON cannot carry',
    ]);
  });
});

function fileIndex(result: { problems: unknown[]; revive?: unknown }): number {
  const file = (result.revive as { file: string }).file;
  return Number(/^t(\d+)\//.exec(file)![1]);
}
