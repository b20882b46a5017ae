import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { lower, type Lowering, type LoweringPolicy } from './lowering.js';
import { truncationNote } from './ref-expansion.js';
import { pickAnnotations } from './annotations.js';
import { deprecatedFirst, withNotes } from './description-notes.js';
import { childPath, resolveLocalRef } from './json-pointer.js';
import { cloneJson } from './json-value.js';
import { inferType, isNullOnly, valueType } from './schema-types.js';
import { summarizeType } from './type-summary.js';
import { outputOf, type GeminiSchema, type GeminiType, type RenderOptions, type RenderResult } from './types.js';
import { setOwn } from '../own-property.js';
import { GEMINI_PARAMETER_NAME } from '../gemini-limits.js';

export interface GeminiSchemaOptions extends RenderOptions {
  /**
   * How often one `$ref` may be expanded along one path before the rest becomes an open schema (Gemini's
   * `parameters` have no references, so recursive types are unrolled). Default 3.
   */
  maxRecursionDepth?: number;
}

// GeminiType is a type-only enum (see its comment): its values are these strings.
const GEMINI_TYPES = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
} as Record<JsonSchemaType, string> as Record<JsonSchemaType, GeminiType>;

/**
 * Formats Gemini takes, per type; others become a description note. For strings the API answers any other format
 * with 400 "format: only 'enum' and 'date-time' are supported for STRING type" (reported through 2025, although
 * the SDK's docs list more).
 */
const STRING_FORMATS = new Set(['date-time', 'enum']);
const NUMBER_FORMATS = new Set(['float', 'double']);
const INTEGER_FORMATS = new Set(['int32', 'int64']);

/** Keywords of the manifest's JSON Schema subset this renderer understands (others are dropped with a warning). */
const KNOWN_KEYWORDS = new Set([
  'type',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'enum',
  'const',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
]);

/**
 * Renders JSON Schema as Gemini's OpenAPI 3.0 subset (a function declaration's `parameters`): upper-case types,
 * `nullable` for null unions, string-only enums, `anyOf` alone on its node, references inlined and recursion
 * unrolled. What the subset cannot say becomes a description note and a warning; the Toolbox validates the model's
 * arguments against the original schema, so a looser rendering is safe.
 */
export function renderGeminiSchema(schema: JsonSchema, options: GeminiSchemaOptions = {}): RenderResult<GeminiSchema> {
  return lower(schema, geminiPolicy, options.maxRecursionDepth ?? 3);
}

/** {@link renderGeminiSchema} without the list: the warnings go to `onWarning`. */
export const toGeminiSchema = /* @__PURE__ */ outputOf(renderGeminiSchema);

type Walk = Lowering<GeminiSchema>;

/** Gemini's `parameters` dialect as a lowering policy. */
const geminiPolicy: LoweringPolicy<GeminiSchema> = {
  name: 'Gemini',
  keywords: KNOWN_KEYWORDS,
  unsupportedIn: '',
  allOfNote: '',
  typeArrays: false,
  ref: (walk, node, path, refs) =>
    walk.expand(node, path, refs, (ref, description) => truncated(walk, ref, description, path, refs)),
  recursion: (walk, ref, node, path, refs) => {
    walk.truncate(ref, path);
    return truncated(walk, ref, node.description, path, refs);
  },
  union: renderUnion,
  single: renderSingle,
  noItems: (walk, path, refs) => walk.render({}, path, refs),
  positions: (node) => (isBareUnion(node) ? (node.anyOf ?? []) : [node]),
};

/** Where unrolling a recursive reference stops: an open object (or any value), with a note. */
function truncated(
  walk: Walk,
  ref: string,
  ownDescription: string | undefined,
  path: string,
  refs: readonly string[],
): GeminiSchema {
  const target = resolveLocalRef(walk.root, ref) ?? {};
  const description = withNotes(ownDescription ?? target.description, [truncationNote(ref)]);
  if (guessType(target, walk.root) !== 'object')
    return walk.single(description === undefined ? {} : { description }, path, refs);
  return description === undefined ? { type: GEMINI_TYPES.object } : { type: GEMINI_TYPES.object, description };
}

function renderUnion(
  walk: Walk,
  anyOf: JsonSchema[],
  annotations: JsonSchema,
  path: string,
  refs: readonly string[],
): GeminiSchema {
  const nonNull = anyOf.filter((branch) => !isNullOnly(branch));
  const nullable = nonNull.length < anyOf.length;

  if (nonNull.length === 0) return walk.single({ ...annotations, type: 'null' }, path, refs);
  if (nonNull.length === 1) {
    const only = walk.render({ ...(nonNull[0] as JsonSchema), ...annotations }, path, refs);
    return nullable ? makeNullable(only) : only;
  }
  const literals = stringLiterals(nonNull);
  if (literals) {
    const out = walk.single({ ...annotations, type: 'string', enum: literals }, path, refs);
    return nullable ? makeNullable(out) : out;
  }

  const rendered = nonNull.flatMap((branch, index) => {
    const out = walk.render(branch, childPath(path, 'anyOf', index), refs);
    return isBareUnion(out) ? (out.anyOf as GeminiSchema[]) : [out];
  });
  // anyOf must be alone on its node: what the union node said moves into every branch.
  const notes = annotationNotes(annotations);
  if (annotations.default !== undefined || annotations.examples !== undefined) {
    walk.warn('keyword-dropped', path, 'default/examples of a union became description notes of its branches');
  }
  return {
    anyOf: rendered.map((branch) => {
      const out: GeminiSchema = { ...branch };
      if (annotations.title !== undefined && out.title === undefined) out.title = annotations.title;
      const outer = withNotes(deprecatedFirst(annotations.description, annotations.deprecated), notes);
      const description = joinDescriptions(outer, branch.description);
      if (description !== undefined) out.description = description;
      return nullable ? makeNullable(ordered(out)) : ordered(out);
    }),
  };
}

function renderSingle(walk: Walk, node: JsonSchema, path: string, refs: readonly string[]): GeminiSchema {
  const notes: string[] = [];

  let values: unknown[] | undefined = Object.hasOwn(node, 'const') ? [node.const] : node.enum;
  let nullable = false;
  if (values?.includes(null)) {
    nullable = true;
    values = values.filter((value) => value !== null);
  }
  let type = (node.type as JsonSchemaType | undefined) ?? (values ? typeOfValues(values) : inferType(node));
  if (values && values.length === 0) type = 'null';
  if (type === undefined) {
    // Gemini needs a type on every node that is not a union: a value of any type, or an enum of mixed types,
    // becomes a union with one branch per type.
    const annotations = pickAnnotations(node);
    if (values) {
      const byType = new Map<JsonSchemaType, unknown[]>();
      for (const value of values) {
        const type = valueType(value);
        byType.set(type, [...(byType.get(type) ?? []), value]);
      }
      const anyOf = [...byType].map(([type, group]): JsonSchema => ({ type, enum: group }));
      if (nullable) anyOf.push({ type: 'null' });
      return walk.render({ ...annotations, anyOf }, path, refs);
    }
    walk.warn('any-loosened', path, 'a value of any type became a union of the JSON types (nested arrays excepted)');
    return walk.render({ ...annotations, anyOf: anyValueBranches() }, path, refs);
  }

  const out: GeminiSchema = {};
  if (type) out.type = GEMINI_TYPES[type];
  if (node.title !== undefined) out.title = node.title;
  if (nullable && type !== 'null') out.nullable = true;

  if (values && values.length > 0) {
    if (type === 'string' && values.every((value) => typeof value === 'string')) {
      out.enum = [...(values as string[])];
    } else {
      notes.push(
        values.length === 1
          ? `Must be ${JSON.stringify(values[0])}.`
          : `Allowed values: ${values.map((value) => JSON.stringify(value)).join(', ')}.`,
      );
      let exact = false;
      if ((type === 'number' || type === 'integer') && values.every((value) => typeof value === 'number')) {
        // The bounds of the allowed numbers say part of it in the schema itself (all of it for a run of integers).
        const numbers = [...new Set(values as number[])];
        const low = Math.min(...numbers);
        const high = Math.max(...numbers);
        if (node.minimum === undefined) out.minimum = low;
        if (node.maximum === undefined) out.maximum = high;
        exact = type === 'integer' && numbers.every(Number.isInteger) && high - low + 1 === numbers.length;
      }
      if (!exact) {
        walk.warn('enum-loosened', path, `Gemini enums hold strings only; ${summarizeType(node)} became a note`);
      }
    }
  }

  switch (type) {
    case 'string': {
      const message = `format "${node.format}" is not accepted on STRING; it became a note`;
      const format =
        node.format === undefined ? undefined : walk.format(node.format, STRING_FORMATS, notes, path, message);
      if (format !== undefined) out.format = format;
      if (node.minLength !== undefined) out.minLength = String(node.minLength);
      if (node.maxLength !== undefined) out.maxLength = String(node.maxLength);
      if (node.pattern !== undefined) out.pattern = node.pattern;
      break;
    }
    case 'number':
    case 'integer':
      renderNumber(walk, node, type, out, notes, path);
      break;
    case 'array': {
      const { items, minItems, maxItems } = walk.items(node, notes, path, refs);
      out.items = items;
      if (minItems !== undefined) out.minItems = String(minItems);
      if (maxItems !== undefined) out.maxItems = String(maxItems);
      break;
    }
    case 'object':
      renderObject(walk, node, out, notes, path, refs);
      break;
    default:
      break;
  }

  const description = withNotes(deprecatedFirst(node.description, node.deprecated), notes);
  if (description !== undefined) out.description = description;
  // null as a default or an example says nothing (nullable does), and the JS SDK drops null fields anyway.
  if (node.default !== undefined && node.default !== null) out.default = cloneJson(node.default);
  const example = Array.isArray(node.examples) ? node.examples.find((value) => value !== null) : undefined;
  if (example !== undefined) out.example = cloneJson(example);
  return ordered(out);
}

function renderNumber(
  walk: Walk,
  node: JsonSchema,
  type: 'number' | 'integer',
  out: GeminiSchema,
  notes: string[],
  path: string,
): void {
  if (node.format !== undefined) {
    const format = walk.format(node.format, type === 'number' ? NUMBER_FORMATS : INTEGER_FORMATS, notes, path);
    if (format !== undefined) out.format = format;
  }
  if (node.minimum !== undefined) out.minimum = node.minimum;
  if (node.maximum !== undefined) out.maximum = node.maximum;
  const low = node.exclusiveMinimum;
  if (low !== undefined && (out.minimum === undefined || low >= out.minimum)) {
    out.minimum = type === 'integer' ? Math.floor(low) + 1 : low; // exact for whole numbers
    if (type === 'number') {
      const message = `exclusiveMinimum ${low} became minimum ${low} and a note`;
      walk.loosen(notes, `Must be greater than ${low}.`, path, message);
    }
  }
  const high = node.exclusiveMaximum;
  if (high !== undefined && (out.maximum === undefined || high <= out.maximum)) {
    out.maximum = type === 'integer' ? Math.ceil(high) - 1 : high;
    if (type === 'number') {
      const message = `exclusiveMaximum ${high} became maximum ${high} and a note`;
      walk.loosen(notes, `Must be less than ${high}.`, path, message);
    }
  }
  if (node.multipleOf !== undefined && !(type === 'integer' && node.multipleOf === 1)) {
    const multiple = node.multipleOf;
    walk.loosen(notes, `Must be a multiple of ${multiple}.`, path, `multipleOf ${multiple} became a note`);
  }
}

function renderObject(
  walk: Walk,
  node: JsonSchema,
  out: GeminiSchema,
  notes: string[],
  path: string,
  refs: readonly string[],
): void {
  const names = Object.keys(node.properties ?? {});
  if (names.length > 0) {
    out.properties = {};
    for (const name of names) {
      const propertyPath = childPath(path, 'properties', name);
      if (path === '' && !GEMINI_PARAMETER_NAME.test(name)) {
        walk.warn(
          'name-invalid',
          propertyPath,
          `Gemini parameter names are [A-Za-z0-9_] (at most 64, not starting with a digit): "${name}"`,
        );
      }
      const property = (node.properties as Record<string, JsonSchema>)[name] as JsonSchema;
      setOwn(out.properties, name, walk.render(property, propertyPath, refs));
    }
    out.propertyOrdering = names;
  }
  if (node.required && node.required.length > 0) {
    const required = node.required.filter((name) => names.includes(name));
    for (const name of node.required) {
      if (!names.includes(name)) {
        walk.warn('required-unknown', path, `required names "${name}", which is not a property`);
      }
    }
    if (required.length > 0) out.required = [...new Set(required)];
  }
  if (node.minProperties !== undefined) out.minProperties = String(node.minProperties);
  if (node.maxProperties !== undefined) out.maxProperties = String(node.maxProperties);
  walk.openObject(node, names.length > 0, notes, path);
}

/** What "any JSON value" can be in Gemini's subset: every type, arrays holding anything but arrays. */
function anyValueBranches(): JsonSchema[] {
  const scalars: JsonSchema[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object' }];
  return [...scalars, { type: 'array', items: { anyOf: scalars.map((scalar) => ({ ...scalar })) } }];
}

/** Notes that carry a union's default and examples into each of its branches. */
function annotationNotes(annotations: JsonSchema): string[] {
  const notes: string[] = [];
  if (annotations.default !== undefined) notes.push(`Default: ${JSON.stringify(annotations.default)}.`);
  if (Array.isArray(annotations.examples) && annotations.examples.length > 0) {
    notes.push(`Example: ${JSON.stringify(annotations.examples[0])}.`);
  }
  return notes;
}

function joinDescriptions(outer: string | undefined, inner: string | undefined): string | undefined {
  if (outer === undefined) return inner;
  if (inner === undefined || inner === outer) return outer;
  return withNotes(outer, [inner]);
}

/** Branches that are each a string literal (`const` or string `enum`, nothing else): one enum says the same. */
function stringLiterals(branches: JsonSchema[]): string[] | undefined {
  const literals: string[] = [];
  for (const branch of branches) {
    const keys = Object.keys(branch).filter((key) => key !== 'type' && key !== 'title');
    if (branch.type !== undefined && branch.type !== 'string') return undefined;
    if (keys.length === 1 && keys[0] === 'const' && typeof branch.const === 'string') literals.push(branch.const);
    else if (keys.length === 1 && keys[0] === 'enum' && branch.enum?.every((value) => typeof value === 'string')) {
      literals.push(...(branch.enum as string[]));
    } else return undefined;
  }
  return [...new Set(literals)];
}

function isBareUnion(schema: GeminiSchema): boolean {
  return schema.anyOf !== undefined && Object.keys(schema).length === 1;
}

function makeNullable(schema: GeminiSchema): GeminiSchema {
  if (isBareUnion(schema)) return { anyOf: (schema.anyOf ?? []).map(makeNullable) };
  if (schema.type === 'NULL' || schema.nullable === true) return schema;
  return ordered({ ...schema, nullable: true });
}

function typeOfValues(values: unknown[]): JsonSchemaType | undefined {
  const types = new Set(values.map(valueType));
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  return types.size === 1 ? ([...types][0] as JsonSchemaType) : undefined;
}

/** The type a (possibly referenced) schema has, for the open schema that ends an unrolled recursion. */
function guessType(node: JsonSchema, root: JsonSchema, depth = 0): JsonSchemaType | undefined {
  if (depth > 8) return undefined;
  if (node.$ref !== undefined) {
    const target = resolveLocalRef(root, node.$ref);
    return target ? guessType(target, root, depth + 1) : undefined;
  }
  if (typeof node.type === 'string') return node.type;
  const union = node.anyOf ?? node.oneOf;
  if (union) {
    const branches = union.filter((branch) => !isNullOnly(branch));
    const types = new Set(branches.map((branch) => guessType(branch, root, depth + 1)));
    return types.size === 1 ? [...types][0] : undefined;
  }
  return inferType(node);
}

const KEY_ORDER: (keyof GeminiSchema)[] = [
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'propertyOrdering',
  'minProperties',
  'maxProperties',
  'anyOf',
  'default',
  'example',
];

/** Keys in one fixed order, so that golden files read well and diffs stay small. */
function ordered(schema: GeminiSchema): GeminiSchema {
  const out: Record<string, unknown> = {};
  for (const key of KEY_ORDER) if (schema[key] !== undefined) out[key] = schema[key];
  return out as GeminiSchema;
}
