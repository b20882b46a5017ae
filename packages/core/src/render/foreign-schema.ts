import type { JsonSchema, JsonSchemaType, ObjectJsonSchema } from '../json-schema.js';
import { mergeAllOf } from './merge-schemas.js';
import { childPath, isRecord, resolveLocalRef } from './schema-walk.js';
import type { RenderResult, RenderWarning } from './types.js';

const TYPES = new Set<JsonSchemaType>(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const TEXT = new Set(['title', 'description', 'format', 'pattern']);
const NUMBERS = new Set(['minimum', 'maximum', 'multipleOf']);
const COUNTS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']);
const FLAGS = new Set(['deprecated', 'uniqueItems']);
const ANY_VALUE = new Set(['const', 'default']);
const MAPS = new Set(['properties', '$defs', 'definitions']);
const LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Said about the document, not about a value: left out without a word. */
const DOCUMENT_KEYS = new Set(['$schema', '$id', 'id', '$comment', '$anchor', '$dynamicAnchor']);

/**
 * Makes a schema written elsewhere (an MCP server's `inputSchema`, any draft) fit for the Gemini renderers: the
 * document keys (`$schema`, `$id`, ...) go; draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` and draft-07
 * array `items` become their 2020-12 forms; references that point outside the schema, or nowhere, become open
 * schemas; keywords the renderers do not know, and known ones holding a value of the wrong type, are left out; a
 * reference at the root (`{ $ref: '#/definitions/Args' }`, as schema libraries write) is resolved, an `allOf` there
 * merged, and the root becomes an object schema. Every change that loses meaning is a warning. Validation should use
 * the original.
 */
export function cleanForeignSchema(schema: unknown): RenderResult<ObjectJsonSchema> {
  const warnings: RenderWarning[] = [];
  const warn = (path: string, message: string, code: RenderWarning['code'] = 'keyword-dropped') =>
    warnings.push({ code, path, message });
  const root = isRecord(schema) ? schema : {};
  if (!isRecord(schema)) {
    const what = schema === undefined ? 'missing' : 'not an object';
    warn('', `the schema is ${what}: the tool is declared without arguments`);
  }
  const context: CleanContext = { root: root as JsonSchema, refs: [] };
  const kept = keepFoundRefs(cleanNode(root, '', context, warn, 0), context.refs, warn);
  const cleaned = mergeRootAllOf(resolveRootRef(kept, warn), warn);
  const rootType = cleaned.type;
  if (rootType !== undefined && rootType !== 'object' && !(Array.isArray(rootType) && rootType.includes('object'))) {
    const says = JSON.stringify(rootType);
    warn('/type', `the arguments must be an object, the schema says ${says}: declared without arguments`);
    return { output: { type: 'object', properties: {} }, warnings };
  }
  const { const: _const, enum: _enum, ...objectOnly } = cleaned;
  // Arguments are an object: a value list at the root contradicts that, and the renderers need an object there.
  for (const key of ['const', 'enum'] as const) {
    if (Object.hasOwn(cleaned, key)) {
      warn(`/${key}`, `"${key}" at the root cannot hold for an object of arguments and was left out`);
    }
  }
  const out = { ...objectOnly, type: 'object' } as ObjectJsonSchema;
  if (!isRecord(out.properties)) out.properties = {};
  return { output: out, warnings };
}

type Warn = (path: string, message: string, code?: RenderWarning['code']) => void;

/** What cleaning needs beside the node: the original root (for references) and the references it kept. */
interface CleanContext {
  root: JsonSchema;
  refs: { node: Record<string, unknown>; path: string }[];
}

/** A `$ref` into a part that cleaning left out (`#/not`, a draft-07 `items` array) becomes an open schema too. */
function keepFoundRefs(cleaned: JsonSchema, refs: CleanContext['refs'], warn: Warn): JsonSchema {
  for (const { node, path } of refs) {
    if (resolveLocalRef(cleaned, node.$ref as string)) continue;
    warn(path, `$ref ${JSON.stringify(node.$ref)} points at a part that was left out: an open schema here`);
    delete node.$ref; // the node is cleaning's own copy
  }
  return cleaned;
}

/** The root's `allOf` merged into it, so that what the root says (an object, a union) stands on the root itself. */
function mergeRootAllOf(root: JsonSchema, warn: Warn): JsonSchema {
  if (!root.allOf) return root;
  const conflicts: string[] = [];
  try {
    const merged = mergeAllOf(root, root, conflicts);
    warn('/allOf', 'the allOf at the root became one schema', 'all-of-merged');
    for (const keyword of new Set(conflicts)) {
      warn('/allOf', `allOf branches disagree on "${keyword}"; what cannot hold together was left out`);
    }
    return merged;
  } catch (error) {
    const { allOf: _allOf, ...rest } = root;
    const reason = error instanceof Error ? error.message : String(error);
    warn('/allOf', `the allOf at the root cannot be merged (${reason}) and was left out`);
    return rest;
  }
}

/**
 * The root's `$ref` replaced by what it points at (the root's own keywords win), so that the root says its
 * properties itself: the renderers need an object there, not a reference. A circle of references says nothing.
 */
function resolveRootRef(cleaned: JsonSchema, warn: Warn): JsonSchema {
  let root = cleaned;
  const seen = new Set<string>();
  while (root.$ref !== undefined) {
    const { $ref: ref, ...siblings } = root;
    const target = seen.has(ref) ? undefined : resolveLocalRef(cleaned, ref);
    seen.add(ref);
    if (!target) {
      warn('/$ref', `$ref ${JSON.stringify(ref)} at the root leads in a circle and was left out`);
      return siblings;
    }
    const { $defs: _defs, definitions: _definitions, ...body } = target as JsonSchema & { definitions?: unknown };
    root = { ...body, ...siblings };
  }
  return root;
}

const MAX_DEPTH = 64;

function cleanNode(node: unknown, path: string, context: CleanContext, warn: Warn, depth: number): JsonSchema {
  if (node === true || node === undefined) return {};
  if (depth > MAX_DEPTH) {
    warn(path, `nested deeper than ${MAX_DEPTH} levels: an open schema here`, 'recursion-truncated');
    return {};
  }
  if (!isRecord(node)) {
    warn(path, `${JSON.stringify(node)} is not a schema: an open schema here`);
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const at = childPath(path, key);
    if (DOCUMENT_KEYS.has(key) || key.startsWith('x-')) continue;
    if (TEXT.has(key)) keepIf(typeof value === 'string', key, value, out, at, warn);
    else if (NUMBERS.has(key)) keepIf(typeof value === 'number' && Number.isFinite(value), key, value, out, at, warn);
    else if (COUNTS.has(key)) keepIf(Number.isInteger(value) && (value as number) >= 0, key, value, out, at, warn);
    else if (FLAGS.has(key)) keepIf(typeof value === 'boolean', key, value, out, at, warn);
    else if (ANY_VALUE.has(key)) out[key] = value;
    else if (key === 'examples') keepIf(Array.isArray(value), key, value, out, at, warn);
    else if (key === 'enum') keepIf(Array.isArray(value) && value.length > 0, key, value, out, at, warn);
    else if (key === 'required') {
      keepIf(Array.isArray(value) && value.every((name) => typeof name === 'string'), key, value, out, at, warn);
    } else if (key === 'type') {
      const types = (Array.isArray(value) ? value : [value]).filter((type): type is JsonSchemaType =>
        TYPES.has(type as JsonSchemaType),
      );
      if (types.length === 0) warn(at, `type ${JSON.stringify(value)} is not a JSON Schema type and was left out`);
      else out.type = Array.isArray(value) ? types : types[0];
    } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
      exclusiveBound(key, value, node, out, at, warn);
    } else if (key === '$ref') {
      if (typeof value === 'string' && resolveLocalRef(context.root, value)) {
        out.$ref = value;
        context.refs.push({ node: out, path: at });
      }
      else {
        warn(at, `$ref ${JSON.stringify(value)} does not point into the schema: an open schema here`);
      }
    } else if (MAPS.has(key)) {
      if (!isRecord(value)) warn(at, `"${key}" is not an object of schemas and was left out`);
      else {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, child]) => [
            name,
            cleanNode(child, childPath(at, name), context, warn, depth + 1),
          ]),
        );
      }
    } else if (LISTS.has(key)) {
      if (!Array.isArray(value) || value.length === 0) warn(at, `"${key}" is not a list of schemas and was left out`);
      else out[key] = value.map((child, index) => cleanNode(child, childPath(at, index), context, warn, depth + 1));
    } else if (key === 'items') {
      if (Array.isArray(value)) {
        out.prefixItems = value.map((child, index) => cleanNode(child, childPath(at, index), context, warn, depth + 1));
      }
      else if (value === false) out.items = false;
      else out.items = cleanNode(value, at, context, warn, depth + 1);
    } else if (key === 'additionalItems') {
      if (Array.isArray(node.items)) {
        out.items = value === false ? false : cleanNode(value, at, context, warn, depth + 1);
      }
    } else if (key === 'additionalProperties') {
      out.additionalProperties = typeof value === 'boolean' ? value : cleanNode(value, at, context, warn, depth + 1);
    } else warn(at, `"${key}" is not supported and was left out`);
  }
  if (typeof out.minimum === 'number' && node.exclusiveMinimum === true) delete out.minimum;
  if (typeof out.maximum === 'number' && node.exclusiveMaximum === true) delete out.maximum;
  return out as JsonSchema;
}

function keepIf(ok: boolean, key: string, value: unknown, out: Record<string, unknown>, at: string, warn: Warn): void {
  if (ok) out[key] = value;
  else warn(at, `"${key}" holds ${JSON.stringify(value)}, which it cannot be, and was left out`);
}

/** Draft 4 wrote `exclusiveMinimum: true` next to `minimum`; 2020-12 writes the bound itself. */
function exclusiveBound(
  key: 'exclusiveMinimum' | 'exclusiveMaximum',
  value: unknown,
  node: Record<string, unknown>,
  out: Record<string, unknown>,
  at: string,
  warn: Warn,
): void {
  if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  else if (value === true) {
    const bound = node[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
    if (typeof bound === 'number' && Number.isFinite(bound)) out[key] = bound;
  } else if (value !== false) warn(at, `"${key}" holds ${JSON.stringify(value)}, which it cannot be, and was left out`);
}
