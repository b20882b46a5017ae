// The schema checker must report exactly the errors ajv reports (validatorAjvOptions, ajv-formats), in ajv's order
// and with every verbose field, for any schema of the subset manifests hold and any data: the Toolbox turns those
// errors into the issues a model reads, and a tool must not answer differently with or without precompiled checks.
// The accept tests gen-tools writes beside it must say valid exactly where ajv does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { JsonSchema, ObjectJsonSchema } from '@toolwright/core';
import { validationSchema, validatorAjvOptions } from '@toolwright/core/validator-build';
import {
  duplicateItems,
  equal,
  fullFormats,
  lazyFormatTest,
  schemaChecker,
  ucs2length,
} from '@toolwright/core/validator-runtime';
import { acceptSource, checkerSupport, type AcceptHelper } from '@toolwright/core/validator-build';
import { linearRegExp } from '@toolwright/core/linear-regexp';

const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;
// Patterns on the engine the Toolbox gives ajv (RE2's), as the checker's.
const ajv = new Ajv2020({ ...validatorAjvOptions, logger: false, code: { regExp: linearRegExp } });
addFormats(ajv);
const check = schemaChecker(fullFormats, linearRegExp);

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * The accept test gen-tools would write for `schema`, made into a function here (a test may use new Function), in
 * both forms: declared (`code`) and written where it is used (`shared` and `tests`), which must agree.
 */
function acceptOf(schema: JsonSchema): (data: unknown) => boolean {
  const { code, shared, tests, uses } = acceptSource([schema], ['accept'], fullFormats);
  const helpers = [...uses];
  const given: Record<AcceptHelper, unknown> = {
    duplicateItems,
    equal,
    fullFormats,
    lazyFormatTest,
    linearRegExp,
    ucs2length,
  };
  const make = (body: string) =>
    new Function(...helpers, body)(...helpers.map((name) => given[name])) as (data: unknown) => boolean;
  const declared = make(`${code}\nreturn accept;`);
  const inline = make(`${shared}\nreturn ${tests[0]};`);
  return (data) => {
    const valid = declared(data);
    expect(inline(data), 'the test written where it is used').toBe(valid);
    return valid;
  };
}

function expectSameErrors(schema: JsonSchema, values: readonly unknown[]): void {
  const byAjv = ajv.compile(schema) as Validate;
  const byChecker = check.compile(schema) as Validate;
  const accept = acceptOf(schema);
  for (const value of values) {
    // ajv's deep equality (fast-deep-equal) calls a value's own `toString` or `valueOf`: where that throws, the
    // checker and the accept test (whose `equal` compares JSON by structure) answer, and agree.
    let valid: boolean;
    try {
      valid = byAjv(value);
    } catch {
      expect(accept(value), `accept ${JSON.stringify(value)}`).toBe(byChecker(value));
      expect(byChecker.errors === null, JSON.stringify(value)).toBe(accept(value));
      continue;
    }
    expect(accept(value), `accept ${JSON.stringify(value)}`).toBe(valid);
    expect(byChecker(value), JSON.stringify(value)).toBe(valid);
    expect(byChecker.errors, JSON.stringify(value)).toEqual(byAjv.errors);
    // The order of the fields too: an error echoed to a model as JSON reads the same.
    expect(JSON.stringify(byChecker.errors)).toBe(JSON.stringify(byAjv.errors));
  }
}

const names = fc.constantFrom('a', 'b', 'kind', 'x/y', 'n~1', 'sp ace', 'toString');
const annotations = fc.record(
  { description: fc.constant('A thing.'), title: fc.constant('T'), default: fc.jsonValue({ maxDepth: 1 }) },
  { requiredKeys: [] },
);
const leaves: JsonSchema[] = [
  { type: 'string', minLength: 2, maxLength: 4 },
  { type: 'string', pattern: '^[a-c]+$' },
  { type: 'string', pattern: '\\p{Lu}' },
  { type: 'string', format: 'date-time' },
  { type: 'string', format: 'date' },
  { type: 'string', format: 'email' },
  { type: 'string', format: 'uri' },
  { type: 'string', format: 'uuid' },
  { format: 'int32' },
  { type: 'number', format: 'int32' },
  { type: 'string', format: 'not-a-format' },
  { format: 'date' },
  { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
  { type: 'integer', enum: [1, 2, 3] },
  { type: 'number', maximum: 2.5, exclusiveMinimum: -1 },
  { type: 'number', multipleOf: 0.05 },
  { type: 'number', multipleOf: 3 },
  { minimum: 3 },
  { maxLength: 1 },
  { type: 'boolean' },
  { type: 'null' },
  { type: ['string', 'null'] },
  { type: ['integer', 'string'], minLength: 1 },
  { type: ['object', 'array'] },
  { type: 'string', enum: ['c', 'f'] },
  { enum: ['x', 1, null, { a: [1] }] },
  { const: { a: 1 } },
  { const: null },
  { type: 'string', const: 'k' },
  {},
];
const leaf = fc.constantFrom(...leaves);
const { schema } = fc.letrec<{ schema: JsonSchema | boolean }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    leaf,
    fc.boolean(),
    fc.tuple(leaf, annotations).map(([node, notes]) => ({ ...node, ...notes }) as JsonSchema),
    fc
      .record(
        {
          type: fc.constantFrom('object', undefined),
          properties: fc.dictionary(names, tie('schema'), { maxKeys: 3 }),
          required: fc.uniqueArray(names, { maxLength: 2 }),
          additionalProperties: fc.oneof(fc.constant(false), fc.constant(true), tie('schema')),
          patternProperties: fc.constant({ '^p': { type: 'integer' } }),
          minProperties: fc.nat(2),
          maxProperties: fc.integer({ min: 1, max: 3 }),
        },
        { requiredKeys: ['properties'] },
      )
      .map((node) => Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined)) as JsonSchema),
    fc
      .record(
        {
          type: fc.constantFrom('array', undefined),
          items: tie('schema'),
          minItems: fc.nat(2),
          maxItems: fc.integer({ min: 2, max: 4 }),
          uniqueItems: fc.boolean(),
        },
        { requiredKeys: ['items'] },
      )
      .map((node) => Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined)) as JsonSchema),
    fc
      .record({
        prefixItems: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
        items: fc.oneof(fc.constant(false), tie('schema')),
        minItems: fc.nat(2),
      })
      .map((node) => ({ type: 'array', ...node }) as JsonSchema),
    fc.constantFrom<JsonSchema>(
      { type: 'array', items: { type: 'integer' }, uniqueItems: true },
      { type: 'array', items: { type: ['string', 'number'] }, uniqueItems: true },
      { type: 'array', items: { type: 'boolean' }, uniqueItems: true },
      { type: 'array', uniqueItems: true },
    ),
    fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf }) as JsonSchema),
    fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((oneOf) => ({ oneOf }) as JsonSchema),
    fc.array(tie('schema'), { minLength: 1, maxLength: 2 }).map((allOf) => ({ allOf }) as JsonSchema),
    fc
      .tuple(leaf, fc.array(tie('schema'), { minLength: 2, maxLength: 2 }))
      .map(([node, anyOf]) => ({ ...node, anyOf }) as JsonSchema),
    fc.constantFrom<JsonSchema>(
      { $ref: '#/$defs/Node' },
      { $ref: '#/$defs/Point' },
      { $ref: '#/$defs/Point', type: 'object', required: ['z'] },
      { $ref: '#/$defs/Node', description: 'A tree.' },
      { $ref: '#/$defs/Unit' },
    ),
  ),
}));

/** Definitions as gen writes them: a recursive type (compiled apart by ajv) and plain ones (checked in place). */
const $defs = {
  Node: {
    type: 'object',
    properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
    required: ['value'],
  },
  Point: {
    type: 'object',
    properties: { x: { type: 'number' }, y: { type: 'number' } },
    required: ['x', 'y'],
    additionalProperties: false,
  },
  Unit: { type: 'string', enum: ['c', 'f'] },
} satisfies Record<string, JsonSchema>;

// Values at the schemas' bounds (2.5, 10, -1, 3, lengths 1, 2, 4, 5), where an off-by-one shows.
const bounds = [
  2.5,
  10,
  9,
  -1,
  3,
  0,
  1e9 + 0.5,
  'a',
  'ab',
  'abcd',
  'abcde',
  '😀😀',
  [1, 2],
  [1, 2, 3, 4],
  [1, 2, 3, 4, 5],
];
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...bounds),
  fc.constantFrom(
    'ab',
    'ABC',
    '2024-02-30',
    '2024-02-29T12:00:00Z',
    'x@y.z',
    'https://example.com/a',
    '3e2f1b4c-0a5b-4c8e-9f1a-2b3c4d5e6f70',
    2 ** 31,
    0.15,
    0.151,
    [1, 1],
    ['1', 1],
    ['__proto__', '__proto__'],
    [{ a: 1 }, { a: 1 }],
    [true, false, true],
    { value: 1, children: [{ value: 'x' }, { children: [] }] },
    { x: 1, y: 2 },
    { x: 1, y: 2, z: 3 },
    { p1: 1, p2: 'x', a: 'ab' },
    { kind: 'c', a: null },
  ),
);

describe('the schema checker', () => {
  it('reports exactly the errors ajv reports, for any schema of the subset and any data', () => {
    fc.assert(
      fc.property(schema, fc.array(value, { minLength: 1, maxLength: 8 }), fc.boolean(), (root, values, strict) => {
        const parameters = validationSchema(
          { type: 'object', properties: { root: root as JsonSchema }, $defs } as ObjectJsonSchema,
          strict,
        );
        expect(checkerSupport(parameters)).toMatchObject({ supported: true });
        const data = values.flatMap((item) => [{ root: item }, item]);
        expectSameErrors(parameters, data);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with ajv at every bound of every leaf schema', () => {
    for (const node of leaves) expectSameErrors(node, bounds);
  });

  it('reports the errors of a schema as a whole where it is not an object (a bare leaf, a boolean)', () => {
    fc.assert(
      fc.property(schema, fc.array(value, { minLength: 1, maxLength: 6 }), (root, values) => {
        const whole = typeof root === 'boolean' ? root : ({ ...root, $defs } as JsonSchema);
        expectSameErrors(whole as JsonSchema, values);
      }),
      { numRuns: 200 },
    );
  });

  it('takes nothing it cannot check as ajv does, and says so', () => {
    const unsupported: JsonSchema[] = [
      { not: { type: 'string' } } as JsonSchema,
      { if: { type: 'string' }, then: { minLength: 1 } } as JsonSchema,
      { type: 'object', unevaluatedProperties: false } as JsonSchema,
      { type: 'object', propertyNames: { maxLength: 2 } } as JsonSchema,
      { type: 'object', dependentRequired: { a: ['b'] } } as JsonSchema,
      { type: 'array', contains: { type: 'string' } } as JsonSchema,
      { type: 'array', items: [{ type: 'string' }] } as unknown as JsonSchema,
      { $ref: 'https://example.com/other.json' },
      { $ref: '#/$defs/Missing' },
      { type: 'string', pattern: '(' },
      { type: 'strng' } as unknown as JsonSchema,
      { type: 'string', minLength: -1 },
      { type: 'string', 'x-custom': 1 } as JsonSchema,
      { type: 'string', nullable: true } as JsonSchema,
      { type: 'string', format: 'date', formatMinimum: '2024-01-01' } as JsonSchema,
    ];
    for (const node of unsupported) {
      expect(checkerSupport({ type: 'object', properties: { a: node } }), JSON.stringify(node)).toMatchObject({
        supported: false,
      });
    }
    expect(() => check.compile({ not: {} } as JsonSchema)).toThrow(/at #: keyword not/);
  });

  it('checks a recursive type to any depth, and clears its errors between calls', () => {
    const parameters = validationSchema({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      required: ['tree'],
      $defs,
    } as ObjectJsonSchema);
    let deep: Record<string, unknown> = { value: 0 };
    for (let i = 0; i < 200; i++) deep = { value: i, children: [deep] };
    expectSameErrors(parameters, [{ tree: deep }, { tree: { value: 1, children: [{ value: 'x' }] } }, { tree: deep }]);
    const validate = check.compile(parameters);
    expect(validate({ tree: { value: 'no' } })).toBe(false);
    expect(validate({ tree: deep })).toBe(true);
    expect(validate.errors).toBeNull();
  });
});
