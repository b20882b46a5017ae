import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { setOwn } from '../own-property.js';
import { Lowering, type LoweringPolicy } from './lowering.js';
import { fitsTypes } from './merge-schemas.js';
import { rootObject } from './root-object.js';
import { limitWarnings } from './strict-limits.js';
import { ANNOTATION_KEYWORDS, isAnnotation, pickAnnotations } from './annotations.js';
import { deprecatedFirst, withNotes } from './description-notes.js';
import { childPath, refName } from './json-pointer.js';
import { cloneJson } from './json-value.js';
import { inferType, isNullOnly, valueType } from './schema-types.js';
import { outputOf, type RenderOptions, type RenderResult, type RenderWarning } from './types.js';

/** String formats strict mode supports. */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** Keywords strict mode takes as they are. */
const STRICT_KEYWORDS = [
  'type',
  'title',
  'description',
  'enum',
  'const',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$defs',
  '$ref',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
];

/** Keywords that say nothing to the model and are left out silently. */
const SILENT_KEYWORDS = new Set(['$schema', '$id', '$comment', '$anchor', 'definitions', 'readOnly', 'writeOnly']);

/** Keywords strict mode lacks that become description notes (or, for tuples, a looser array). */
const NOTED_KEYWORDS = ['minLength', 'maxLength', 'uniqueItems', 'minProperties', 'maxProperties', 'prefixItems'];

/**
 * A JSON Schema that OpenAI's strict mode accepts: every object closed (`additionalProperties: false`) with every
 * property required (optional ones made nullable: `null` stands for absent), a plain object at the top, and only
 * the keywords strict mode supports. What cannot be said becomes a description note and a warning.
 */
export function renderOpenAIStrictSchema(schema: JsonSchema, _options: RenderOptions = {}): RenderResult<JsonSchema> {
  const rootWarnings: RenderWarning[] = [];
  const { $defs, ...body } = rootObject(schema, rootWarnings, strictPolicy.allOfNote);
  // Strict mode keeps references, so `allOf` may expand a reference once per path: a second time stays a `$ref`.
  const walk = new Lowering(schema, strictPolicy, 1);
  const output = walk.render(body, '', []);
  if ($defs) {
    const defs: Record<string, JsonSchema> = {};
    for (const [name, def] of Object.entries($defs)) {
      setOwn(defs, name, walk.render(def, childPath('', '$defs', name), []));
    }
    output.$defs = defs;
  }
  return { output, warnings: [...rootWarnings, ...walk.warnings, ...limitWarnings(output)] };
}

/** {@link renderOpenAIStrictSchema} without the list: the warnings go to `onWarning`. */
export const toOpenAIStrictSchema = /* @__PURE__ */ outputOf(renderOpenAIStrictSchema);

type Walk = Lowering<JsonSchema>;

/** OpenAI's strict mode (structured outputs) as a lowering policy. */
const strictPolicy: LoweringPolicy<JsonSchema> = {
  name: 'strict mode',
  // A pure call: a bundler counts a spread as a side effect, which would keep this renderer in every bundle of core.
  keywords: /* @__PURE__ */ (() =>
    new Set([...STRICT_KEYWORDS, ...SILENT_KEYWORDS, ...ANNOTATION_KEYWORDS, ...NOTED_KEYWORDS]))(),
  unsupportedIn: ' in strict mode',
  allOfNote: ' (strict mode has no allOf)',
  typeArrays: true,
  ref: keptRef,
  recursion: (walk, ref, node, path, refs) => {
    walk.warn('keyword-dropped', path, `allOf around the recursive ${refName(ref)}: only the reference was kept`);
    return keptRef(walk, { ...pickAnnotations(node), $ref: ref }, path, refs);
  },
  union: (walk, branches, annotations, path, refs) => {
    const anyOf = branches.map((branch, index) => walk.render(branch, childPath(path, 'anyOf', index), refs));
    return annotate({ anyOf }, annotations);
  },
  single: renderSingle,
  noItems: () => ({ type: 'string' }),
  positions: (node) => [node],
};

/** Strict mode wants `$ref` alone: what stands next to one moves to a wrapping single-branch `anyOf`. */
function keptRef(walk: Walk, node: JsonSchema & { $ref: string }, path: string, _refs: readonly string[]): JsonSchema {
  const { $ref: ref, ...siblings } = node;
  walk.target(ref, path);
  const kept = Object.keys(siblings).filter(
    (key) => !key.startsWith('x-') && !SILENT_KEYWORDS.has(key) && key !== '$defs',
  );
  if (kept.length === 0) return { $ref: ref };
  for (const key of kept) {
    if (!isAnnotation(key)) {
      const message = `"${key}" next to $ref was left out (strict mode wants $ref alone)`;
      walk.warn('keyword-dropped', childPath(path, key), message);
    }
  }
  return annotate({ anyOf: [{ $ref: ref }] }, siblings);
}

/** Keeps title and description; default, examples and deprecation become notes (strict mode has no such keywords). */
function annotate(out: JsonSchema, node: JsonSchema, notes: string[] = []): JsonSchema {
  const all = [...notes];
  if (node.default !== undefined) all.push(`Default: ${JSON.stringify(node.default)}.`);
  if (Array.isArray(node.examples) && node.examples.length > 0) {
    all.push(`Example: ${JSON.stringify(node.examples[0])}.`);
  }
  const description = withNotes(deprecatedFirst(node.description, node.deprecated), all);
  const result: JsonSchema = {};
  if (node.title !== undefined) result.title = node.title;
  if (description !== undefined) result.description = description;
  return { ...result, ...out };
}

function renderSingle(walk: Walk, node: JsonSchema, path: string, refs: readonly string[]): JsonSchema {
  const notes: string[] = [];
  const out: JsonSchema = {};
  let type = node.type;
  const values = Object.hasOwn(node, 'const') ? [node.const] : node.enum;
  if (type === undefined) type = values ? valueTypes(values) : inferType(node);
  if (type === undefined) {
    const message = 'a value of any type became a union of strings, numbers, booleans, null and arrays of them';
    walk.warn('any-loosened', path, message);
    const scalars: JsonSchema[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }];
    const arrays: JsonSchema = { type: 'array', items: { anyOf: scalars.map((scalar) => ({ ...scalar })) } };
    return annotate({ anyOf: [...scalars, arrays] }, node);
  }
  out.type = Array.isArray(type) ? [...type] : type;
  const types = Array.isArray(type) ? type : [type];
  if (values) {
    // A value of another type than the schema's can never validate, and strict mode rejects it.
    const fitting = values.filter((value) => fitsTypes(value, types));
    if (fitting.length < values.length) {
      walk.warn('keyword-dropped', path, `enum/const values that do not fit type ${types.join(' | ')} were left out`);
    }
    if (Object.hasOwn(node, 'const') && fitting.length === 1) out.const = cloneJson(node.const);
    else if (fitting.length > 0) out.enum = cloneJson(fitting);
  }

  if (types.includes('string')) renderString(walk, node, out, notes, path);
  if (types.includes('number') || types.includes('integer')) {
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
      if (node[key] !== undefined) out[key] = node[key];
    }
  }
  if (types.includes('array')) {
    const { items, minItems, maxItems } = walk.items(node, notes, path, refs);
    out.items = items;
    if (minItems !== undefined) out.minItems = minItems;
    if (maxItems !== undefined) out.maxItems = maxItems;
  }
  if (types.includes('object')) renderObject(walk, node, out, notes, path, refs);
  return annotate(out, node, notes);
}

function renderString(walk: Walk, node: JsonSchema, out: JsonSchema, notes: string[], path: string): void {
  if (node.pattern !== undefined) out.pattern = node.pattern;
  if (node.format !== undefined) {
    const message = `format "${node.format}" is not supported in strict mode; it became a note`;
    const format = walk.format(node.format, STRICT_FORMATS, notes, path, message);
    if (format !== undefined) out.format = format;
  }
  if (node.minLength !== undefined) {
    walk.loosen(notes, `At least ${count(node.minLength, 'character')}.`, path, 'minLength became a note');
  }
  if (node.maxLength !== undefined) {
    walk.loosen(notes, `At most ${count(node.maxLength, 'character')}.`, path, 'maxLength became a note');
  }
}

function renderObject(
  walk: Walk,
  node: JsonSchema,
  out: JsonSchema,
  notes: string[],
  path: string,
  refs: readonly string[],
): void {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set(node.required ?? []);
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const propertyPath = childPath(path, 'properties', name);
    const rendered = walk.render(property, propertyPath, refs);
    if (required.has(name)) setOwn(properties, name, rendered);
    else {
      const wasNullable = nullable(rendered) === rendered;
      setOwn(properties, name, nullable(rendered));
      walk.warn(
        'optional-as-nullable',
        propertyPath,
        wasNullable
          ? `optional "${name}" became required; it was nullable already, so null stands for both null and absent`
          : `optional "${name}" became required and nullable; null means absent`,
      );
    }
  }
  out.properties = properties;
  out.required = Object.keys(properties);
  walk.openObject(node, out.required.length > 0, notes, path, 'strict mode closes every object; ');
  out.additionalProperties = false;
  for (const key of ['minProperties', 'maxProperties'] as const) {
    const bound = node[key];
    if (bound !== undefined) {
      const note = `${key === 'minProperties' ? 'At least' : 'At most'} ${count(bound, 'property', 'properties')}.`;
      walk.loosen(notes, note, path, `${key} became a note`);
    }
  }
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The schema, or null. */
function nullable(schema: JsonSchema): JsonSchema {
  if (isNullOnly(schema)) return schema;
  if (schema.anyOf) {
    return schema.anyOf.some(isNullOnly) ? schema : { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  if (schema.$ref !== undefined) return { anyOf: [schema, { type: 'null' }] };
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('null')) return schema;
  if (types.length === 0) return { anyOf: [schema, { type: 'null' }] };
  const out: JsonSchema = { ...schema, type: [...types, 'null'] };
  if (Object.hasOwn(schema, 'const')) {
    delete out.const;
    out.enum = [schema.const, null];
  } else if (schema.enum && !schema.enum.includes(null)) {
    out.enum = [...schema.enum, null];
  }
  return out;
}

function valueTypes(values: unknown[]): JsonSchemaType | JsonSchemaType[] | undefined {
  const types = [...new Set(values.map(valueType))];
  const merged = types.includes('number') ? types.filter((type) => type !== 'integer') : types;
  if (merged.length === 0) return undefined;
  return merged.length === 1 ? merged[0] : merged;
}
