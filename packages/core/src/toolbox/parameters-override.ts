import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import type { StandardJsonSchemaLike, ToolOptions } from '../tool-options.js';
import { geminiSchemaToJsonSchema, isGeminiSchema } from './openapi-schema.js';

/** What a Standard Schema's `~standard.validate` returns. */
export interface StandardResult {
  value?: unknown;
  issues?: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }>;
}
export type StandardValidate = (value: unknown) => StandardResult | Promise<StandardResult>;

export interface ParametersOverride {
  /** The declaration's schema, as JSON Schema. */
  schema: ObjectJsonSchema;
  /** Set for a Standard Schema: it validates (and may transform) the arguments instead of ajv. */
  standard?: StandardValidate;
}

/**
 * Reads a `parameters` option: JSON Schema, a Gemini OpenAPI schema, or a Standard Schema that describes itself
 * as JSON Schema (zod 4). Throws for the programmer when it is none of these or not an object schema.
 */
export function readParametersOverride(
  parameters: NonNullable<ToolOptions['parameters']>,
  where: string,
): ParametersOverride {
  if (typeof parameters !== 'object' || parameters === null) {
    throw new TypeError(`${where}: the parameters option must be a JSON Schema object or a Standard Schema`);
  }
  if ('~standard' in parameters) {
    const standard = (parameters as StandardJsonSchemaLike)['~standard'];
    if (!standard.jsonSchema || typeof standard.jsonSchema.input !== 'function') {
      throw new TypeError(
        `${where}: the parameters option is a ${standard.vendor} Standard Schema that cannot describe itself as ` +
          'JSON Schema ' +
          '(it has no ~standard.jsonSchema); use zod 4 or a JSON Schema',
      );
    }
    let described: Record<string, unknown>;
    try {
      described = standard.jsonSchema.input({ target: 'draft-2020-12' });
    } catch (error) {
      throw new TypeError(
        `${where}: the ${standard.vendor} schema cannot be described as JSON Schema: ${(error as Error).message}`,
      );
    }
    const { $schema: _ignored, ...schema } = described;
    return { schema: asObjectSchema(schema as JsonSchema, where), standard: standard.validate as StandardValidate };
  }
  const record = parameters as Record<string, unknown>;
  const schema = isGeminiSchema(record) ? geminiSchemaToJsonSchema(record) : (structuredClone(record) as JsonSchema);
  return { schema: asObjectSchema(schema, where) };
}

function asObjectSchema(schema: JsonSchema, where: string): ObjectJsonSchema {
  if (schema.type !== 'object') {
    throw new TypeError(
      `${where}: the parameters schema must describe an object (type "object"), got ${JSON.stringify(schema.type)}`,
    );
  }
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}
