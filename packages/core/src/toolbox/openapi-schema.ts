import type { JsonSchema } from '../json-schema.js';

/**
 * Gemini's `parameters` dialect (the OpenAPI 3.0 subset: upper-case types, `nullable`, `example`,
 * `propertyOrdering`) as JSON Schema. Recognised by its upper-case `type` or a `nullable` anywhere in the tree.
 */
export function isGeminiSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if (Array.isArray(schema)) return schema.some(isGeminiSchema);
  const node = schema as Record<string, unknown>;
  if (typeof node.type === 'string' && node.type !== node.type.toLowerCase()) return true;
  if ('nullable' in node || 'propertyOrdering' in node) return true;
  for (const key of ['items', 'anyOf', 'properties'] as const) {
    const child = node[key];
    if (child === undefined) continue;
    if (key === 'properties') {
      if (typeof child === 'object' && child !== null && Object.values(child).some(isGeminiSchema)) return true;
    } else if (isGeminiSchema(child)) return true;
  }
  return false;
}

const COPIED = new Set([
  'format',
  'title',
  'description',
  'enum',
  'required',
  'minimum',
  'maximum',
  'pattern',
  'default',
]);
/** Gemini's counts are int64, written as strings (as in @google/genai's `Schema`); JSON Schema wants numbers. */
const COUNTS = new Set(['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties']);

export function geminiSchemaToJsonSchema(schema: Record<string, unknown>): JsonSchema {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (key === 'type') {
      const type = String(value).toLowerCase();
      if (type !== 'type_unspecified') out.type = type;
    } else if (key === 'items') out.items = geminiSchemaToJsonSchema(value as Record<string, unknown>);
    else if (key === 'anyOf') out.anyOf = (value as Record<string, unknown>[]).map(geminiSchemaToJsonSchema);
    else if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Record<string, unknown>>).map(([name, child]) => [
          name,
          geminiSchemaToJsonSchema(child),
        ]),
      );
    } else if (key === 'example') out.examples = [value];
    else if (COUNTS.has(key)) out[key] = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    else if (COPIED.has(key)) out[key] = value;
    // `nullable` is applied below; `propertyOrdering` only orders output and has no JSON Schema meaning.
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as JsonSchema[]), { type: 'null' }];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out as JsonSchema;
}
