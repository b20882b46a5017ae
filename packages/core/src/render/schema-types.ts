import type { JsonSchema, JsonSchemaType } from '../json-schema.js';

/** True when a schema admits only `null`. */
export function isNullOnly(schema: JsonSchema): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.length > 0 && schema.type.every((type) => type === 'null')) return true;
  if (Object.hasOwn(schema, 'const') && schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((value) => value === null);
}

/** The type a schema without `type` is about, judged by its keywords. */
export function inferType(node: JsonSchema): JsonSchemaType | undefined {
  const has = (...keys: string[]) => keys.some((key) => (node as Record<string, unknown>)[key] !== undefined);
  if (has('properties', 'additionalProperties', 'required', 'minProperties', 'maxProperties')) return 'object';
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems')) return 'array';
  if (has('minLength', 'maxLength', 'pattern', 'format')) return 'string';
  if (has('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number';
  return undefined;
}

/** The JSON type of a value (`integer` for whole numbers). */
export function valueType(value: unknown): JsonSchemaType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}
