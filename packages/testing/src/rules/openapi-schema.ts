import { field, isJsonObject, unknownKeys } from './fields.js';
import { at, invalidValue, notRepeating, snakeCase, unknownField, violation } from './messages.js';

/** The keywords a Gemini `Schema` (the `parameters` dialect, an OpenAPI 3.0 subset) has. Any other is a 400. */
export const OPENAPI_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'properties',
  'required',
  'propertyOrdering',
  'anyOf',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'pattern',
  'default',
  'example',
]);

/** The values of `Schema.type`. The API reads enum names case-insensitively (`"object"` works as `"OBJECT"`). */
export const OPENAPI_SCHEMA_TYPES: readonly string[] = [
  'STRING',
  'NUMBER',
  'INTEGER',
  'BOOLEAN',
  'ARRAY',
  'OBJECT',
  'NULL',
];

const TYPE_PROTO = 'type.googleapis.com/google.ai.generativelanguage.v1beta.Type';
const SCHEMA_PROTO = 'type.googleapis.com/google.ai.generativelanguage.v1beta.Schema';
const TYPE_REQUIRED = 'must be specified when not using one_of, any_of or all_of fields';
const INT64_KEYWORDS = ['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties'];
const DOUBLE_KEYWORDS = ['minimum', 'maximum'];
const STRING_KEYWORDS = ['format', 'title', 'description', 'pattern'];
/**
 * The only formats the API takes on a STRING. It documents NUMBER float/double and INTEGER int32/int64 too, but only
 * the STRING rule is reported as a 400 in public threads (e.g. `format: only 'enum' and 'date-time' are supported for
 * STRING type` for `uri` and `email`, 2025), so only that one is enforced.
 */
const STRING_FORMATS: ReadonlySet<string> = new Set(['enum', 'date-time']);

/**
 * Problems the Gemini API reports for a `parameters`-dialect schema node and everything below it, each message
 * naming its field path (`path` is the node's own path, e.g. `tools[0].function_declarations[0].parameters`).
 * An empty list means the API accepts the schema. It does not check the top-level rule (see `parametersProblems`).
 */
export function openApiSchemaProblems(schema: unknown, path: string): string[] {
  const problems: string[] = [];
  checkNode(schema, path, problems);
  return problems;
}

/**
 * Problems of a function declaration's `parameters`: the schema rules plus the top-level rule (an OBJECT).
 */
export function parametersProblems(schema: unknown, path: string): string[] {
  const problems = openApiSchemaProblems(schema, path);
  if (isJsonObject(schema)) {
    const type = schema.type;
    const notObject =
      (typeof type === 'string' &&
        OPENAPI_SCHEMA_TYPES.includes(type.toUpperCase()) &&
        type.toUpperCase() !== 'OBJECT') ||
      (type === undefined && field(schema, 'anyOf') !== undefined);
    if (notObject) {
      problems.push(violation(at(path, 'type'), `parameters schema should be of type OBJECT, got ${type ?? 'any_of'}`));
    }
  }
  return problems;
}

function checkNode(node: unknown, path: string, problems: string[]): void {
  if (!isJsonObject(node)) {
    problems.push(invalidValue(path, SCHEMA_PROTO, node));
    return;
  }
  for (const key of unknownKeys(node, OPENAPI_SCHEMA_KEYWORDS)) problems.push(unknownField(key, path));

  const type = checkType(node, path, problems);
  const anyOf = field(node, 'anyOf');
  if (anyOf !== undefined) {
    const others = Object.keys(node).filter((key) => key !== 'anyOf' && key !== 'any_of');
    if (others.length > 0) {
      problems.push(
        violation(at(path, 'any_of'), `must be the only field of its schema when set (also set: ${others.join(', ')})`),
      );
    }
    if (!Array.isArray(anyOf)) problems.push(invalidValue(at(path, 'any_of'), SCHEMA_PROTO, anyOf));
    else {
      anyOf.forEach((option, i) => {
        checkNode(option, at(at(path, 'any_of'), i), problems);
      });
    }
  } else if (node.type === undefined) {
    problems.push(violation(at(path, 'type'), TYPE_REQUIRED));
  }

  const items = field(node, 'items');
  if (Array.isArray(items)) problems.push(notRepeating('items', path));
  else if (items !== undefined) checkNode(items, at(path, 'items'), problems);

  const properties = field(node, 'properties');
  if (properties !== undefined) {
    if (!isJsonObject(properties))
      problems.push(invalidValue(at(path, 'properties'), 'map<string, Schema>', properties));
    else {
      // Both reported as 400s in public threads (MCP and pydantic schemas, 2024-2026). An OBJECT without the
      // `properties` field is not refused here: no report says the API refuses it.
      if (type !== undefined && type !== 'OBJECT') {
        problems.push(violation(at(path, 'properties'), 'only allowed for OBJECT type'));
      } else if (type === 'OBJECT' && Object.keys(properties).length === 0) {
        problems.push(violation(at(path, 'properties'), 'should be non-empty for OBJECT type'));
      }
      for (const [name, child] of Object.entries(properties)) checkNode(child, `${path}.properties[${name}]`, problems);
    }
  }

  const format = node.format;
  if (type === 'STRING' && typeof format === 'string' && !STRING_FORMATS.has(format)) {
    problems.push(violation(at(path, 'format'), "only 'enum' and 'date-time' are supported for STRING type"));
  }

  checkRequired(node, path, type, problems);
  checkPropertyOrdering(node, path, problems);
  checkEnum(node, path, problems);
  checkScalars(node, path, problems);
}

// Returns the upper-cased type when it is a valid one.
function checkType(node: Record<string, unknown>, path: string, problems: string[]): string | undefined {
  const type = node.type;
  if (type === undefined) return undefined;
  if (Array.isArray(type)) {
    problems.push(notRepeating('type', path));
    return undefined;
  }
  // The proto enum has TYPE_UNSPECIFIED (the SDK writes it for types it does not know), but it is not a type.
  if (typeof type === 'string' && type.toUpperCase() === 'TYPE_UNSPECIFIED' && node.anyOf === undefined) {
    problems.push(violation(at(path, 'type'), TYPE_REQUIRED));
    return undefined;
  }
  if (typeof type !== 'string' || !OPENAPI_SCHEMA_TYPES.includes(type.toUpperCase())) {
    problems.push(invalidValue(at(path, 'type'), TYPE_PROTO, type));
    return undefined;
  }
  return type.toUpperCase();
}

function checkRequired(
  node: Record<string, unknown>,
  path: string,
  type: string | undefined,
  problems: string[],
): void {
  const required = field(node, 'required');
  if (required === undefined) return;
  const requiredPath = at(path, 'required');
  if (Array.isArray(required) && type !== 'OBJECT') {
    problems.push(violation(requiredPath, `only allowed for OBJECT type${type ? ` (type is ${type})` : ''}`));
    return;
  }
  checkPropertyNames(node, required, requiredPath, problems);
}

function checkPropertyOrdering(node: Record<string, unknown>, path: string, problems: string[]): void {
  const ordering = field(node, 'propertyOrdering');
  if (ordering !== undefined) checkPropertyNames(node, ordering, at(path, 'property_ordering'), problems);
}

/** `required` and `propertyOrdering`: a list of strings, each the name of one of the node's `properties`. */
function checkPropertyNames(node: Record<string, unknown>, list: unknown, listPath: string, problems: string[]): void {
  if (!Array.isArray(list)) {
    problems.push(invalidValue(listPath, 'TYPE_STRING', list));
    return;
  }
  const properties = field(node, 'properties');
  const names = isJsonObject(properties) ? properties : {};
  list.forEach((name, i) => {
    if (typeof name !== 'string') problems.push(invalidValue(at(listPath, i), 'TYPE_STRING', name));
    else if (!(name in names)) problems.push(violation(at(listPath, i), `property is not defined: ${name}`));
  });
}

function checkEnum(node: Record<string, unknown>, path: string, problems: string[]): void {
  const values = node.enum;
  if (values === undefined) return;
  const enumPath = at(path, 'enum');
  if (!Array.isArray(values)) {
    problems.push(invalidValue(enumPath, 'TYPE_STRING', values));
    return;
  }
  // The proto field is `repeated string`: numbers, booleans and null are rejected.
  values.forEach((value, i) => {
    if (typeof value !== 'string') problems.push(invalidValue(at(enumPath, i), 'TYPE_STRING', value));
  });
}

function checkScalars(node: Record<string, unknown>, path: string, problems: string[]): void {
  for (const name of INT64_KEYWORDS) {
    const value = field(node, name);
    const isInt =
      (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value));
    if (value !== undefined && !isInt) problems.push(invalidValue(at(path, snakeCase(name)), 'TYPE_INT64', value));
  }
  for (const name of DOUBLE_KEYWORDS) {
    const value = node[name];
    if (value !== undefined && typeof value !== 'number')
      problems.push(invalidValue(at(path, name), 'TYPE_DOUBLE', value));
  }
  for (const name of STRING_KEYWORDS) {
    const value = node[name];
    if (value !== undefined && typeof value !== 'string')
      problems.push(invalidValue(at(path, name), 'TYPE_STRING', value));
  }
  const nullable = node.nullable;
  if (nullable !== undefined && typeof nullable !== 'boolean') {
    problems.push(invalidValue(at(path, 'nullable'), 'TYPE_BOOL', nullable));
  }
}
