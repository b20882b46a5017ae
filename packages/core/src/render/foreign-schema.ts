import type { JsonSchema, JsonSchemaType, ObjectJsonSchema } from '../json-schema.js';
import { mergeAllOf } from './merge-schemas.js';
import { childPath, resolveLocalRef } from './json-pointer.js';
import { isRecord } from './json-value.js';
import { copyWith, HOLDS, type KeywordCopy, type SchemaCopyPolicy } from './schema-copy.js';
import type { RenderResult, RenderWarning } from './types.js';

const TYPES = new Set<JsonSchemaType>(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
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
  const kept = keepFoundRefs(copyWith(root as JsonSchema, foreignPolicy(context, warn)), context.refs, warn);
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

/** How deep a foreign schema may nest (the walk recurses); deeper levels become open schemas. */
const MAX_DEPTH = 64;

/** Keywords kept as they are when their value is of the right kind; left out with a warning otherwise. */
const isText = (value: unknown) => typeof value === 'string';
const isFiniteNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isFlag = (value: unknown) => typeof value === 'boolean';
/** Marked pure (see outputOf): a bundle that does not clean foreign schemas leaves it out. */
const VALUE_CHECKS: ReadonlyMap<string, (value: unknown) => boolean> = /* @__PURE__ */ valueChecks();

function valueChecks(): Map<string, (value: unknown) => boolean> {
  const checks = new Map<string, (value: unknown) => boolean>();
  for (const key of ['title', 'description', 'format', 'pattern']) checks.set(key, isText);
  for (const key of ['minimum', 'maximum', 'multipleOf']) checks.set(key, isFiniteNumber);
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']) {
    checks.set(key, isCount);
  }
  for (const key of ['deprecated', 'uniqueItems']) checks.set(key, isFlag);
  for (const key of ['const', 'default']) checks.set(key, () => true);
  checks.set('examples', Array.isArray);
  checks.set('enum', (value) => Array.isArray(value) && value.length > 0);
  checks.set('required', (value) => Array.isArray(value) && value.every((name) => typeof name === 'string'));
  return checks;
}

/** Keywords holding an object of subschemas, and ones holding a (non-empty) list of them. */
const MAPS = new Set(['properties', '$defs', 'definitions']);
const LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);

/** Draft 7 renamed to 2020-12: `items: [...]` is `prefixItems`, and `additionalItems` beside it is `items`. */
const TUPLE: KeywordCopy = { holds: 'list', as: 'prefixItems' };
const REST_SCHEMA: KeywordCopy = { holds: 'schema', as: 'items' };
const NO_REST: KeywordCopy = { holds: 'value', as: 'items' };

/** Cleaning as a policy of the structural walk: what each keyword of a foreign schema may hold, and what it becomes. */
function foreignPolicy(context: CleanContext, warn: Warn): SchemaCopyPolicy {
  const wrongValue = (key: string, value: unknown, path: string): undefined => {
    warn(childPath(path, key), `"${key}" holds ${JSON.stringify(value)}, which it cannot be, and was left out`);
    return undefined;
  };
  return {
    enter: (_node, path, depth) => (depth > MAX_DEPTH ? tooDeep(path, warn) : undefined),
    nonObject: (value, path, depth) => {
      if (value === true || value === undefined) return {};
      if (depth > MAX_DEPTH) return tooDeep(path, warn);
      warn(path, `${JSON.stringify(value)} is not a schema: an open schema here`);
      return {};
    },
    keyword: (key, value, node, path, copy) => {
      if (DOCUMENT_KEYS.has(key) || key.startsWith('x-')) return undefined;
      const check = VALUE_CHECKS.get(key);
      if (check) return check(value) ? HOLDS.value : wrongValue(key, value, path);
      switch (key) {
        case 'type':
          return typeKeyword(value, path, warn);
        case 'exclusiveMinimum':
        case 'exclusiveMaximum':
          return exclusiveBound(key, value, node, path, warn);
        case '$ref': {
          const at = childPath(path, key);
          if (typeof value === 'string' && resolveLocalRef(context.root, value)) {
            context.refs.push({ node: copy, path: at });
            return HOLDS.value;
          }
          warn(at, `$ref ${JSON.stringify(value)} does not point into the schema: an open schema here`);
          return undefined;
        }
        case 'items':
          return Array.isArray(value) ? TUPLE : value === false ? HOLDS.value : HOLDS.schema;
        case 'additionalItems':
          return Array.isArray(node.items) ? (value === false ? NO_REST : REST_SCHEMA) : undefined;
        case 'additionalProperties':
          return typeof value === 'boolean' ? HOLDS.value : HOLDS.schema;
      }
      if (MAPS.has(key) && isRecord(value)) return HOLDS.map;
      if (LISTS.has(key) && Array.isArray(value) && value.length > 0) return HOLDS.list;
      const what = MAPS.has(key)
        ? 'is not an object of schemas'
        : LISTS.has(key)
          ? 'is not a list of schemas'
          : 'is not supported';
      warn(childPath(path, key), `"${key}" ${what} and was left out`);
      return undefined;
    },
    leave: (copy, node) => {
      // A draft-04 exclusive bound took the place of `minimum`/`maximum` (see exclusiveBound).
      if (typeof copy.minimum === 'number' && node.exclusiveMinimum === true) delete copy.minimum;
      if (typeof copy.maximum === 'number' && node.exclusiveMaximum === true) delete copy.maximum;
    },
  };
}

function tooDeep(path: string, warn: Warn): JsonSchema {
  warn(path, `nested deeper than ${MAX_DEPTH} levels: an open schema here`, 'recursion-truncated');
  return {};
}

/** The JSON Schema types among `type`'s; none left leaves the keyword out. */
function typeKeyword(value: unknown, path: string, warn: Warn): KeywordCopy | undefined {
  const types = (Array.isArray(value) ? value : [value]).filter((type): type is JsonSchemaType =>
    TYPES.has(type as JsonSchemaType),
  );
  if (types.length > 0) return { holds: 'value', value: Array.isArray(value) ? types : types[0] };
  warn(childPath(path, 'type'), `type ${JSON.stringify(value)} is not a JSON Schema type and was left out`);
  return undefined;
}

/** Draft 4 wrote `exclusiveMinimum: true` next to `minimum`; 2020-12 writes the bound itself. */
function exclusiveBound(
  key: 'exclusiveMinimum' | 'exclusiveMaximum',
  value: unknown,
  node: Record<string, unknown>,
  path: string,
  warn: Warn,
): KeywordCopy | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return HOLDS.value;
  if (value === true) {
    const bound = node[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'];
    return typeof bound === 'number' && Number.isFinite(bound) ? { holds: 'value', value: bound } : undefined;
  }
  if (value !== false) {
    warn(childPath(path, key), `"${key}" holds ${JSON.stringify(value)}, which it cannot be, and was left out`);
  }
  return undefined;
}
