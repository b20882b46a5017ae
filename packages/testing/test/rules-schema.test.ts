import { describe, expect, it } from 'vitest';
import { functionDeclarationProblems, openApiSchemaProblems, parametersProblems, toolsProblems } from '../src/index.js';

const P = 'tools[0].function_declarations[0].parameters';

describe('openApiSchemaProblems', () => {
  it('accepts every keyword of the OpenAPI subset, in either case of type', () => {
    const schema = {
      type: 'object',
      title: 'T',
      description: 'd',
      nullable: false,
      properties: {
        city: {
          type: 'STRING',
          format: 'date-time',
          minLength: 1,
          maxLength: '10',
          pattern: '^a',
          default: 'a',
          example: 'b',
        },
        ratio: { type: 'NUMBER', format: 'double' },
        unit: { type: 'string', enum: ['c', 'f'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 0, maxItems: 3 },
        n: { type: 'integer', minimum: 0, maximum: 9 },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        nested: { type: 'object', properties: { x: { type: 'boolean' } }, minProperties: 1, maxProperties: 2 },
        nothing: { type: 'null' },
      },
      required: ['city'],
      propertyOrdering: ['city', 'unit'],
    };
    expect(openApiSchemaProblems(schema, P)).toEqual([]);
    expect(parametersProblems(schema, P)).toEqual([]);
  });

  it.each([
    'additionalProperties',
    '$ref',
    '$defs',
    'const',
    'oneOf',
    'allOf',
    'exclusiveMinimum',
    'multipleOf',
    '$schema',
  ])('rejects the unknown keyword %s and names its path', (keyword) => {
    const problems = openApiSchemaProblems({ type: 'object', properties: { a: { type: 'string', [keyword]: 1 } } }, P);
    expect(problems).toEqual([
      `Invalid JSON payload received. Unknown name "${keyword}" at '${P}.properties[a]': Cannot find field.`,
    ]);
  });

  it('rejects a type array at the node that holds it', () => {
    const problems = openApiSchemaProblems({ type: 'object', properties: { a: { type: ['string', 'null'] } } }, P);
    expect(problems).toEqual([
      `Invalid JSON payload received. Unknown name "type" at '${P}.properties[a]': Proto field is not ` +
        'repeating, cannot start list.',
    ]);
  });

  it('rejects an unknown type name', () => {
    expect(openApiSchemaProblems({ type: 'float' }, 'p')).toEqual([
      `Invalid value at 'p.type' (type.googleapis.com/google.ai.generativelanguage.v1beta.Type), "float"`,
    ]);
  });

  it('requires anyOf to be alone on its node', () => {
    const problems = openApiSchemaProblems({ anyOf: [{ type: 'string' }], description: 'x' }, 'p');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\* GenerateContentRequest\.p\.any_of: must be the only field .*description/);
  });

  it('checks inside anyOf options, items and nested properties', () => {
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: { anyOf: [{ type: 'string', const: 'a' }] } } },
    };
    expect(openApiSchemaProblems(schema, 'p')).toEqual([
      `Invalid JSON payload received. Unknown name "const" at 'p.properties[list].items.any_of[0]': Cannot find field.`,
    ]);
  });

  it('allows required only on objects, and only naming declared properties', () => {
    expect(openApiSchemaProblems({ type: 'string', required: ['a'] }, 'p')).toEqual([
      '* GenerateContentRequest.p.required: only allowed for OBJECT type (type is STRING)',
    ]);
    expect(
      openApiSchemaProblems({ type: 'object', properties: { b: { type: 'string' } }, required: ['a'] }, 'p'),
    ).toEqual(['* GenerateContentRequest.p.required[0]: property is not defined: a']);
  });

  it('requires a type on every node without anyOf', () => {
    expect(openApiSchemaProblems({ type: 'object', properties: { a: {} } }, 'p')).toEqual([
      '* GenerateContentRequest.p.properties[a].type: must be specified when not using one_of, any_of or all_of fields',
    ]);
    // What the SDK writes for a type it does not know.
    expect(openApiSchemaProblems({ type: 'TYPE_UNSPECIFIED' }, 'p')).toEqual([
      '* GenerateContentRequest.p.type: must be specified when not using one_of, any_of or all_of fields',
    ]);
  });

  it('accepts string enums only', () => {
    expect(openApiSchemaProblems({ type: 'integer', enum: [1, 2] }, 'p')).toEqual([
      "Invalid value at 'p.enum[0]' (TYPE_STRING), 1",
      "Invalid value at 'p.enum[1]' (TYPE_STRING), 2",
    ]);
  });

  it.each(['enum', 'date-time'])('accepts the STRING format %s', (format) => {
    expect(
      openApiSchemaProblems({ type: 'STRING', format, ...(format === 'enum' ? { enum: ['a'] } : {}) }, 'p'),
    ).toEqual([]);
  });

  it.each(['uri', 'email', 'uuid', 'date', 'byte'])('rejects the STRING format %s, as the API does', (format) => {
    expect(openApiSchemaProblems({ type: 'object', properties: { a: { type: 'string', format } } }, P)).toEqual([
      `* GenerateContentRequest.${P}.properties[a].format: only 'enum' and 'date-time' are supported for STRING type`,
    ]);
  });

  it('rejects an explicitly empty properties map on an OBJECT, nested or at the top', () => {
    expect(openApiSchemaProblems({ type: 'OBJECT', properties: { a: { type: 'OBJECT', properties: {} } } }, P)).toEqual(
      [`* GenerateContentRequest.${P}.properties[a].properties: should be non-empty for OBJECT type`],
    );
    expect(parametersProblems({ type: 'object', properties: {} }, P)).toEqual([
      `* GenerateContentRequest.${P}.properties: should be non-empty for OBJECT type`,
    ]);
    // No report says an OBJECT without the field is refused (the renderer writes one for an empty nested object).
    expect(openApiSchemaProblems({ type: 'OBJECT', properties: { a: { type: 'OBJECT' } } }, P)).toEqual([]);
  });

  it('rejects properties on a type other than OBJECT', () => {
    expect(
      openApiSchemaProblems(
        { type: 'OBJECT', properties: { a: { type: 'STRING', properties: { b: { type: 'STRING' } } } } },
        P,
      ),
    ).toEqual([`* GenerateContentRequest.${P}.properties[a].properties: only allowed for OBJECT type`]);
  });

  it('rejects a tuple items list and wrongly typed scalars', () => {
    expect(openApiSchemaProblems({ type: 'array', items: [{ type: 'string' }] }, 'p')).toEqual([
      `Invalid JSON payload received. Unknown name "items" at 'p': Proto field is not repeating, cannot start list.`,
    ]);
    expect(openApiSchemaProblems({ type: 'string', maxLength: 1.5, nullable: 'yes' }, 'p')).toEqual([
      "Invalid value at 'p.max_length' (TYPE_INT64), 1.5",
      'Invalid value at \'p.nullable\' (TYPE_BOOL), "yes"',
    ]);
  });
});

describe('parametersProblems', () => {
  it('requires an OBJECT at the top level', () => {
    expect(parametersProblems({ type: 'string' }, P)).toEqual([
      `* GenerateContentRequest.${P}.type: parameters schema should be of type OBJECT, got string`,
    ]);
    expect(parametersProblems({ anyOf: [{ type: 'object' }] }, P)).toEqual([
      `* GenerateContentRequest.${P}.type: parameters schema should be of type OBJECT, got any_of`,
    ]);
    expect(parametersProblems('object', P)[0]).toContain(`Invalid value at '${P}'`);
  });
});

describe('functionDeclarationProblems', () => {
  const D = 'tools[0].function_declarations[0]';

  it('accepts a declaration without parameters, with parameters, or with parametersJsonSchema', () => {
    expect(functionDeclarationProblems({ name: 'ping' }, D)).toEqual([]);
    expect(
      functionDeclarationProblems(
        { name: 'a.b:c-d_9', description: 'x', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } } } },
        D,
      ),
    ).toEqual([]);
    const jsonSchema = { type: 'object', properties: { q: { type: ['string', 'null'] } }, additionalProperties: false };
    expect(functionDeclarationProblems({ name: 'f', parametersJsonSchema: jsonSchema }, D)).toEqual([]);
  });

  it('rejects parameters together with parametersJsonSchema', () => {
    const problems = functionDeclarationProblems(
      { name: 'f', parameters: { type: 'object' }, parametersJsonSchema: { type: 'object' } },
      D,
    );
    expect(problems).toEqual([
      `* GenerateContentRequest.${D}.parameters: parameters and parameters_json_schema are mutually exclusive: ` +
        'set only one of them',
    ]);
  });

  it.each(['9lives', 'has space', 'dollar$', '', 'x'.repeat(129)])('rejects the function name %j', (name) => {
    const problems = functionDeclarationProblems({ name }, D);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^\\* GenerateContentRequest\\.${D.replace(/[[\]]/g, '\\$&')}\\.name: Invalid function name`),
    );
  });

  it('accepts a 128-character function name', () => {
    expect(functionDeclarationProblems({ name: 'x'.repeat(128) }, D)).toEqual([]);
  });

  it.each(['a-b', 'a.b', '1st', 'x'.repeat(65)])('rejects the parameter name %j in both schema fields', (name) => {
    const schema = { type: 'object', properties: { [name]: { type: 'string' } } };
    expect(functionDeclarationProblems({ name: 'f', parameters: schema }, D)).toEqual([
      expect.stringContaining(`${D}.parameters.properties[${name}]: Invalid parameter name`),
    ]);
    expect(functionDeclarationProblems({ name: 'f', parametersJsonSchema: schema }, D)).toEqual([
      expect.stringContaining(`${D}.parameters_json_schema.properties[${name}]: Invalid parameter name`),
    ]);
  });

  it('accepts snake_case field names as the API does', () => {
    expect(functionDeclarationProblems({ name: 'f', parameters_json_schema: { type: 'object' } }, D)).toEqual([]);
    expect(
      functionDeclarationProblems(
        { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } }, property_ordering: ['a'] } },
        D,
      ),
    ).toEqual([]);
  });

  it('rejects unknown declaration fields', () => {
    expect(functionDeclarationProblems({ name: 'f', strict: true }, D)).toEqual([
      `Invalid JSON payload received. Unknown name "strict" at '${D}': Cannot find field.`,
    ]);
  });
});

describe('toolsProblems', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}` }));

  it('allows 512 declarations in one tool and rejects 513', () => {
    expect(toolsProblems([{ functionDeclarations: many(512) }])).toEqual([]);
    expect(toolsProblems([{ functionDeclarations: many(513) }])).toEqual([
      '* GenerateContentRequest.tools[0].function_declarations: at most 512 function declarations are allowed ' +
        'in one tool, got 513',
    ]);
  });

  it('rejects a function declared twice, across tools too', () => {
    expect(
      toolsProblems([{ functionDeclarations: [{ name: 'a' }] }, { functionDeclarations: [{ name: 'a' }] }]),
    ).toEqual([
      '* GenerateContentRequest.tools[1].function_declarations[0].name: Duplicate function declaration "a" ' +
        '(first at tools[0].function_declarations[0])',
    ]);
  });

  it('numbers each declaration in the path', () => {
    const problems = toolsProblems([
      {
        functionDeclarations: [
          { name: 'ok' },
          { name: 'f', parameters: { type: 'object', additionalProperties: false } },
        ],
      },
    ]);
    expect(problems).toEqual([
      'Invalid JSON payload received. Unknown name "additionalProperties" at ' +
        `'tools[0].function_declarations[1].parameters': Cannot find field.`,
    ]);
  });
});
