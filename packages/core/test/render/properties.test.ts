// Property tests over arbitrary schemas of the manifest's JSON Schema subset (plus the oneOf, allOf and type arrays
// that hand-written and schema-library schemas bring): Gemini output always passes FakeGemini's rules, OpenAI strict
// output keeps to strict mode, and no renderer mutates or shares its (deep-frozen) input.
import { functionDeclarationProblems } from '@toolwright/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toGeminiDeclaration, toOpenAITool, type DeclaredTool, type JsonSchema } from '../../src/index.js';
import { strictSchemaProblems } from './strict-rules.js';
import { targets } from './targets.js';

const names = fc.constantFrom('alpha', 'beta', 'gamma_2', '_delta', 'Epsilon');
const smallInt = fc.integer({ min: -50, max: 50 });
const count = fc.nat({ max: 6 });
const scalar = fc.oneof(fc.string({ maxLength: 6 }), smallInt, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const jsonValue = fc.jsonValue({ maxDepth: 2 });

const annotations = fc.record(
  {
    description: fc.string({ maxLength: 20 }),
    title: fc.string({ maxLength: 10 }),
    deprecated: fc.constant(true),
    default: jsonValue,
    examples: fc.array(jsonValue, { minLength: 1, maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const leaves: fc.Arbitrary<JsonSchema>[] = [
  fc.record(
    {
      type: fc.constant('string' as const),
      minLength: count,
      maxLength: count,
      pattern: fc.constantFrom('^a+$', '^[0-9]{3}-[a-z]+$', '^order-[0-9]+$'),
      format: fc.constantFrom('date-time', 'date', 'uri', 'email', 'uuid', 'hostname'),
      enum: fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 4 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constantFrom('number' as const, 'integer' as const),
      minimum: smallInt,
      maximum: smallInt,
      exclusiveMinimum: fc.oneof(smallInt, fc.double({ min: -50, max: 50, noNaN: true })),
      exclusiveMaximum: smallInt,
      multipleOf: fc.constantFrom(1, 2, 5, 0.5),
      format: fc.constantFrom('int32', 'double', 'float'),
      enum: fc.array(smallInt, { minLength: 1, maxLength: 4 }),
    },
    { requiredKeys: ['type'] },
  ),
  fc.constantFrom<JsonSchema>({ type: 'boolean' }, { type: 'null' }, {}),
  scalar.map((value): JsonSchema => ({ const: value })),
  fc.array(scalar, { minLength: 1, maxLength: 4 }).map((values): JsonSchema => ({ enum: values })),
  fc
    .subarray(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const, { minLength: 1 })
    .map((types): JsonSchema => ({ type: [...types] })),
  fc.constantFrom<JsonSchema>({ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }),
];

const { node, object } = fc.letrec<{ node: JsonSchema; object: JsonSchema; composite: JsonSchema }>((tie) => ({
  node: fc
    .tuple(fc.oneof({ depthSize: 'small', withCrossShrink: true }, ...leaves, tie('composite')), fc.option(annotations, { nil: undefined }))
    .map(([schema, notes]) => (notes ? { ...schema, ...notes } : schema)),
  object: fc
    .tuple(
      fc.dictionary(names, tie('node'), { maxKeys: 3 }),
      fc.subarray(['alpha', 'beta', 'gamma_2', '_delta', 'Epsilon']),
      fc.option(fc.oneof(fc.boolean(), tie('node')), { nil: undefined }),
      fc.option(count, { nil: undefined }),
    )
    .map(([properties, required, additionalProperties, minProperties]) => {
      const schema: JsonSchema = { type: 'object', properties, required: required.filter((name) => name in properties) };
      if (additionalProperties !== undefined) schema.additionalProperties = additionalProperties;
      if (minProperties !== undefined) schema.minProperties = minProperties;
      return schema;
    }),
  composite: fc.oneof(
    tie('object'),
    fc
      .record({ items: tie('node'), minItems: count, maxItems: count, uniqueItems: fc.boolean() }, { requiredKeys: ['items'] })
      .map((array): JsonSchema => ({ type: 'array', ...array })),
    fc
      .tuple(fc.array(tie('node'), { minLength: 1, maxLength: 3 }), fc.option(fc.oneof(fc.constant(false as const), tie('node')), { nil: undefined }))
      .map(([prefixItems, items]): JsonSchema => {
        const tuple: JsonSchema = { type: 'array', prefixItems, minItems: prefixItems.length };
        if (items !== undefined) tuple.items = items;
        if (items === false) tuple.maxItems = prefixItems.length;
        return tuple;
      }),
    tie('node').map((values): JsonSchema => ({ type: 'object', additionalProperties: values })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((anyOf): JsonSchema => ({ anyOf })),
    tie('node').map((inner): JsonSchema => ({ anyOf: [inner, { type: 'null' }] })),
    fc.array(tie('node'), { minLength: 2, maxLength: 2 }).map((oneOf): JsonSchema => ({ oneOf })),
    fc.tuple(tie('object'), tie('object')).map(([a, b]): JsonSchema => ({ allOf: [a, b] })),
  ),
}));

const tools: fc.Arbitrary<DeclaredTool> = fc
  .record({
    properties: fc.dictionary(names, node, { maxKeys: 4 }),
    required: fc.subarray(['alpha', 'beta', 'gamma_2', '_delta', 'Epsilon']),
    A: object,
    B: object,
    rootUnion: fc.option(fc.array(object, { minLength: 2, maxLength: 3 }), { nil: undefined }),
    description: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  })
  .map(({ properties, required, A, B, rootUnion, description }) => {
    const parameters: DeclaredTool['parameters'] = {
      type: 'object',
      properties,
      required: required.filter((name) => name in properties),
      $defs: { A, B },
    };
    if (rootUnion) parameters.anyOf = rootUnion;
    const tool: DeclaredTool = { name: 'tool_under_test', parameters };
    if (description !== undefined) tool.description = description;
    return tool;
  });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function objectsIn(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !found.has(value)) {
    found.add(value);
    for (const child of Object.values(value)) objectsIn(child, found);
  }
  return found;
}

const runs = { numRuns: Number(process.env.FC_RUNS ?? 300) };

describe('renderers over arbitrary schemas', () => {
  it('Gemini parameters always pass the FakeGemini rules', () => {
    fc.assert(
      fc.property(tools, (tool) => {
        const declaration = toGeminiDeclaration(deepFreeze(tool));
        expect(functionDeclarationProblems(declaration, 'tools[0].function_declarations[0]')).toEqual([]);
      }),
      runs,
    );
  });

  it('Gemini parametersJsonSchema always passes the FakeGemini rules', () => {
    fc.assert(
      fc.property(tools, (tool) => {
        const declaration = toGeminiDeclaration(deepFreeze(tool), { dialect: 'json-schema' });
        expect(functionDeclarationProblems(declaration, 'tools[0].function_declarations[0]')).toEqual([]);
      }),
      runs,
    );
  });

  it('parametersJsonSchema with references inlined holds no reference', () => {
    fc.assert(
      fc.property(tools, (tool) => {
        const declaration = toGeminiDeclaration(deepFreeze(tool), { dialect: 'json-schema', inlineRefs: true });
        expect(JSON.stringify(declaration)).not.toMatch(/"\$ref"|"\$defs"/);
        expect(functionDeclarationProblems(declaration, 'tools[0].function_declarations[0]')).toEqual([]);
      }),
      runs,
    );
  });

  it('OpenAI strict output always keeps to strict mode', () => {
    fc.assert(
      fc.property(tools, (tool) => {
        const rendered = toOpenAITool(deepFreeze(tool), { strict: true });
        expect(strictSchemaProblems(rendered.function.parameters)).toEqual([]);
      }),
      runs,
    );
  });

  it('no renderer mutates its input or shares an object with it', () => {
    fc.assert(
      fc.property(tools, (tool) => {
        const before = JSON.stringify(tool);
        const frozen = deepFreeze(tool);
        const inputObjects = objectsIn(frozen);
        for (const render of Object.values(targets)) {
          const { output } = render(frozen);
          const shared = [...objectsIn(output)].filter((object) => inputObjects.has(object));
          expect(shared).toEqual([]);
        }
        expect(JSON.stringify(tool)).toBe(before);
      }),
      runs,
    );
  });
});
