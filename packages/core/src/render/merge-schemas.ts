import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { resolveLocalRef, valueType } from './schema-walk.js';
import type { RenderWarningCode } from './types.js';
import { setOwn } from '../own-property.js';

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

/**
 * One schema that asks for what both `a` and `b` ask for (the `allOf` of two schemas), for targets without `allOf`.
 * Where the two cannot be combined in one node (two unions), `a`'s wins and the keyword lands in `conflicts`.
 * `$ref`s must be resolved by the caller; properties present in both become an `allOf` of the two, merged later.
 */
function mergeSchemas(a: JsonSchema, b: JsonSchema, conflicts: string[] = []): JsonSchema {
  const merged: Record<string, unknown> = { ...b, ...a };
  if (a.properties && b.properties) {
    const properties: Record<string, JsonSchema> = { ...a.properties };
    for (const [name, schema] of Object.entries(b.properties)) {
      const mine = Object.hasOwn(properties, name) ? properties[name] : undefined;
      setOwn(properties, name, mine ? { allOf: [mine, schema] } : schema);
    }
    merged.properties = properties;
  }
  if (a.required || b.required) merged.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.type !== undefined && b.type !== undefined) {
    const type = intersectTypes(a.type, b.type);
    if (type === undefined) conflicts.push('type');
    merged.type = type ?? a.type;
  }
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
  const types = merged.type === undefined ? undefined : Array.isArray(merged.type) ? merged.type : [merged.type];
  if (types && Array.isArray(merged.enum)) {
    // Values of another type than the merged one can never validate.
    const fitting = (merged.enum as unknown[]).filter((value) => fitsTypes(value, types as JsonSchemaType[]));
    if (fitting.length < (merged.enum as unknown[]).length) conflicts.push('enum');
    merged.enum = fitting;
    if (fitting.length === 0) delete merged.enum;
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

/** True when a value has one of the types (an integer fits `number`). */
export function fitsTypes(value: unknown, types: JsonSchemaType[]): boolean {
  const type = valueType(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function intersectTypes(
  a: JsonSchemaType | JsonSchemaType[],
  b: JsonSchemaType | JsonSchemaType[],
): JsonSchemaType | JsonSchemaType[] | undefined {
  const left = Array.isArray(a) ? a : [a];
  const right = Array.isArray(b) ? b : [b];
  const both = left.flatMap((type): JsonSchemaType[] => {
    if (right.includes(type)) return [type];
    if (type === 'integer' && right.includes('number')) return ['integer'];
    if (type === 'number' && right.includes('integer')) return ['integer'];
    return [];
  });
  const unique = [...new Set(both)];
  if (unique.length === 0) return undefined; // contradictory: nothing validates
  return unique.length === 1 ? (unique[0] as JsonSchemaType) : unique;
}

/**
 * A node's `allOf` merged into it, for targets without `allOf`. `$ref` branches are resolved against `root` (and
 * listed in `resolved`, so that callers can count recursion); an `allOf` that a resolved branch brings is merged
 * too, up to a limit that stops reference cycles.
 */
export function mergeAllOf(
  node: JsonSchema,
  root: JsonSchema,
  conflicts: string[],
  resolved: string[] = [],
): JsonSchema {
  let current = node;
  for (let round = 0; current.allOf && current.allOf.length > 0 && round < 16; round++) {
    const { allOf, ...base } = current;
    let merged: JsonSchema = base;
    for (const branch of allOf) merged = mergeSchemas(merged, resolveRefChain(branch, root, resolved), conflicts);
    current = merged;
  }
  if (current.allOf) {
    const { allOf: _cycle, ...rest } = current;
    conflicts.push('allOf');
    current = rest;
  }
  return current;
}

/** A schema with its `$ref` (and the target's own `$ref`s) replaced by the target; siblings win over the target. */
function resolveRefChain(schema: JsonSchema, root: JsonSchema, resolved: string[] = []): JsonSchema {
  let node = schema;
  const seen = new Set<string>();
  while (node.$ref !== undefined) {
    const { $ref: ref, ...siblings } = node;
    if (seen.has(ref)) return siblings; // a cycle of bare references describes nothing
    seen.add(ref);
    resolved.push(ref);
    const target = resolveLocalRef(root, ref);
    if (!target) {
      throw new TypeError(
        `Cannot render the schema: $ref "${ref}" does not point into it ` +
          '(only local references such as "#/$defs/Name" are supported)',
      );
    }
    const { $defs: _defs, $schema: _schema, ...body } = target;
    node = { ...body, ...siblings };
  }
  return node;
}

/**
 * `mergeAllOf` for a renderer: the merge is reported as `all-of-merged` (with the target's `note`), and each
 * keyword the branches disagree on as `keyword-dropped`.
 */
export function mergeAllOfWarned(
  node: JsonSchema,
  root: JsonSchema,
  resolved: string[],
  warn: (code: RenderWarningCode, message: string) => void,
  note = '',
): JsonSchema {
  const conflicts: string[] = [];
  const merged = mergeAllOf(node, root, conflicts, resolved);
  warn('all-of-merged', `allOf became one schema${note}`);
  for (const keyword of new Set(conflicts)) {
    warn('keyword-dropped', `allOf branches disagree on "${keyword}"; what cannot hold together was left out`);
  }
  return merged;
}
