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
