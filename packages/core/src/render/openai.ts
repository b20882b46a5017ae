import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { fitsTypes, mergeAllOfWarned } from './merge-schemas.js';
import { flattenRootUnion } from './root-object.js';
import {
  ANNOTATION_KEYWORDS,
  childPath,
  cloneJson,
  copySchema,
  deprecatedFirst,
  formatNote,
  isNullOnly,
  isRecord,
  pickAnnotations,
  refName,
  resolveLocalRef,
  inferType,
  summarizeType,
  valueType,
  withNotes,
} from './schema-walk.js';
import { report, type DeclaredTool, type RenderOptions, type RenderResult, type RenderWarning, type RenderWarningCode } from './types.js';
import { setOwn } from '../own-property.js';

/** A tool for OpenAI's Chat Completions API. */
export interface OpenAITool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: JsonSchema;
    strict?: boolean;
  };
}

export interface OpenAIToolOptions extends RenderOptions {
  /**
   * Strict mode (structured outputs): the model's arguments always match the schema, which must then keep to
   * OpenAI's subset. Default false.
   */
  strict?: boolean;
}

/** OpenAI's rule for function names. */
const FUNCTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** String formats strict mode supports. */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** Keywords strict mode takes as they are. */
const STRICT_KEYWORDS = new Set([
  'type', 'title', 'description', 'enum', 'const', 'anyOf', 'properties', 'required', 'additionalProperties',
  'items', '$defs', '$ref', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minItems', 'maxItems',
]);

/** Keywords that say nothing to the model and are left out silently. */
const SILENT_KEYWORDS = new Set(['$schema', '$id', '$comment', '$anchor', 'definitions', 'readOnly', 'writeOnly']);

/** A tool for OpenAI's Chat Completions API; with `strict`, the parameters follow strict mode's rules. */
export function toOpenAITool(tool: DeclaredTool, options: OpenAIToolOptions = {}): OpenAITool {
  const rendered = renderOpenAITool(tool, options);
  report(rendered.warnings, options);
  return rendered.tool;
}

/** {@link toOpenAITool} with the list of warnings. */
export function renderOpenAITool(tool: DeclaredTool, options: OpenAIToolOptions = {}): { tool: OpenAITool; warnings: RenderWarning[] } {
  const warnings: RenderWarning[] = [];
  if (!FUNCTION_NAME.test(tool.name)) {
    warnings.push({ code: 'name-invalid', path: '', message: `OpenAI function names are [A-Za-z0-9_-]{1,64}: "${tool.name}"` });
  }
  let parameters: JsonSchema;
  if (options.strict) {
    const rendered = renderOpenAIStrictSchema(tool.parameters);
    parameters = rendered.schema;
    warnings.push(...rendered.warnings);
  } else {
    parameters = copySchema(tool.parameters);
  }
  const fn: OpenAITool['function'] =
    tool.description === undefined
      ? { name: tool.name, parameters, strict: options.strict === true }
      : { name: tool.name, description: tool.description, parameters, strict: options.strict === true };
  return { tool: { type: 'function', function: fn }, warnings: warnings.map((warning) => ({ ...warning, tool: tool.name })) };
}

/**
 * A JSON Schema that OpenAI's strict mode accepts: every object closed (`additionalProperties: false`) with every
 * property required (optional ones made nullable: `null` stands for absent), a plain object at the top, and only
 * the keywords strict mode supports. What cannot be said becomes a description note and a warning.
 */
export function toOpenAIStrictSchema(schema: JsonSchema, options: RenderOptions = {}): JsonSchema {
  const rendered = renderOpenAIStrictSchema(schema);
  report(rendered.warnings, options);
  return rendered.schema;
}

/** {@link toOpenAIStrictSchema} with the list of warnings. */
export function renderOpenAIStrictSchema(schema: JsonSchema): RenderResult<JsonSchema> {
  const warnings: RenderWarning[] = [];
  const root = flattenRootUnion(schema, warnings);
  const renderer = new StrictRenderer(schema, warnings);
  const { $defs, ...body } = root;
  const out = renderer.render(body, '');
  if ($defs) {
    const defs: Record<string, JsonSchema> = {};
    for (const [name, def] of Object.entries($defs)) defs[name] = renderer.render(def, childPath('', '$defs', name));
    out.$defs = defs;
  }
  warnings.push(...limitWarnings(out));
  return { schema: out, warnings };
}

/** Strict mode's size limits, as OpenAI's structured-outputs guide states them. */
const MAX_NESTING = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;

function limitWarnings(schema: JsonSchema): RenderWarning[] {
  let properties = 0;
  let enumValues = 0;
  let deepest = 0;
  const walk = (node: JsonSchema, depth: number): void => {
    if (node.properties) {
      depth += 1;
      deepest = Math.max(deepest, depth);
      properties += Object.keys(node.properties).length;
      for (const child of Object.values(node.properties)) walk(child, depth);
    }
    enumValues += node.enum?.length ?? 0;
    for (const child of node.anyOf ?? []) walk(child, depth);
    if (isRecord(node.items)) walk(node.items, depth);
    for (const child of Object.values(node.$defs ?? {})) walk(child, 0);
  };
  walk(schema, 0);
  const warnings: RenderWarning[] = [];
  const limit = (message: string) => warnings.push({ code: 'limit-exceeded', path: '', message });
  if (deepest > MAX_NESTING) limit(`objects nest ${deepest} levels deep; strict mode allows ${MAX_NESTING}`);
  if (properties > MAX_PROPERTIES) limit(`${properties} properties in all; strict mode allows ${MAX_PROPERTIES}`);
  if (enumValues > MAX_ENUM_VALUES) limit(`${enumValues} enum values in all; strict mode allows ${MAX_ENUM_VALUES}`);
  return warnings;
}

class StrictRenderer {
  /** The references that allOf merges are inlining on the current path. */
  private readonly inlining: string[] = [];

  constructor(
    private readonly root: JsonSchema,
    private readonly warnings: RenderWarning[],
  ) {}

  private warn(code: RenderWarningCode, path: string, message: string): void {
    this.warnings.push({ code, path, message });
  }

  render(input: JsonSchema, path: string): JsonSchema {
    if (input.$ref !== undefined) return this.renderRef(input as JsonSchema & { $ref: string }, path);
    let node = input;
    if (node.allOf && node.allOf.length > 0) {
      const resolved: string[] = [];
      const merged = this.mergeAllOf(node, path, resolved);
      // Merging inlines references; one already being inlined on this path would never end, so it stays a $ref.
      const recursive = resolved.find((ref) => this.inlining.includes(ref));
      if (recursive !== undefined) {
        this.warn('keyword-dropped', path, `allOf around the recursive ${refName(recursive)}: only the reference was kept`);
        return this.renderRef({ ...pickAnnotations(node), $ref: recursive }, path);
      }
      this.inlining.push(...resolved);
      try {
        return this.render(merged, path);
      } finally {
        this.inlining.length -= resolved.length;
      }
    }
    if (node.oneOf && node.oneOf.length > 0) {
      const { oneOf, ...rest } = node;
      if (rest.anyOf) {
        this.warn('keyword-dropped', path, 'oneOf next to anyOf was left out');
        node = rest;
      } else {
        this.warn('one-of-as-any-of', path, 'oneOf became anyOf (strict mode has no oneOf); exclusivity is not enforced');
        node = { ...rest, anyOf: oneOf };
      }
    }
    if (node.anyOf && node.anyOf.length > 0) return this.renderUnion(node, path);
    return this.renderSingle(node, path);
  }

  /** Strict mode wants `$ref` alone: what stands next to one moves to a wrapping single-branch `anyOf`. */
  private renderRef(node: JsonSchema & { $ref: string }, path: string): JsonSchema {
    const { $ref: ref, ...siblings } = node;
    if (!resolveLocalRef(this.root, ref)) {
      throw new TypeError(`Cannot render the schema at ${path || '/'}: $ref "${ref}" does not point into the schema`);
    }
    const kept = Object.keys(siblings).filter((key) => !key.startsWith('x-') && !SILENT_KEYWORDS.has(key) && key !== '$defs');
    if (kept.length === 0) return { $ref: ref };
    for (const key of kept) {
      if (!(ANNOTATION_KEYWORDS as readonly string[]).includes(key)) {
        this.warn('keyword-dropped', childPath(path, key), `"${key}" next to $ref was left out (strict mode wants $ref alone)`);
      }
    }
    return this.annotate({ anyOf: [{ $ref: ref }] }, siblings);
  }

  /** Merges `allOf` branches into their node (the target has no `allOf`). */
  private mergeAllOf(node: JsonSchema, path: string, resolved: string[]): JsonSchema {
    return mergeAllOfWarned(node, this.root, resolved, (code, message) => this.warn(code, path, message), ' (strict mode has no allOf)');
  }

  private renderUnion(node: JsonSchema, path: string): JsonSchema {
    const { anyOf = [], ...rest } = node;
    const annotations: Record<string, unknown> = {};
    const constraints: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if ((ANNOTATION_KEYWORDS as readonly string[]).includes(key)) annotations[key] = value;
      else if (!SILENT_KEYWORDS.has(key) && key !== '$defs' && !key.startsWith('x-')) constraints[key] = value;
    }
    const hasConstraints = Object.keys(constraints).length > 0;
    const branches = anyOf.map((branch, index) =>
      this.render(
        hasConstraints && !isNullOnly(branch) ? { allOf: [constraints as JsonSchema, branch] } : branch,
        childPath(path, 'anyOf', index),
      ),
    );
    return this.annotate({ anyOf: branches }, annotations as JsonSchema);
  }

  /** Keeps title and description; default, examples and deprecation become notes (strict mode has no such keywords). */
  private annotate(out: JsonSchema, node: JsonSchema, notes: string[] = []): JsonSchema {
    const all = [...notes];
    if (node.default !== undefined) all.push(`Default: ${JSON.stringify(node.default)}.`);
    if (Array.isArray(node.examples) && node.examples.length > 0) all.push(`Example: ${JSON.stringify(node.examples[0])}.`);
    const description = withNotes(deprecatedFirst(node.description, node.deprecated), all);
    const result: JsonSchema = {};
    if (node.title !== undefined) result.title = node.title;
    if (description !== undefined) result.description = description;
    return { ...result, ...out };
  }

  private renderSingle(node: JsonSchema, path: string): JsonSchema {
    const notes: string[] = [];
    const out: JsonSchema = {};
    for (const key of Object.keys(node)) {
      if (STRICT_KEYWORDS.has(key) || SILENT_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      if ((ANNOTATION_KEYWORDS as readonly string[]).includes(key)) continue;
      if (['minLength', 'maxLength', 'uniqueItems', 'minProperties', 'maxProperties', 'prefixItems'].includes(key)) continue;
      this.warn('keyword-dropped', childPath(path, key), `"${key}" is not supported in strict mode and was left out`);
    }

    let type = node.type;
    const values = Object.hasOwn(node, 'const') ? [node.const] : node.enum;
    if (type === undefined) type = values ? valueTypes(values) : inferType(node);
    if (type === undefined) {
      this.warn('any-loosened', path, 'a value of any type became a union of strings, numbers, booleans, null and arrays of them');
      const scalars: JsonSchema[] = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }];
      const arrays: JsonSchema = { type: 'array', items: { anyOf: scalars.map((scalar) => ({ ...scalar })) } };
      return this.annotate({ anyOf: [...scalars, arrays] }, node);
    }
    out.type = Array.isArray(type) ? [...type] : type;
    const types = Array.isArray(type) ? type : [type];
    if (values) {
      // A value of another type than the schema's can never validate, and strict mode rejects it.
      const fitting = values.filter((value) => fitsTypes(value, types));
      if (fitting.length < values.length) {
        this.warn('keyword-dropped', path, `enum/const values that do not fit type ${types.join(' | ')} were left out`);
      }
      if (Object.hasOwn(node, 'const') && fitting.length === 1) out.const = cloneJson(node.const);
      else if (fitting.length > 0) out.enum = cloneJson(fitting);
    }

    if (types.includes('string')) this.renderString(node, out, notes, path);
    if (types.includes('number') || types.includes('integer')) {
      for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
        if (node[key] !== undefined) out[key] = node[key];
      }
    }
    if (types.includes('array')) this.renderArray(node, out, notes, path);
    if (types.includes('object')) this.renderObject(node, out, notes, path);
    return this.annotate(out, node, notes);
  }

  private renderString(node: JsonSchema, out: JsonSchema, notes: string[], path: string): void {
    if (node.pattern !== undefined) out.pattern = node.pattern;
    if (node.format !== undefined) {
      if (STRICT_FORMATS.has(node.format)) out.format = node.format;
      else {
        notes.push(formatNote(node.format));
        this.warn('constraint-loosened', path, `format "${node.format}" is not supported in strict mode; it became a note`);
      }
    }
    if (node.minLength !== undefined) {
      notes.push(`At least ${count(node.minLength, 'character')}.`);
      this.warn('constraint-loosened', path, 'minLength became a note');
    }
    if (node.maxLength !== undefined) {
      notes.push(`At most ${count(node.maxLength, 'character')}.`);
      this.warn('constraint-loosened', path, 'maxLength became a note');
    }
  }

  private renderArray(node: JsonSchema, out: JsonSchema, notes: string[], path: string): void {
    const itemsPath = childPath(path, 'items');
    let maxItems = node.maxItems;
    if (node.prefixItems && node.prefixItems.length > 0) {
      const positions: JsonSchema[] = [...node.prefixItems];
      if (node.items === false) maxItems = Math.min(maxItems ?? Infinity, positions.length);
      else if (isRecord(node.items)) positions.push(node.items);
      const rendered = positions.map((position, index) => this.render(position, childPath(itemsPath, 'anyOf', index)));
      const unique = rendered.filter(
        (schema, index) => rendered.findIndex((other) => JSON.stringify(other) === JSON.stringify(schema)) === index,
      );
      out.items = unique.length === 1 ? (unique[0] as JsonSchema) : { anyOf: unique };
      const tuple = node.prefixItems.map((position) => summarizeType(position)).join(', ');
      notes.push(`Item by position: [${tuple}${isRecord(node.items) ? `, ...${summarizeType(node.items)}` : ''}].`);
      if (unique.length > 1 || node.minItems !== maxItems) {
        this.warn('tuple-loosened', path, `the tuple [${tuple}] became an array whose items may be any of its types`);
      }
    } else if (node.items === false) {
      maxItems = 0;
      out.items = { type: 'string' };
    } else {
      out.items = this.render(isRecord(node.items) ? node.items : {}, itemsPath);
    }
    if (node.minItems !== undefined) out.minItems = node.minItems;
    if (maxItems !== undefined) out.maxItems = maxItems;
    if (node.uniqueItems === true) {
      notes.push('Items must be unique.');
      this.warn('constraint-loosened', path, 'uniqueItems became a note');
    }
  }

  private renderObject(node: JsonSchema, out: JsonSchema, notes: string[], path: string): void {
    const properties: Record<string, JsonSchema> = {};
    const required = new Set(node.required ?? []);
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const propertyPath = childPath(path, 'properties', name);
      const rendered = this.render(property, propertyPath);
      if (required.has(name)) setOwn(properties, name, rendered);
      else {
        const wasNullable = nullable(rendered) === rendered;
        setOwn(properties, name, nullable(rendered));
        this.warn(
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
    const extra = node.additionalProperties;
    if (extra !== undefined && extra !== false) {
      const values = extra === true ? 'any value' : summarizeType(extra);
      notes.push(
        Object.keys(properties).length > 0
          ? `More properties may be added under any name; their values are ${values}.`
          : `An object whose keys are any names and whose values are ${values}.`,
      );
      this.warn('additional-properties', path, `strict mode closes every object; additionalProperties (${values}) became a note`);
    }
    out.additionalProperties = false;
    for (const key of ['minProperties', 'maxProperties'] as const) {
      if (node[key] !== undefined) {
        notes.push(`${key === 'minProperties' ? 'At least' : 'At most'} ${count(node[key], 'property', 'properties')}.`);
        this.warn('constraint-loosened', path, `${key} became a note`);
      }
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

