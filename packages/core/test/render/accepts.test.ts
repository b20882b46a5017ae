// A rendering may say less than the manifest's schema (the Toolbox validates against the original), but it must
// never refuse an argument the original accepts: the model could not send it. Sample arguments per fixture, checked
// valid against the original schema first, must also be valid against the Gemini `parameters` rendering (read back
// as JSON Schema) and the `parametersJsonSchema` rendering.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { toGeminiDeclaration, type GeminiSchema, type JsonSchema, type JsonSchemaType } from '../../src/index.js';
import { renderOpenAITool } from '../../src/render/openai.js';
import { fixtureDir, fixtures } from './targets.js';

function validator(schema: JsonSchema) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

/** Gemini's OpenAPI subset read back as the JSON Schema it means. */
function openApiAsJsonSchema(schema: GeminiSchema): JsonSchema {
  if (schema.anyOf) return { anyOf: schema.anyOf.map(openApiAsJsonSchema) };
  const out: JsonSchema = {};
  if (schema.type) {
    const type = schema.type.toLowerCase() as JsonSchemaType;
    out.type = schema.nullable ? [type, 'null'] : type;
  }
  if (schema.enum) out.enum = schema.nullable ? [...schema.enum, null] : [...schema.enum];
  if (schema.format) out.format = schema.format;
  if (schema.pattern) out.pattern = schema.pattern;
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const) {
    if (schema[key] !== undefined) out[key] = Number(schema[key]);
  }
  if (schema.items) out.items = openApiAsJsonSchema(schema.items);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, value]) => [name, openApiAsJsonSchema(value)]),
    );
  }
  if (schema.required) out.required = [...schema.required];
  return out;
}

describe.each(fixtures.map((fixture) => [fixture.name, fixture.tool] as const))('%s', (name, tool) => {
  const samples = JSON.parse(readFileSync(join(fixtureDir, 'arguments', `${name}.json`), 'utf8')) as unknown[];

  it('has sample arguments the original schema accepts', () => {
    const original = validator(tool.parameters);
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(original(sample), JSON.stringify(original.errors)).toBe(true);
  });

  it('Gemini parameters accept every sample', () => {
    const { parameters } = toGeminiDeclaration(tool);
    const rendered = validator(parameters ? openApiAsJsonSchema(parameters) : { type: 'object' });
    for (const sample of samples) expect(rendered(sample), JSON.stringify(rendered.errors)).toBe(true);
  });

  it.each([false, true])('Gemini parametersJsonSchema (refs inlined: %s) accepts every sample', (inlineRefs) => {
    const { parametersJsonSchema } = toGeminiDeclaration(tool, { dialect: 'json-schema', inlineRefs });
    const rendered = validator(parametersJsonSchema ?? { type: 'object' });
    for (const sample of samples) expect(rendered(sample), JSON.stringify(rendered.errors)).toBe(true);
  });
});

/**
 * OpenAI strict mode makes every property required, with `null` for absent: a sample is sent as the model would
 * send it, each absent property filled with null (in the union branch that then fits).
 */
function sendAsStrictModel(value: unknown, schema: JsonSchema, root: JsonSchema): unknown {
  if (schema.$ref !== undefined) {
    const name = schema.$ref.replace('#/$defs/', '');
    return sendAsStrictModel(value, root.$defs![name]!, root);
  }
  if (schema.anyOf) {
    for (const branch of schema.anyOf) {
      const candidate = sendAsStrictModel(value, branch, root);
      if (validator({ ...branch, $defs: root.$defs } as JsonSchema)(candidate)) return candidate;
    }
    return value;
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    const items = schema.items;
    return value.map((item) => sendAsStrictModel(item, items, root));
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && schema.properties) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [
        name,
        name in record ? sendAsStrictModel(record[name], property, root) : null,
      ]),
    );
  }
  return value;
}

describe('OpenAI strict mode', () => {
  // Strict mode closes every object, so a record (additionalProperties) cannot be sent at all; those fixtures
  // carry an `additional-properties` warning instead, which this test checks.
  it.each(fixtures.map((fixture) => [fixture.name, fixture.tool] as const))(
    '%s accepts every sample, or warns',
    (name, tool) => {
      const samples = JSON.parse(readFileSync(join(fixtureDir, 'arguments', `${name}.json`), 'utf8')) as unknown[];
      const { output: rendered, warnings } = renderOpenAITool(tool, { strict: true });
      if (warnings.some((warning) => warning.code === 'additional-properties')) return;
      const schema = rendered.function.parameters;
      const strict = validator(schema);
      for (const sample of samples) {
        const sent = sendAsStrictModel(sample, schema, schema);
        expect(strict(sent), `${JSON.stringify(sent)}: ${JSON.stringify(strict.errors)}`).toBe(true);
      }
    },
  );
});
