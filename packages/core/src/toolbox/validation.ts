import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import { describeValue } from './describe-value.js';
import { excerpt, MAX_ECHO } from './excerpt.js';
import type { AjvLikeError, ToolIssue } from './types.js';
import { setOwn } from '../own-property.js';
import { isAnnotation } from '../render/annotations.js';
import { decodeSegment } from '../render/json-pointer.js';

/**
 * The schema the Toolbox validates with: the declared one, made strict where the model can go wrong silently. Every
 * object node that lists `properties` and says nothing about others gets `additionalProperties: false`, so extra
 * properties are reported (not dropped). Members of `allOf` are left alone (each would reject the others'
 * properties). Annotations (descriptions, titles, examples, defaults) are left out: validation ignores them, and
 * ajv would copy them into every validator's code, precompiled ones included. gen-tools compiles the same schema
 * ahead of time.
 */
export function validationSchema(parameters: ObjectJsonSchema, rejectExtraProperties = true): JsonSchema {
  const { $id: _id, ...rest } = parameters as ObjectJsonSchema & { $id?: string };
  return strict(rest as JsonSchema, false, rejectExtraProperties);
}

function strict(schema: JsonSchema, insideAllOf: boolean, rejectExtra: boolean): JsonSchema {
  const out: Record<string, unknown> = {};
  // No validator reads annotations or comments (the Toolbox takes defaults from the declared schema).
  for (const key of Object.keys(schema)) {
    if (!isAnnotation(key) && key !== '$comment') setOwn(out, key, (schema as Record<string, unknown>)[key]);
  }
  const walk = (child: JsonSchema, allOf = false) => strict(child, allOf, rejectExtra);
  if (schema.properties) {
    out.properties = mapValues(schema.properties, (child) => walk(child));
    if (rejectExtra && schema.additionalProperties === undefined && !insideAllOf) out.additionalProperties = false;
    // ajv leaves a property named `__proto__` out of `properties` (unchecked, and extra for additionalProperties);
    // an exact-name pattern checks it the same way.
    if (Object.hasOwn(out.properties as object, '__proto__')) {
      const { ['__proto__']: proto, ...rest } = out.properties as Record<string, JsonSchema>;
      out.properties = rest;
      out.patternProperties = { ...(schema as { patternProperties?: object }).patternProperties, '^__proto__$': proto };
    }
  }
  if (typeof schema.additionalProperties === 'object') out.additionalProperties = walk(schema.additionalProperties);
  // Draft 7's tuple form of `items` is an array of schemas.
  if (Array.isArray(schema.items)) out.items = (schema.items as JsonSchema[]).map((child) => walk(child));
  else if (typeof schema.items === 'object') out.items = walk(schema.items);
  if (schema.prefixItems) out.prefixItems = schema.prefixItems.map((child) => walk(child));
  if (schema.anyOf) out.anyOf = schema.anyOf.map((child) => walk(child));
  if (schema.oneOf) out.oneOf = schema.oneOf.map((child) => walk(child));
  if (schema.allOf) out.allOf = schema.allOf.map((child) => walk(child, true));
  if (schema.$defs) out.$defs = mapValues(schema.$defs, (child) => walk(child));
  return out as JsonSchema;
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const key of Object.keys(record)) setOwn(out, key, map(record[key]!));
  return out;
}

/**
 * The ajv options the Toolbox compiles validators with (ajv 8, `ajv/dist/2020`, plus ajv-formats). Validators
 * precompiled for `ToolboxOptions.validators` should use the same, with `code: { source: true }` added.
 * - `verbose` keeps the failing schema on each error, which the issue descriptions read; only the error path pays.
 * - `multipleOfPrecision`: ajv's default tests `value / multipleOf` for an exact integer, which binary floats miss
 *   (0.15 / 0.05 is 2.9999999999999996). 6 digits accepts a quotient within 1e-6 of an integer: it absorbs the
 *   rounding of quotients up to about 1e9 (amounts of 0.01 up to ten million) and still rejects 0.151 for 0.05.
 * - No `ownProperties`: it would make every validation about twice as slow, for schemas that name a property every
 *   object inherits (`toString`, `constructor`); the Toolbox validates a prototype-free copy for those instead
 *   (`withoutPrototypes`), with validators compiled here or ahead of time alike.
 */
export const validatorAjvOptions = Object.freeze({
  allErrors: true,
  strict: false,
  verbose: true,
  validateFormats: true,
  multipleOfPrecision: 6,
} as const);

interface VerboseError extends AjvLikeError {
  parentSchema?: JsonSchema;
  schema?: unknown;
  data?: unknown;
}

/**
 * Turns ajv errors into issues a model can act on: where, what was expected, what was sent. `root`: the schema the
 * errors' schema paths start from, where a property required in a branch (`then`, an `allOf` member) is declared.
 */
export function issuesFromAjv(errors: ReadonlyArray<AjvLikeError>, data: unknown, root?: JsonSchema): ToolIssue[] {
  // Errors inside the branches of a failed anyOf/oneOf repeat what the anyOf error says as a whole, except in the one
  // branch that the value's discriminator picks (`kind: "circle"`): its errors say exactly what is wrong.
  const unions = new Map<string, string | null>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') continue;
    const prefix = `${error.schemaPath}/`;
    const branch = chosenBranch(error as VerboseError, data);
    const picked = branch === null ? null : `${prefix}${branch}/`;
    unions.set(prefix, picked !== null && errors.some((other) => other.schemaPath.startsWith(picked)) ? picked : null);
  }
  // A failed `contains` says as a whole what its items' errors say one by one (no item has to match).
  const contains = errors.filter((error) => error.keyword === 'contains').map((error) => `${error.schemaPath}/`);
  const issues: ToolIssue[] = [];
  const seen = new Set<string>();
  for (const raw of errors) {
    const error = raw as VerboseError;
    if (unions.get(`${error.schemaPath}/`)) continue;
    if (contains.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    let hidden = false;
    for (const [prefix, picked] of unions) {
      const inside = error.schemaPath.startsWith(prefix);
      if (inside && (picked === null || !error.schemaPath.startsWith(picked))) hidden = true;
    }
    if (hidden) continue;
    const issue = describeAjvError(error, data, root);
    const key = `${issue.path}\u0000${issue.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/** The property whose constant value tells the object members of a union apart, with each member's values. */
function discriminatorOf(variants: readonly JsonSchema[]): { name: string; values: unknown[][] } | null {
  if (variants.length < 2) return null;
  if (!variants.every((variant) => typeof variant === 'object' && variant.properties)) return null;
  for (const name of Object.keys(variants[0]!.properties!)) {
    const values = variants.map((variant) => constantsOf(variant.properties![name]));
    if (values.some((list) => list === null)) continue;
    const all = values.flat();
    const distinct = new Set(all.map((value) => JSON.stringify(value))).size === all.length;
    if (distinct) return { name, values: values as unknown[][] };
  }
  return null;
}

function constantsOf(schema: JsonSchema | undefined): unknown[] | null {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.const !== undefined) return [schema.const];
  return schema.enum && schema.enum.length > 0 ? schema.enum : null;
}

/** The branch of a failed union that the value's discriminator picks, or null. */
function chosenBranch(error: VerboseError, data: unknown): number | null {
  const variants = Array.isArray(error.schema) ? (error.schema as JsonSchema[]) : [];
  const discriminator = discriminatorOf(variants);
  const value = valueAt(data, error.instancePath);
  if (!discriminator || typeof value !== 'object' || value === null) return null;
  if (!Object.hasOwn(value, discriminator.name)) return null;
  const tag = JSON.stringify((value as Record<string, unknown>)[discriminator.name]);
  const index = discriminator.values.findIndex((values) => values.some((value) => JSON.stringify(value) === tag));
  return index < 0 ? null : index;
}

/** What a schema accepts, in words; for a union, what each member needs. */
export function describeExpected(schema: JsonSchema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  return variants ? describeUnion(variants) : describeSchema(schema);
}

/** What each member of a union needs: `{ kind: "circle", radius: number } | { kind: "square", side: number }`. */
function describeUnion(variants: readonly JsonSchema[]): string {
  const discriminator = discriminatorOf(variants);
  const members = variants.map((variant) =>
    typeof variant === 'object' && variant.properties ? describeShape(variant) : describeSchema(variant),
  );
  const told = discriminator
    ? ` (told apart by "${discriminator.name}": ${listValues(discriminator.values.flat())})`
    : '';
  return `one of: ${members.join(' | ')}${told}`;
}

/** An object schema as a short type: required properties first, in order, then optional ones with `?`. */
function describeShape(schema: JsonSchema): string {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  const ordered = [
    ...entries.filter(([name]) => required.has(name)),
    ...entries.filter(([name]) => !required.has(name)),
  ];
  const shown = ordered
    .slice(0, 6)
    .map(([name, child]) => `${name}${required.has(name) ? '' : '?'}: ${describeSchema(child)}`);
  if (ordered.length > 6) shown.push('...');
  return shown.length ? `{ ${shown.join(', ')} }` : 'object';
}

function describeAjvError(error: VerboseError, data: unknown, root: JsonSchema | undefined): ToolIssue {
  const path = error.instancePath;
  const at = (pointer: string) => describeValue(valueAt(data, pointer));
  const params = error.params;
  const parent = error.parentSchema;
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const schema = declaredProperty(parent, name) ?? declaredAround(root, error.schemaPath, name);
      return {
        path: `${path}/${escapePointer(name)}`,
        expected: `${schema ? describeSchema(schema) : 'a value'} (required)`,
        received: 'nothing',
      };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const allowed = Object.keys(parent?.properties ?? {});
      const quoted = excerpt(name, MAX_ECHO);
      const expected = allowed.length
        ? `no property "${quoted}" (allowed: ${allowed.join(', ')})`
        : `no property "${quoted}" (this object takes no properties)`;
      return { path: `${path}/${escapePointer(name)}`, expected, received: at(`${path}/${escapePointer(name)}`) };
    }
    case 'type':
      return { path, expected: parent ? describeSchema(parent) : String(params.type), received: at(path) };
    case 'enum':
      return { path, expected: `one of ${listValues(params.allowedValues as unknown[])}`, received: at(path) };
    case 'const':
      return { path, expected: `exactly ${JSON.stringify(params.allowedValue)}`, received: at(path) };
    case 'format':
      return {
        path,
        expected: `string in format ${String(params.format)}${formatHint(String(params.format))}`,
        received: at(path),
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        path,
        expected: `${numberKind(parent)} ${String(params.comparison)} ${String(params.limit)}`,
        received: at(path),
      };
    case 'multipleOf':
      return { path, expected: `multiple of ${String(params.multipleOf)}`, received: at(path) };
    case 'minLength':
      return { path, expected: `string of at least ${count(params.limit, 'character')}`, received: at(path) };
    case 'maxLength':
      return { path, expected: `string of at most ${count(params.limit, 'character')}`, received: at(path) };
    case 'pattern':
      return { path, expected: `string matching /${String(params.pattern)}/`, received: at(path) };
    case 'minItems':
      return { path, expected: `array of at least ${count(params.limit, 'item')}`, received: at(path) };
    case 'maxItems':
      return { path, expected: `array of at most ${count(params.limit, 'item')}`, received: at(path) };
    case 'uniqueItems':
      return {
        path,
        expected:
          `no duplicate items (items ${Math.min(Number(params.i), Number(params.j))} ` +
          `and ${Math.max(Number(params.i), Number(params.j))} are equal)`,
        received: at(path),
      };
    case 'minProperties':
      return {
        path,
        expected: `object with at least ${count(params.limit, 'property', 'properties')}`,
        received: at(path),
      };
    case 'maxProperties':
      return {
        path,
        expected: `object with at most ${count(params.limit, 'property', 'properties')}`,
        received: at(path),
      };
    case 'anyOf':
    case 'oneOf': {
      const variants = (error.schema as JsonSchema[] | undefined) ?? [];
      const expected = variants.length ? describeUnion(variants) : 'a value matching one of the alternatives';
      return {
        path,
        expected: error.keyword === 'oneOf' && params.passingSchemas ? `${expected} (exactly one)` : expected,
        received: at(path),
      };
    }
    case 'false schema':
      return { path, expected: 'nothing here', received: at(path) };
    case 'not':
      return { path, expected: `anything but ${describeSchema(error.schema as JsonSchema)}`, received: at(path) };
    case 'dependentRequired': {
      const name = String(params.missingProperty);
      const schema = declaredProperty(parent, name) ?? declaredAround(root, error.schemaPath, name);
      return {
        path: `${path}/${escapePointer(name)}`,
        expected: `${schema ? describeSchema(schema) : 'a value'} (required with "${String(params.property)}")`,
        received: 'nothing',
      };
    }
    case 'contains': {
      const least = Number(params.minContains ?? 1);
      const most = params.maxContains === undefined ? '' : ` and at most ${String(params.maxContains)}`;
      return {
        path,
        expected: `array with at least ${count(least, 'item')}${most} of ${describeSchema(error.schema as JsonSchema)}`,
        received: at(path),
      };
    }
    case 'if':
      // The branch's own errors follow; this one says which branch applied.
      return {
        path,
        expected: `a value that also matches the schema's "${String(params.failingKeyword)}" branch`,
        received: at(path),
      };
    default:
      return { path, expected: error.message ?? error.keyword, received: at(path) };
  }
}

/** `1 item`, `2 items`. */
export function count(limit: unknown, singular: string, plural = `${singular}s`): string {
  return `${String(limit)} ${Number(limit) === 1 ? singular : plural}`;
}

/** A bound on an integer reads as one: `integer >= 1`, not `number >= 1`. */
function numberKind(schema: JsonSchema | undefined): string {
  const types = schema?.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') && !types.includes('number') ? 'integer' : 'number';
}

const FORMAT_HINTS: Record<string, string> = {
  'date-time': ', e.g. "2025-01-31T09:30:00Z"',
  date: ', e.g. "2025-01-31"',
  time: ', e.g. "09:30:00Z"',
  uri: ', e.g. "https://example.com/a"',
  email: ', e.g. "ada@example.com"',
  uuid: ', e.g. "123e4567-e89b-12d3-a456-426614174000"',
};

function formatHint(format: string): string {
  return FORMAT_HINTS[format] ?? '';
}

/** A short text for what a schema accepts, e.g. `integer`, `string (date-time)`, `"a" | "b"`, `array of string`. */
function describeSchema(schema: JsonSchema | boolean | undefined): string {
  if (schema === undefined || schema === true) return 'any value';
  if (schema === false) return 'nothing';
  if (schema.enum)
    return schema.enum.length === 1 ? JSON.stringify(schema.enum[0]) : `one of ${listValues(schema.enum)}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.$ref) return `${schema.$ref.split('/').pop() ?? 'object'} (object)`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(describeSchema).join(' or ');
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.length) return schema.properties ? 'object' : 'any value';
  return types
    .map((type) => {
      if (type === 'string' && schema.format) return `string (${schema.format})`;
      if (type === 'array' && typeof schema.items === 'object') return `array of ${describeSchema(schema.items)}`;
      return type;
    })
    .join(' or ');
}

function listValues(values: readonly unknown[] | undefined): string {
  const shown = (values ?? []).slice(0, 20).map((value) => JSON.stringify(value));
  return shown.join(', ') + ((values?.length ?? 0) > 20 ? ', ...' : '');
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A property's schema in its object schema (own entries only; `__proto__` sits in an exact-name pattern). */
function declaredProperty(parent: JsonSchema | undefined, name: string): JsonSchema | undefined {
  const properties = parent?.properties;
  if (properties && Object.hasOwn(properties, name)) return properties[name];
  const patterns = (parent as { patternProperties?: Record<string, JsonSchema> } | undefined)?.patternProperties;
  const exact = `^${name}$`;
  return name === '__proto__' && patterns && Object.hasOwn(patterns, exact) ? patterns[exact] : undefined;
}

/** Keywords followed in a schema path by a name or an index, then the schema. */
const KEYED = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
]);
/** Keywords whose schemas check the same value as the schema that holds them. */
const IN_PLACE = new Set(['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not', 'dependentSchemas']);

/**
 * A property required by a branch (`then: { required: ["size"] }`) is declared by the object schema around it: the
 * schemas that hold the branch, up from the error's `schemaPath` (`#/then/required`) while they check the same value.
 */
function declaredAround(root: JsonSchema | undefined, schemaPath: string, name: string): JsonSchema | undefined {
  if (root === undefined || !schemaPath.startsWith('#/')) return undefined;
  const segments: string[] = [];
  for (const raw of schemaPath.slice(2).split('/')) {
    const segment = decodeSegment(raw);
    if (segment === undefined) return undefined;
    segments.push(segment);
  }
  segments.pop();
  // The schemas along the path, each with the keyword that leads into it.
  const chain: { schema: unknown; via: string }[] = [{ schema: root, via: '' }];
  for (let i = 0; i < segments.length; ) {
    const keyword = segments[i]!;
    const step = KEYED.has(keyword) ? 2 : 1;
    let schema: unknown = chain.at(-1)!.schema;
    for (const segment of segments.slice(i, i + step)) {
      schema =
        typeof schema === 'object' && schema !== null && Object.hasOwn(schema, segment)
          ? (schema as Record<string, unknown>)[segment]
          : undefined;
    }
    if (typeof schema !== 'object' || schema === null) return undefined;
    chain.push({ schema, via: keyword });
    i += step;
  }
  for (let k = chain.length - 1; k > 0 && IN_PLACE.has(chain[k]!.via); k--) {
    const found = declaredProperty(chain[k - 1]!.schema as JsonSchema, name);
    if (found) return found;
  }
  return undefined;
}

function valueAt(data: unknown, pointer: string): unknown {
  if (!pointer) return data;
  let current = data;
  for (const raw of pointer.slice(1).split('/')) {
    if (typeof current !== 'object' || current === null) return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}
