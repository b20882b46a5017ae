// gen-tools --validators compacts ajv's standalone code (error literals as calls of verboseError, error pushes as
// calls of pushError, dead resets of `evaluated` dropped): the validators must report exactly the errors ajv's own
// code reports, for any schema and any data.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { _, Ajv2020 } from 'ajv/dist/2020.js';
import * as standaloneModule from 'ajv/dist/standalone/index.js';
import * as formatsModule from 'ajv-formats';
import type { JsonSchema, ObjectJsonSchema } from '@toolwright/core';
import { validationSchema, validatorAjvOptions } from '@toolwright/core/validator-build';
import * as runtime from '@toolwright/core/validator-runtime';
import { compactValidators } from '../src/emit/compact-validators.js';

type Standalone = (ajv: Ajv2020, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as { default?: unknown }).default ?? standaloneModule) as Standalone;
const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;
const requireHere = createRequire(__filename);

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** The helpers compacted code may call, by name. */
const helpers = {
  verboseError: runtime.verboseError,
  typeError: runtime.typeError,
  requiredError: runtime.requiredError,
  additionalPropertyError: runtime.additionalPropertyError,
  enumError: runtime.enumError,
  pushError: runtime.pushError,
};

/** The validator of `schema` from ajv's standalone code (CommonJS), compacted or not. */
function validatorFrom(schema: JsonSchema, compact: boolean): Validate {
  const ajv = new Ajv2020({ ...validatorAjvOptions, code: { source: true, lines: true, formats: _`fullFormats` } });
  addFormats(ajv);
  ajv.addSchema(schema, 'v');
  let code = standaloneCode(ajv, { v: 'v' });
  if (compact) code = compactValidators(code).code;
  const exports: Record<string, Validate> = {};
  new Function('exports', 'require', 'fullFormats', ...Object.keys(helpers), code)(
    exports,
    requireHere,
    runtime.fullFormats,
    ...Object.values(helpers),
  );
  return exports.v!;
}

const names = fc.constantFrom('a', 'b', 'kind', 'x/y', 'n~1');
const { schema } = fc.letrec<{ schema: JsonSchema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<JsonSchema>(
      { type: 'string', minLength: 2, maxLength: 4 },
      { type: 'string', pattern: '^[a-c]+$' },
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'uri' },
      { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
      { type: 'number', multipleOf: 0.5 },
      { type: 'boolean' },
      { type: 'null' },
      { enum: ['x', 1, null] },
      { const: { a: 1 } },
    ),
    fc
      .record(
        {
          properties: fc.dictionary(names, tie('schema'), { maxKeys: 3 }),
          required: fc.uniqueArray(names, { maxLength: 2 }),
          additionalProperties: fc.oneof(fc.constant(false), tie('schema')),
          minProperties: fc.nat(2),
        },
        { requiredKeys: ['properties'] },
      )
      .map((node) => ({ type: 'object', ...node }) as JsonSchema),
    fc
      .record(
        {
          items: tie('schema'),
          minItems: fc.nat(2),
          maxItems: fc.integer({ min: 2, max: 4 }),
          uniqueItems: fc.boolean(),
        },
        { requiredKeys: ['items'] },
      )
      .map((node) => ({ type: 'array', ...node }) as JsonSchema),
    fc
      .array(tie('schema'), { minLength: 1, maxLength: 2 })
      .map((prefixItems) => ({ type: 'array', prefixItems }) as JsonSchema),
    fc.array(tie('schema'), { minLength: 2, maxLength: 3 }).map((anyOf) => ({ anyOf })),
    fc.array(tie('schema'), { minLength: 2, maxLength: 3 }).map((oneOf) => ({ oneOf })),
    tie('schema').map(
      (inner) =>
        ({ type: 'object', patternProperties: { '^p': inner }, propertyNames: { maxLength: 3 } }) as JsonSchema,
    ),
    tie('schema').map(
      (inner) => ({ type: 'object', dependentRequired: { a: ['b'] }, properties: { a: inner } }) as JsonSchema,
    ),
    // Properties evaluated in branches: ajv's records of them are dynamic here, and their resets must stay.
    fc.array(tie('schema'), { minLength: 1, maxLength: 2 }).map(
      (branches) =>
        ({
          type: 'object',
          anyOf: branches.map((inner, i) => ({ properties: { [`k${i}`]: inner } })),
          unevaluatedProperties: false,
        }) as JsonSchema,
    ),
  ),
}));
/** A recursive type through $defs and $ref, as gen writes one: every schema is checked with it beside. */
const defs = {
  Node: {
    type: 'object',
    properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
    required: ['value'],
  },
} satisfies Record<string, JsonSchema>;
const recursive: JsonSchema = { $ref: '#/$defs/Node' };
/** A validator of its own (recursive) whose evaluated properties depend on the branch taken: its record is dynamic. */
const dynamicDefs = {
  Branches: {
    anyOf: [{ properties: { a: { $ref: '#/$defs/Branches' } } }, { properties: { b: { type: 'integer' } } }],
  },
} satisfies Record<string, JsonSchema>;
const dynamic = { $ref: '#/$defs/Branches', unevaluatedProperties: false } as JsonSchema;
const parametersOf = (root: JsonSchema) =>
  validationSchema({ type: 'object', properties: { root }, $defs: { ...defs, ...dynamicDefs } } as ObjectJsonSchema);

describe('compactValidators', () => {
  it('leaves the errors exactly as ajv reports them, for any schema and data', () => {
    fc.assert(
      fc.property(
        fc.oneof(schema, fc.constant(recursive), fc.constant(dynamic)),
        fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 8 }),
        (root, values) => {
          const parameters = parametersOf(root);
          const plain = validatorFrom(parameters, false);
          const compact = validatorFrom(parameters, true);
          for (const value of [...values, { root: values[0] }, { root: { a: values[1] ?? 'ab', p1: 'x' } }]) {
            const data = typeof value === 'object' && value !== null && 'root' in value ? value : { root: value };
            expect(compact(data)).toBe(plain(data));
            expect(compact.errors).toEqual(plain.errors);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('turns every error literal and error push of a real validators module into a call, and nothing else', () => {
    const parameters = parametersOf(recursive);
    const ajv = new Ajv2020({ ...validatorAjvOptions, code: { source: true, lines: true, formats: _`fullFormats` } });
    ajv.addSchema(parameters, 'v');
    const code = standaloneCode(ajv, { v: 'v' });
    const compact = compactValidators(code);
    // Error literals start so; a call of another validator passes {instancePath, parentData, ...}.
    const literal = /\{instancePath(:[^,]*)?,schemaPath:/g;
    expect(compact.code).not.toMatch(literal);
    const calls = /\b(verboseError|typeError|requiredError|additionalPropertyError|enumError)\(/g;
    expect(compact.code.match(calls)?.length).toBe(code.match(literal)?.length);
    expect(compact.code).not.toMatch(/vErrors\.push/);
    expect(compact.code.match(/pushError\(/g)?.length).toBe(code.match(/vErrors\.push\(/g)?.length);
    // Nothing here is evaluated dynamically: no reset is left, and every record stays.
    expect(compact.code).not.toMatch(/\.dynamicProps\)/);
    expect(compact.code.match(/\.evaluated = /g)?.length).toBe(code.match(/\.evaluated = /g)?.length);
    expect([...compact.uses].sort()).toEqual(['additionalPropertyError', 'pushError', 'requiredError', 'typeError']);
    expect(compact.code.length).toBeLessThan(code.length);
  });

  it('keeps the resets of a record that is dynamic', () => {
    const parameters = parametersOf(dynamic);
    const ajv = new Ajv2020({ ...validatorAjvOptions, code: { source: true, lines: true, formats: _`fullFormats` } });
    ajv.addSchema(parameters, 'v');
    const code = standaloneCode(ajv, { v: 'v' });
    expect(code).toMatch(/"dynamicProps":true/);
    const compact = compactValidators(code).code;
    const dynamicResets = (text: string) => text.match(/if\(evaluated\d+\.dynamicProps\)/g)?.length ?? 0;
    expect(dynamicResets(code)).toBeGreaterThan(0);
    expect(dynamicResets(compact)).toBeGreaterThan(0);
  });
});
