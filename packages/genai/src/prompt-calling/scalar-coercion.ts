/**
 * Open models often write a number or a boolean as a string (`"5"`, `"true"`). Where the tool's schema wants an
 * integer, a number or a boolean, and does not also take a string, such a value is converted; the caller records
 * the repair. Nothing else is touched: a value that does not read exactly as the scalar stays as written, and the
 * Toolbox's validation answers it.
 */

type Schema = Record<string, unknown>;

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/;
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
/** Nesting followed into objects and arrays; deeper values stay as written. */
const MAX_DEPTH = 16;

/** The types a schema node takes, lower case (`parameters` schemas write them upper case). */
function typesOf(schema: Schema): Set<string> {
  const types = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string') types.add(value.toLowerCase());
    else if (Array.isArray(value)) for (const item of value) add(item);
  };
  add(schema.type);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants))
      for (const variant of variants) if (variant && typeof variant === 'object') add((variant as Schema).type);
  }
  if (schema.nullable === true) types.add('null');
  return types;
}

function scalar(value: string, types: Set<string>): unknown {
  if (types.has('string') || types.size === 0) return value;
  const trimmed = value.trim();
  if (types.has('integer') && INTEGER.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isSafeInteger(number)) return number;
  }
  if (types.has('number') && NUMBER.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isFinite(number)) return number;
  }
  if (types.has('boolean')) {
    const word = trimmed.toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
  }
  return value;
}

function convert(value: unknown, schema: Schema | undefined, depth: number, changed: { any: boolean }): unknown {
  if (!schema || depth > MAX_DEPTH) return value;
  if (typeof value === 'string') {
    const converted = scalar(value, typesOf(schema));
    if (converted !== value) changed.any = true;
    return converted;
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!items || typeof items !== 'object' || Array.isArray(items)) return value;
    return value.map((item) => convert(item, items as Schema, depth + 1, changed));
  }
  if (value && typeof value === 'object')
    return convertObject(value as Record<string, unknown>, schema, depth, changed);
  return value;
}

function convertObject(
  args: Record<string, unknown>,
  schema: Schema,
  depth: number,
  changed: { any: boolean },
): Record<string, unknown> {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object') return args;
  for (const key of Object.keys(args)) {
    if (!Object.hasOwn(properties, key)) continue;
    const next = convert(args[key], (properties as Record<string, Schema>)[key], depth + 1, changed);
    if (next !== args[key])
      Object.defineProperty(args, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return args;
}

/** Converts scalars written as strings where the schema wants them typed, in place; true if anything changed. */
export function convertScalars(args: Record<string, unknown>, schema: Schema | undefined): boolean {
  if (!schema) return false;
  const changed = { any: false };
  convertObject(args, schema, 0, changed);
  return changed.any;
}
