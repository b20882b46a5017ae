// Which JSON Schema 2020-12 keywords hold subschemas, and in what shape.

/** Keywords whose value is a map of subschemas. */
export const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);
/** Keywords whose value is an array of subschemas. */
export const SCHEMA_ARRAYS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value is one subschema (or a boolean schema). */
export const SCHEMA_SINGLES = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/**
 * Whether any schema node (the root, or one reached through the keywords above) passes `test`. Only keywords are
 * walked: a property name or a value inside `const`, `enum` or `default` is never taken for a schema.
 */
export function someSchemaNode(schema: unknown, test: (node: Record<string, unknown>) => boolean): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as Record<string, unknown>;
  if (test(node)) return true;
  for (const keyword in node) {
    const value = node[keyword];
    if (typeof value !== 'object' || value === null) continue;
    if (SCHEMA_SINGLES.has(keyword) || SCHEMA_ARRAYS.has(keyword)) {
      // Draft 7's tuple form of `items` is an array as well.
      const children = Array.isArray(value) ? value : [value];
      if (children.some((child) => someSchemaNode(child, test))) return true;
    } else if (SCHEMA_MAPS.has(keyword)) {
      for (const name in value) if (someSchemaNode((value as Record<string, unknown>)[name], test)) return true;
    }
  }
  return false;
}
