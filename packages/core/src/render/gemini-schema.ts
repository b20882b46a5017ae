import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { mergeAllOfWarned } from './merge-schemas.js';
import {
  ANNOTATION_KEYWORDS,
  childPath,
  cloneJson,
  deprecatedFirst,
  formatNote,
  isNullOnly,
  isRecord,
  MAX_REF_EXPANSIONS,
  pickAnnotations,
  refName,
  resolveLocalRef,
  inferType,
  summarizeType,
  valueType,
  withNotes,
} from './schema-walk.js';
import { report, type GeminiSchema, type GeminiType, type RenderOptions, type RenderResult, type RenderWarning, type RenderWarningCode } from './types.js';
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
  'type', 'title', 'description', 'default', 'examples', 'deprecated', 'enum', 'const', 'format',
  'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'properties', 'required', 'additionalProperties',
  'minProperties', 'maxProperties', 'anyOf', 'oneOf', 'allOf', '$ref', '$defs', 'definitions', '$schema', '$id',
  '$comment', '$anchor', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding',
]);

/**
 * Renders JSON Schema as Gemini's OpenAPI 3.0 subset (a function declaration's `parameters`): upper-case types,
 * `nullable` for null unions, string-only enums, `anyOf` alone on its node, references inlined and recursion
 * unrolled. What the subset cannot say becomes a description note and a warning; the Toolbox validates the model's
 * arguments against the original schema, so a looser rendering is safe.
 */
export function toGeminiSchema(schema: JsonSchema, options: GeminiSchemaOptions = {}): GeminiSchema {
  const rendered = renderGeminiSchema(schema, options);
  report(rendered.warnings, options);
  return rendered.schema;
}

/** {@link toGeminiSchema} with the list of warnings. */
export function renderGeminiSchema(schema: JsonSchema, options: GeminiSchemaOptions = {}): RenderResult<GeminiSchema> {
  const renderer = new GeminiSchemaRenderer(schema, options.maxRecursionDepth ?? 3);
  return { schema: renderer.render(schema, '', []), warnings: renderer.warnings };
}

class GeminiSchemaRenderer {
  readonly warnings: RenderWarning[] = [];
  private expansions = 0;

  constructor(
    private readonly root: JsonSchema,
    private readonly maxDepth: number,
  ) {}

  /** `refs`: the `$ref`s expanded on the way to this node, to count recursion. */
  render(input: JsonSchema, path: string, refs: string[]): GeminiSchema {
    if (input.$ref !== undefined) return this.renderRef(input, path, refs);
    let node = input;
    if (node.allOf && node.allOf.length > 0) {
      const resolved: string[] = [];
      const merged = this.mergeAllOf(node, path, resolved);
      // References inlined by the merge count as expansions, so that recursion through allOf ends too.
      const deepest = resolved.find((ref) => refs.filter((seen) => seen === ref).length >= this.maxDepth);
      if (deepest !== undefined) return this.truncated(deepest, node.description, path, refs);
      return this.render(merged, path, [...refs, ...new Set(resolved)]);
    }
    if (node.oneOf && node.oneOf.length > 0) node = this.oneOfAsAnyOf(node, path);
    if (Array.isArray(node.type)) node = splitTypeArray(node);
    if (node.anyOf && node.anyOf.length > 0) return this.renderUnion(node, path, refs);
    return this.renderSingle(node, path, refs);
  }

  private warn(code: RenderWarningCode, path: string, message: string): void {
    this.warnings.push({ code, path, message });
  }

  private renderRef(node: JsonSchema, path: string, refs: string[]): GeminiSchema {
    const { $ref: ref, ...siblings } = node as JsonSchema & { $ref: string };
    const target = resolveLocalRef(this.root, ref);
    if (!target) {
      throw new TypeError(
        `Cannot render the schema at ${path || '/'}: $ref "${ref}" does not point into the schema ` +
          '(only local references such as "#/$defs/Name" are supported)',
      );
    }
    const { $defs: _defs, $schema: _schema, ...body } = target;
    const expanded = refs.filter((seen) => seen === ref).length;
    if (expanded >= this.maxDepth) return this.truncated(ref, siblings.description, path, refs);
    if (++this.expansions > MAX_REF_EXPANSIONS) return this.truncated(ref, siblings.description, path, refs, true);
    return this.render({ ...body, ...siblings }, path, [...refs, ref]);
  }

  /** Where unrolling a recursive reference stops: an open object (or any value), with a note and a warning. */
  private truncated(
    ref: string,
    ownDescription: string | undefined,
    path: string,
    refs: string[],
    overBudget = false,
  ): GeminiSchema {
    this.warn(
      'recursion-truncated',
      path,
      overBudget
        ? `more than ${MAX_REF_EXPANSIONS} references were inlined; ${refName(ref)} here is an open schema`
        : `${refName(ref)} nests deeper than ${this.maxDepth} levels; the deeper levels are an open schema`,
    );
    const target = resolveLocalRef(this.root, ref) ?? {};
    const description = withNotes(ownDescription ?? target.description, [
      `Deeper levels have the same shape as ${refName(ref)} above; they are not described further.`,
    ]);
    if (guessType(target, this.root) !== 'object') return this.renderSingle({ description }, path, refs);
    return description === undefined ? { type: GEMINI_TYPES.object } : { type: GEMINI_TYPES.object, description };
  }

  /** Merges `allOf` branches into their node (the target has no `allOf`). */
  private mergeAllOf(node: JsonSchema, path: string, resolved: string[]): JsonSchema {
    return mergeAllOfWarned(node, this.root, resolved, (code, message) => this.warn(code, path, message));
  }

  private oneOfAsAnyOf(node: JsonSchema, path: string): JsonSchema {
    const { oneOf = [], ...rest } = node;
    if (rest.anyOf && rest.anyOf.length > 0) {
      this.warn('keyword-dropped', path, 'oneOf next to anyOf was left out');
      return rest;
    }
    this.warn('one-of-as-any-of', path, 'oneOf became anyOf (Gemini has no oneOf); exclusivity is not enforced');
    return { ...rest, anyOf: oneOf };
  }

  private renderUnion(node: JsonSchema, path: string, refs: string[]): GeminiSchema {
    const { anyOf = [], ...rest } = node;
    const annotations: JsonSchema = {};
    const constraints: JsonSchema = {};
    for (const [key, value] of Object.entries(rest)) {
      if (isAnnotation(key)) (annotations as Record<string, unknown>)[key] = value;
      else if (key !== '$defs' && key !== '$schema' && !key.startsWith('x-')) {
        (constraints as Record<string, unknown>)[key] = value;
      }
    }
    // Keywords next to anyOf apply to every branch.
    const nonNull = anyOf
      .filter((branch) => !isNullOnly(branch))
      .map((branch) => (Object.keys(constraints).length > 0 ? { allOf: [constraints, branch] } : branch));
    const nullable = nonNull.length < anyOf.length;

    if (nonNull.length === 0) return this.renderSingle({ ...annotations, type: 'null' }, path, refs);
    if (nonNull.length === 1) {
      const only = this.render({ ...(nonNull[0] as JsonSchema), ...annotations }, path, refs);
      return nullable ? makeNullable(only) : only;
    }
    const literals = stringLiterals(nonNull);
    if (literals) {
      const out = this.renderSingle({ ...annotations, type: 'string', enum: literals }, path, refs);
      return nullable ? makeNullable(out) : out;
    }

    const rendered = nonNull.flatMap((branch, index) => {
      const out = this.render(branch, childPath(path, 'anyOf', index), refs);
      return isBareUnion(out) ? (out.anyOf as GeminiSchema[]) : [out];
    });
    // anyOf must be alone on its node: what the union node said moves into every branch.
    const notes = annotationNotes(annotations);
    if (annotations.default !== undefined || annotations.examples !== undefined) {
      this.warn('keyword-dropped', path, 'default/examples of a union became description notes of its branches');
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

  private renderSingle(node: JsonSchema, path: string, refs: string[]): GeminiSchema {
    for (const key of Object.keys(node)) {
      if (!KNOWN_KEYWORDS.has(key) && !key.startsWith('x-')) {
        this.warn('keyword-dropped', childPath(path, key), `"${key}" is not supported and was left out`);
      }
    }
    const notes: string[] = [];

    let values: unknown[] | undefined = Object.hasOwn(node, 'const') ? [node.const] : node.enum;
    let nullable = false;
    if (values && values.includes(null)) {
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
        return this.renderUnion({ ...annotations, anyOf }, path, refs);
      }
      this.warn('any-loosened', path, 'a value of any type became a union of the JSON types (nested arrays excepted)');
      return this.renderUnion({ ...annotations, anyOf: anyValueBranches() }, path, refs);
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
        if (!exact) this.warn('enum-loosened', path, `Gemini enums hold strings only; ${summarizeType(node)} became a note`);
      }
    }

    switch (type) {
      case 'string':
        if (node.format !== undefined && STRING_FORMATS.has(node.format)) out.format = node.format;
        else if (node.format !== undefined) {
          notes.push(formatNote(node.format));
          this.warn('constraint-loosened', path, `format "${node.format}" is not accepted on STRING; it became a note`);
        }
        if (node.minLength !== undefined) out.minLength = String(node.minLength);
        if (node.maxLength !== undefined) out.maxLength = String(node.maxLength);
        if (node.pattern !== undefined) out.pattern = node.pattern;
        break;
      case 'number':
      case 'integer':
        this.renderNumber(node, type, out, notes, path);
        break;
      case 'array':
        this.renderArray(node, out, notes, path, refs);
        break;
      case 'object':
        this.renderObject(node, out, notes, path, refs);
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

  private renderNumber(
    node: JsonSchema,
    type: 'number' | 'integer',
    out: GeminiSchema,
    notes: string[],
    path: string,
  ): void {
    if (node.format !== undefined) {
      if ((type === 'number' ? NUMBER_FORMATS : INTEGER_FORMATS).has(node.format)) out.format = node.format;
      else notes.push(formatNote(node.format));
    }
    if (node.minimum !== undefined) out.minimum = node.minimum;
    if (node.maximum !== undefined) out.maximum = node.maximum;
    const low = node.exclusiveMinimum;
    if (low !== undefined && (out.minimum === undefined || low >= out.minimum)) {
      if (type === 'integer') {
        out.minimum = Math.floor(low) + 1; // exact for whole numbers
      } else {
        out.minimum = low;
        notes.push(`Must be greater than ${low}.`);
        this.warn('constraint-loosened', path, `exclusiveMinimum ${low} became minimum ${low} and a note`);
      }
    }
    const high = node.exclusiveMaximum;
    if (high !== undefined && (out.maximum === undefined || high <= out.maximum)) {
      if (type === 'integer') {
        out.maximum = Math.ceil(high) - 1;
      } else {
        out.maximum = high;
        notes.push(`Must be less than ${high}.`);
        this.warn('constraint-loosened', path, `exclusiveMaximum ${high} became maximum ${high} and a note`);
      }
    }
    if (node.multipleOf !== undefined && !(type === 'integer' && node.multipleOf === 1)) {
      notes.push(`Must be a multiple of ${node.multipleOf}.`);
      this.warn('constraint-loosened', path, `multipleOf ${node.multipleOf} became a note`);
    }
  }

  private renderArray(node: JsonSchema, out: GeminiSchema, notes: string[], path: string, refs: string[]): void {
    const itemsPath = childPath(path, 'items');
    let minItems = node.minItems;
    let maxItems = node.maxItems;
    if (node.prefixItems && node.prefixItems.length === 0 && node.items === false) {
      maxItems = 0;
      out.items = this.render({}, itemsPath, refs);
    } else if (node.prefixItems && node.prefixItems.length > 0) {
      const positions = [...node.prefixItems];
      if (node.items === false) maxItems = Math.min(maxItems ?? Infinity, positions.length);
      const variants = positions.map((position, index) => this.render(position, childPath(itemsPath, 'anyOf', index), refs));
      if (isRecord(node.items)) variants.push(this.render(node.items, itemsPath, refs));
      const unique = uniqueSchemas(variants.flatMap((variant) => (isBareUnion(variant) ? variant.anyOf ?? [] : [variant])));
      out.items = unique.length === 1 ? (unique[0] as GeminiSchema) : { anyOf: unique };
      const exact = unique.length === 1 && minItems === maxItems;
      const tuple = positions.map((position) => summarizeType(position)).join(', ');
      notes.push(`Item by position: [${tuple}${isRecord(node.items) ? `, ...${summarizeType(node.items)}` : ''}].`);
      if (!exact) {
        this.warn('tuple-loosened', path, `the tuple [${tuple}] became an array whose items may be any of its types`);
      }
    } else if (node.items === false) {
      // No items at all; `items` must still be a schema with a type (an empty one is a 400).
      maxItems = 0;
      out.items = this.render({}, itemsPath, refs);
    } else {
      out.items = this.render(isRecord(node.items) ? node.items : {}, itemsPath, refs);
    }
    if (minItems !== undefined) out.minItems = String(minItems);
    if (maxItems !== undefined) out.maxItems = String(maxItems);
    if (node.uniqueItems === true) {
      notes.push('Items must be unique.');
      this.warn('constraint-loosened', path, 'uniqueItems became a note');
    }
  }

  private renderObject(node: JsonSchema, out: GeminiSchema, notes: string[], path: string, refs: string[]): void {
    const names = Object.keys(node.properties ?? {});
    if (names.length > 0) {
      out.properties = {};
      for (const name of names) {
        const propertyPath = childPath(path, 'properties', name);
        if (path === '' && !GEMINI_PARAMETER_NAME.test(name)) {
          this.warn('name-invalid', propertyPath, `Gemini parameter names are [A-Za-z0-9_] (at most 64, not starting with a digit): "${name}"`);
        }
        setOwn(out.properties, name, this.render((node.properties as Record<string, JsonSchema>)[name] as JsonSchema, propertyPath, refs));
      }
      out.propertyOrdering = names;
    }
    if (node.required && node.required.length > 0) {
      const required = node.required.filter((name) => names.includes(name));
      for (const name of node.required) {
        if (!names.includes(name)) this.warn('required-unknown', path, `required names "${name}", which is not a property`);
      }
      if (required.length > 0) out.required = [...new Set(required)];
    }
    if (node.minProperties !== undefined) out.minProperties = String(node.minProperties);
    if (node.maxProperties !== undefined) out.maxProperties = String(node.maxProperties);
    const extra = node.additionalProperties;
    if (extra !== undefined && extra !== false) {
      const values = extra === true ? 'any value' : summarizeType(extra);
      notes.push(
        names.length > 0
          ? `More properties may be added under any name; their values are ${values}.`
          : `An object whose keys are any names and whose values are ${values}.`,
      );
      this.warn('additional-properties', path, `additionalProperties (${values}) became a note`);
    }
  }
}

/** What "any JSON value" can be in Gemini's subset: every type, arrays holding anything but arrays. */
function anyValueBranches(): JsonSchema[] {
  const scalars: JsonSchema[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object' }];
  return [...scalars, { type: 'array', items: { anyOf: scalars.map((scalar) => ({ ...scalar })) } }];
}

function isAnnotation(key: string): boolean {
  return (ANNOTATION_KEYWORDS as readonly string[]).includes(key);
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

/** `type: [A, B, 'null']` as a union, so that each branch gets one type (Gemini has no type arrays). */
function splitTypeArray(node: JsonSchema): JsonSchema {
  const types = [...new Set(node.type as JsonSchemaType[])];
  const nonNull = types.filter((type) => type !== 'null');
  if (nonNull.length === 0) return { ...node, type: 'null' };
  if (nonNull.length === 1 && nonNull.length === types.length) return { ...node, type: nonNull[0] };
  const annotations: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (isAnnotation(key)) annotations[key] = value;
    else rest[key] = value;
  }
  const branches: JsonSchema[] = nonNull.map((type) => ({ ...rest, type }));
  if (nonNull.length < types.length) branches.push({ type: 'null' });
  return { ...annotations, anyOf: branches };
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
    const types = new Set(union.filter((branch) => !isNullOnly(branch)).map((branch) => guessType(branch, root, depth + 1)));
    return types.size === 1 ? [...types][0] : undefined;
  }
  return inferType(node);
}

function uniqueSchemas(schemas: GeminiSchema[]): GeminiSchema[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = JSON.stringify(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const KEY_ORDER: (keyof GeminiSchema)[] = [
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength',
  'pattern', 'items', 'minItems', 'maxItems', 'properties', 'required', 'propertyOrdering', 'minProperties',
  'maxProperties', 'anyOf', 'default', 'example',
];

/** Keys in one fixed order, so that golden files read well and diffs stay small. */
function ordered(schema: GeminiSchema): GeminiSchema {
  const out: Record<string, unknown> = {};
  for (const key of KEY_ORDER) if (schema[key] !== undefined) out[key] = schema[key];
  return out as GeminiSchema;
}
