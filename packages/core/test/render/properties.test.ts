// Property tests over arbitrary schemas of the manifest's JSON Schema subset (plus the oneOf, allOf and type arrays
// that hand-written and schema-library schemas bring, and the manifest's private x- keys): every target's output keeps
// to that target's rules. Gemini output always passes FakeGemini's rules, OpenAI strict output keeps to strict mode,
// the JSON Schema targets carry the schema as it is without x- keys, every target warns of exactly the tool names
// it refuses, a foreign schema (any draft, any junk) comes out of cleanForeignSchema fit for the Gemini renderers,
// and no renderer mutates or shares its (deep-frozen) input.
import { functionDeclarationProblems } from '@toolwright/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanForeignSchema,
  toAnthropicTool,
  toGeminiDeclaration,
  toMcpTool,
  toOpenAITool,
  type DeclaredTool,
  type JsonSchema,
} from '../../src/index.js';
import { renderGeminiDeclaration } from '../../src/render/gemini-declaration.js';
import { renderGeminiSchema } from '../../src/render/gemini-schema.js';
import { renderOpenAIStrictSchema } from '../../src/render/openai-strict.js';
import { strictSchemaProblems } from './strict-rules.js';
import { targets } from './targets.js';

const names = fc.constantFrom('alpha', 'beta', 'gamma_2', '_delta', 'Epsilon');
const smallInt = fc.integer({ min: -50, max: 50 });
const count = fc.nat({ max: 6 });
const scalar = fc.oneof(
  fc.string({ maxLength: 6 }),
  smallInt,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const jsonValue = fc.jsonValue({ maxDepth: 2 });

const annotations = fc.record(
  {
    description: fc.string({ maxLength: 20 }),
    title: fc.string({ maxLength: 10 }),
    deprecated: fc.constant(true),
    default: jsonValue,
    examples: fc.array(jsonValue, { minLength: 1, maxLength: 2 }),
    'x-revive': jsonValue,
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
    .tuple(
      fc.oneof({ depthSize: 'small', withCrossShrink: true }, ...leaves, tie('composite')),
      fc.option(annotations, { nil: undefined }),
    )
    .map(([schema, notes]) => (notes ? { ...schema, ...notes } : schema)),
  object: fc
    .tuple(
      fc.dictionary(names, tie('node'), { maxKeys: 3 }),
      fc.subarray(['alpha', 'beta', 'gamma_2', '_delta', 'Epsilon']),
      fc.option(fc.oneof(fc.boolean(), tie('node')), { nil: undefined }),
      fc.option(count, { nil: undefined }),
    )
    .map(([properties, required, additionalProperties, minProperties]) => {
      const schema: JsonSchema = {
        type: 'object',
        properties,
        required: required.filter((name) => name in properties),
      };
      if (additionalProperties !== undefined) schema.additionalProperties = additionalProperties;
      if (minProperties !== undefined) schema.minProperties = minProperties;
      return schema;
    }),
  composite: fc.oneof(
    tie('object'),
    fc
      .record(
        { items: tie('node'), minItems: count, maxItems: count, uniqueItems: fc.boolean() },
        { requiredKeys: ['items'] },
      )
      .map((array): JsonSchema => ({ type: 'array', ...array })),
    fc
      .tuple(
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
        fc.option(fc.oneof(fc.constant(false as const), tie('node')), { nil: undefined }),
      )
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

  it('OpenAI (not strict), Anthropic, MCP and Gemini parametersJsonSchema carry the schema without x- keys', () => {
    fc.assert(
      fc.property(tools, (tool) => {
        const expected = withoutExtensions(tool.parameters);
        const frozen = deepFreeze(tool);
        const openai = toOpenAITool(frozen);
        expect(openai.function.parameters).toEqual(expected);
        expect(openai.function.strict).toBe(false);
        expect(toAnthropicTool(frozen).input_schema).toEqual(expected);
        expect(toMcpTool(frozen).inputSchema).toEqual(expected);
        // A tool without arguments is declared without parameters (Gemini refuses an OBJECT without properties).
        const declared = toGeminiDeclaration(frozen, { dialect: 'json-schema' }).parametersJsonSchema;
        if (Object.keys(tool.parameters.properties).length > 0) expect(declared).toEqual(expected);
      }),
      runs,
    );
  });

  it('every target warns of exactly the tool names it refuses', () => {
    const name = fc.oneof(fc.string({ maxLength: 140 }), fc.stringMatching(/^[A-Za-z0-9_.:-]{1,130}$/));
    fc.assert(
      fc.property(name, (toolName) => {
        const parameters: DeclaredTool['parameters'] = { type: 'object', properties: { a: { type: 'string' } } };
        const tool: DeclaredTool = { name: toolName, parameters };
        for (const [target, rule] of Object.entries(NAME_RULES)) {
          const { warnings } = targets[target]!(tool);
          const warned = warnings.some((warning) => warning.code === 'name-invalid' && warning.path === '');
          expect(warned, `${target}: ${JSON.stringify(toolName)}`).toBe(!rule.test(toolName));
        }
      }),
      runs,
    );
  });

  it('a foreign schema (any draft, any junk) comes out of cleanForeignSchema fit for the Gemini renderers', () => {
    fc.assert(
      fc.property(foreignSchema, (schema) => {
        const { output, warnings } = cleanForeignSchema(deepFreeze(schema));
        expect(output.type).toBe('object');
        expect(typeof output.properties).toBe('object');
        expect(foreignProblems(output, output, '')).toEqual([]);
        for (const { message, path } of warnings) expect([typeof message, typeof path]).toEqual(['string', 'string']);
        const tool = { name: 'imported', parameters: output };
        for (const options of [{}, { dialect: 'json-schema', inlineRefs: true }] as const) {
          const declaration = renderGeminiDeclaration(tool, options).output;
          expect(functionDeclarationProblems(declaration, 'tools[0].function_declarations[0]')).toEqual([]);
        }
      }),
      runs,
    );
  });

  it('a string format of any name is kept or becomes a note that names a format', () => {
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype);
    const format = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...prototypeNames));
    fc.assert(
      fc.property(format, (name) => {
        const gemini = renderGeminiSchema({ type: 'string', format: name }).output;
        if (gemini.format !== name) expect(gemini.description).toMatch(/^Format: /);
        const parameters: JsonSchema = { type: 'object', properties: { a: { type: 'string', format: name } } };
        const strict = renderOpenAIStrictSchema({ ...parameters, required: ['a'] }).output.properties!.a!;
        if (strict.format !== name) expect(strict.description).toMatch(/^Format: /);
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

/** Each target's rule for tool names, as its provider's documentation states it. */
const NAME_RULES: Record<string, RegExp> = {
  'gemini-parameters': /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/,
  'gemini-json-schema': /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/,
  openai: /^[A-Za-z0-9_-]{1,64}$/,
  'openai-strict': /^[A-Za-z0-9_-]{1,64}$/,
  anthropic: /^[A-Za-z0-9_-]{1,64}$/,
  mcp: /^[A-Za-z0-9_.-]{1,128}$/,
};

const SUBSCHEMA_MAPS = new Set(['properties', '$defs', 'definitions']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_ONE = new Set(['items', 'additionalProperties']);

/** The schema without keys starting with x- where keywords stand (property names are data and stay). */
function withoutExtensions(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return structuredClone(node);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    if (SUBSCHEMA_MAPS.has(key)) {
      const entries = Object.entries(value as object).map(([name, child]) => [name, withoutExtensions(child)]);
      out[key] = Object.fromEntries(entries);
    } else if (SUBSCHEMA_LISTS.has(key)) out[key] = (value as unknown[]).map(withoutExtensions);
    else if (SUBSCHEMA_ONE.has(key)) out[key] = withoutExtensions(value);
    else out[key] = structuredClone(value);
  }
  return out;
}

/** Keywords a cleaned foreign schema may hold, each with the type of value it may hold. */
const CLEAN_KEYWORDS: Record<string, (value: unknown) => boolean> = {
  type: (value) => typeof value === 'string' || Array.isArray(value),
  title: (value) => typeof value === 'string',
  description: (value) => typeof value === 'string',
  format: (value) => typeof value === 'string',
  pattern: (value) => typeof value === 'string',
  minimum: Number.isFinite,
  maximum: Number.isFinite,
  exclusiveMinimum: Number.isFinite,
  exclusiveMaximum: Number.isFinite,
  multipleOf: Number.isFinite,
  minLength: Number.isInteger,
  maxLength: Number.isInteger,
  minItems: Number.isInteger,
  maxItems: Number.isInteger,
  minProperties: Number.isInteger,
  maxProperties: Number.isInteger,
  deprecated: (value) => typeof value === 'boolean',
  uniqueItems: (value) => typeof value === 'boolean',
  const: () => true,
  default: () => true,
  examples: Array.isArray,
  enum: (value) => Array.isArray(value) && value.length > 0,
  required: (value) => Array.isArray(value) && value.every((name) => typeof name === 'string'),
  $ref: (value) => typeof value === 'string',
  properties: (value) => typeof value === 'object' && value !== null,
  $defs: (value) => typeof value === 'object' && value !== null,
  definitions: (value) => typeof value === 'object' && value !== null,
  anyOf: Array.isArray,
  oneOf: Array.isArray,
  allOf: Array.isArray,
  prefixItems: Array.isArray,
  items: (value) => value === false || (typeof value === 'object' && value !== null),
  additionalProperties: (value) => typeof value === 'boolean' || (typeof value === 'object' && value !== null),
};

/** What in a cleaned schema breaks the promise of cleanForeignSchema: an unknown keyword, a bad value, a lost $ref. */
function foreignProblems(node: unknown, root: JsonSchema, path: string): string[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [`${path}: not a schema`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const valid = CLEAN_KEYWORDS[key];
    if (!valid) problems.push(`${path}/${key}: not a keyword the renderers know`);
    else if (!valid(value)) problems.push(`${path}/${key}: ${JSON.stringify(value)}`);
    else if (key === '$ref' && !resolves(root, value as string)) problems.push(`${path}/$ref: ${String(value)} lost`);
    else if (SUBSCHEMA_MAPS.has(key)) {
      for (const [name, child] of Object.entries(value as object)) {
        problems.push(...foreignProblems(child, root, `${path}/${key}/${name}`));
      }
    } else if (SUBSCHEMA_LISTS.has(key)) {
      (value as unknown[]).forEach((child, index) => {
        problems.push(...foreignProblems(child, root, `${path}/${key}/${index}`));
      });
    } else if (SUBSCHEMA_ONE.has(key) && typeof value === 'object') {
      problems.push(...foreignProblems(value, root, `${path}/${key}`));
    }
  }
  return problems;
}

function resolves(root: JsonSchema, ref: string): boolean {
  if (ref === '#') return true;
  if (!ref.startsWith('#/')) return false;
  let node: unknown = root;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'object' && node !== null;
}

/** Schemas as MCP servers send them: drafts 4 to 2020-12, document keys, references anywhere, and junk. */
const junk = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constantFrom(null, -1, 1.5));
const enumValue = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null));
const { foreignSchema } = fc.letrec<{ foreignSchema: unknown; foreignNode: unknown }>((tie) => ({
  foreignNode: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(true),
    junk,
    fc.record(
      {
        type: fc.oneof(
          fc.constantFrom('string', 'integer', 'number', 'boolean', 'null', 'object', 'array', 'any'),
          fc.subarray(['string', 'null', 'integer', 'object', 'float'], { minLength: 1 }),
        ),
        description: fc.oneof(fc.string({ maxLength: 8 }), junk),
        minimum: fc.oneof(fc.integer({ min: -9, max: 9 }), junk),
        exclusiveMinimum: fc.oneof(fc.boolean(), fc.integer({ min: -9, max: 9 }), junk),
        exclusiveMaximum: fc.oneof(fc.boolean(), fc.integer({ min: -9, max: 9 })),
        maximum: fc.integer({ min: -9, max: 99 }),
        minLength: fc.oneof(fc.nat({ max: 5 }), junk),
        format: fc.constantFrom('uri', 'date-time', 'email', 'int32'),
        enum: fc.oneof(fc.array(enumValue, { maxLength: 3 }), junk),
        const: jsonValue,
        default: jsonValue,
        items: fc.oneof(tie('foreignNode'), fc.array(tie('foreignNode'), { maxLength: 2 }), fc.constant(false)),
        additionalItems: fc.oneof(fc.boolean(), tie('foreignNode')),
        properties: fc.oneof(fc.dictionary(fc.constantFrom('a', 'b', 'c_d'), tie('foreignNode'), { maxKeys: 3 }), junk),
        required: fc.oneof(fc.subarray(['a', 'b', 'zz']), junk),
        additionalProperties: fc.oneof(fc.boolean(), tie('foreignNode')),
        anyOf: fc.oneof(fc.array(tie('foreignNode'), { maxLength: 2 }), junk),
        oneOf: fc.array(tie('foreignNode'), { minLength: 1, maxLength: 2 }),
        allOf: fc.array(tie('foreignNode'), { minLength: 1, maxLength: 2 }),
        $ref: fc.oneof(
          fc.constantFrom(
            '#/definitions/T',
            '#/$defs/U',
            '#/nowhere',
            'https://example.com/s.json',
            '#',
            '#/properties/a',
            '#/not',
            '#/properties/a/items/0',
            '#/%',
            '#/%E0%A4%A',
          ),
          // Any pointer a server may write, broken `%` escapes included.
          fc.string({ maxLength: 6 }).map((tail) => `#/${tail}`),
        ),
        $id: fc.string({ maxLength: 4 }),
        id: fc.string({ maxLength: 4 }),
        'x-vendor': jsonValue,
        not: tie('foreignNode'),
        patternProperties: fc.dictionary(fc.constantFrom('^a', '^b'), tie('foreignNode'), { maxKeys: 1 }),
      },
      { requiredKeys: [] },
    ),
  ),
  foreignSchema: fc
    .tuple(
      tie('foreignNode'),
      fc.option(tie('foreignNode'), { nil: undefined }),
      fc.option(tie('foreignNode'), { nil: undefined }),
    )
    .map(([node, T, U]) => {
      if (typeof node !== 'object' || node === null) return node;
      const schema: Record<string, unknown> = { $schema: 'http://json-schema.org/draft-04/schema#', ...node };
      if (T !== undefined) schema.definitions = { T };
      if (U !== undefined) schema.$defs = { U };
      return schema;
    }),
}));
