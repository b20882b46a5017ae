import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { setOwn } from '../own-property.js';

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

/** Inlined references per schema before every further one is cut short, so that unrolling cannot explode. */
export const MAX_REF_EXPANSIONS = 500;

/** Keywords that describe a value without constraining it. */
export const ANNOTATION_KEYWORDS = ['title', 'description', 'default', 'examples', 'deprecated'] as const;

/** The annotation keywords of a schema, alone. */
export function pickAnnotations(node: JsonSchema): JsonSchema {
  const annotations: Record<string, unknown> = {};
  for (const key of ANNOTATION_KEYWORDS) if (node[key] !== undefined) annotations[key] = node[key];
  return annotations as JsonSchema;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of JSON data, so that no rendered object shares anything with its input. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (isRecord(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) setOwn(copy, key, cloneJson(item));
    return copy as T;
  }
  return value;
}

/** Appends one segment to a JSON Pointer. */
export function childPath(path: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>(
    (joined, segment) => `${joined}/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`,
    path,
  );
}

/** The schema a local `$ref` (`#`, `#/$defs/Name`, any JSON Pointer into the root) points at, if any. */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return isRecord(node) ? (node as JsonSchema) : undefined;
}

/** The last segment of a `$ref`, as a readable name (`#/$defs/TreeNode` -> `TreeNode`). */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return last === '#' || last === '' ? 'the whole schema' : decodeURIComponent(last);
}

/** How {@link copySchema} copies. */
export interface CopyOptions {
  /** Sees every schema node before its copy is made and may return the copy itself (inlining a `$ref`, say). */
  enter?: (node: JsonSchema, path: string) => JsonSchema | undefined;
  /** Keywords left out of every node (besides the manifest's private `x-` keys). */
  omit?: ReadonlySet<string>;
}

/**
 * The structural walk every renderer shares: a schema-aware deep copy that knows which keywords hold subschemas.
 * Keys starting with `x-` (private extensions of the manifest) are left out. Property names are data, not keywords,
 * so a property called `x-id` stays.
 */
export function copySchema(schema: JsonSchema, options: CopyOptions = {}, path = ''): JsonSchema {
  const entered = options.enter?.(schema, path);
  if (entered !== undefined) return entered;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || value === undefined || options.omit?.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      const map: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) {
        const at = childPath(path, key, name);
        setOwn(map, name, isRecord(sub) ? copySchema(sub as JsonSchema, options, at) : cloneJson(sub));
      }
      copy[key] = map;
    } else if (SCHEMA_ARRAYS.has(key) && Array.isArray(value)) {
      copy[key] = value.map((sub: unknown, index) =>
        isRecord(sub) ? copySchema(sub as JsonSchema, options, childPath(path, key, index)) : cloneJson(sub),
      );
    } else if (SCHEMA_SINGLES.has(key) && isRecord(value)) {
      copy[key] = copySchema(value as JsonSchema, options, childPath(path, key));
    } else {
      copy[key] = cloneJson(value);
    }
  }
  return copy as JsonSchema;
}

/** True when a schema admits only `null`. */
export function isNullOnly(schema: JsonSchema): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.length > 0 && schema.type.every((type) => type === 'null')) return true;
  if (Object.hasOwn(schema, 'const') && schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((value) => value === null);
}

/** A short type summary for description notes: `string`, `"red"`, `number | null`, `TreeNode`, `string[]`. */
export function summarizeType(schema: JsonSchema | boolean | undefined, depth = 0): string {
  if (schema === undefined || schema === true) return 'any value';
  if (schema === false) return 'nothing';
  if (depth > 3) return '...';
  if (schema.$ref) return refName(schema.$ref);
  if (Object.hasOwn(schema, 'const')) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((branch) => summarizeType(branch, depth + 1)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? 'object' : 'any value';
  return types
    .map((type) => {
      if (type === 'array' && schema.prefixItems) {
        return `[${schema.prefixItems.map((item) => summarizeType(item, depth + 1)).join(', ')}]`;
      }
      if (type === 'array' && schema.items !== undefined) {
        const item = summarizeType(schema.items, depth + 1);
        return item.includes(' ') ? `(${item})[]` : `${item}[]`;
      }
      return type;
    })
    .join(' | ');
}

/** Adds sentences to a description, keeping the author's text first. */
export function withNotes(description: string | undefined, notes: string[]): string | undefined {
  if (notes.length === 0) return description;
  const text = description?.trim();
  if (!text) return notes.join(' ');
  return `${/[.!?:]$/.test(text) ? text : `${text}.`} ${notes.join(' ')}`;
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

/** The description a deprecated schema gets: the word first, so that the model reads it before anything else. */
export function deprecatedFirst(description: string | undefined, deprecated: boolean | undefined): string | undefined {
  if (deprecated !== true) return description;
  return withNotes('Deprecated.', description?.trim() ? [description.trim()] : []);
}

const FORMAT_NOTES: Record<string, string> = {
  date: 'Format: date (YYYY-MM-DD).',
  time: 'Format: time (HH:MM:SS).',
  'date-time': 'Format: date-time (ISO 8601, e.g. 2026-01-31T09:30:00Z).',
  email: 'Format: e-mail address.',
  uri: 'Format: absolute URI.',
  url: 'Format: absolute URL.',
  uuid: 'Format: UUID.',
};

/** The description note for a string format the target cannot carry. */
export function formatNote(format: string): string {
  return FORMAT_NOTES[format] ?? `Format: ${format}.`;
}
