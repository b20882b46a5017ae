import type { JsonSchema, JsonSchemaType } from '../json-schema.js';

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

/**
 * One schema that asks for what both `a` and `b` ask for (the `allOf` of two schemas), for targets without `allOf`.
 * Where the two cannot be combined in one node (two unions), `a`'s wins and the keyword lands in `conflicts`.
 * `$ref`s must be resolved by the caller; properties present in both become an `allOf` of the two, merged later.
 */
export function mergeSchemas(a: JsonSchema, b: JsonSchema, conflicts: string[] = []): JsonSchema {
  const merged: Record<string, unknown> = { ...b, ...a };
  if (a.properties && b.properties) {
    const properties: Record<string, JsonSchema> = { ...a.properties };
    for (const [name, schema] of Object.entries(b.properties)) {
      const mine = properties[name];
      properties[name] = mine ? { allOf: [mine, schema] } : schema;
    }
    merged.properties = properties;
  }
  if (a.required || b.required) merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.type !== undefined && b.type !== undefined) merged.type = intersectTypes(a.type, b.type);
  for (const key of LOWER_BOUNDS) {
    if (a[key] !== undefined && b[key] !== undefined) merged[key] = Math.max(a[key], b[key]);
  }
  for (const key of UPPER_BOUNDS) {
    if (a[key] !== undefined && b[key] !== undefined) merged[key] = Math.min(a[key], b[key]);
  }
  if (a.enum && b.enum) {
    const other = b.enum.map((value) => JSON.stringify(value));
    merged.enum = a.enum.filter((value) => other.includes(JSON.stringify(value)));
  }
  if (a.additionalProperties === false || b.additionalProperties === false) merged.additionalProperties = false;
  for (const key of ['anyOf', 'oneOf', 'items', 'additionalProperties', 'pattern', 'const', 'format'] as const) {
    if (a[key] !== undefined && b[key] !== undefined && JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      if (key === 'items' && typeof a.items === 'object' && typeof b.items === 'object') {
        merged.items = { allOf: [a.items, b.items] };
      } else if (key === 'additionalProperties' && typeof a[key] === 'object' && typeof b[key] === 'object') {
        merged.additionalProperties = { allOf: [a[key], b[key]] };
      } else if (key !== 'additionalProperties') {
        conflicts.push(key);
      }
    }
  }
  return merged as JsonSchema;
}

function intersectTypes(
  a: JsonSchemaType | JsonSchemaType[],
  b: JsonSchemaType | JsonSchemaType[],
): JsonSchemaType | JsonSchemaType[] {
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  const both = left.flatMap((type): JsonSchemaType[] => {
    if (right.includes(type)) return [type];
    if (type === 'integer' && right.includes('number')) return ['integer'];
    if (type === 'number' && right.includes('integer')) return ['integer'];
    return [];
  });
  const unique = [...new Set(both)];
  if (unique.length === 0) return a; // contradictory: nothing validates; keep the outer type
  return unique.length === 1 ? (unique[0] as JsonSchemaType) : unique;
}
