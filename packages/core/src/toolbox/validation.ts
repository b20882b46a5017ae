import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import { describeValue } from './describe-value.js';
import { excerpt, MAX_ECHO } from './excerpt.js';
import type { AjvLikeError, PrecompiledValidator, ToolIssue } from './types.js';
import { setOwn } from '../own-property.js';

/**
 * The schema the Toolbox validates with: the declared one, made strict where the model can go wrong silently. Every
 * object node that lists `properties` and says nothing about others gets `additionalProperties: false`, so extra
 * properties are reported (not dropped). Members of `allOf` are left alone (each would reject the others'
 * properties). gen-tools can compile the same schema ahead of time.
 */
export function validationSchema(parameters: ObjectJsonSchema, rejectExtraProperties = true): JsonSchema {
  const { $id: _id, ...rest } = parameters as ObjectJsonSchema & { $id?: string };
  return rejectExtraProperties ? strict(rest, false) : rest;
}

function strict(schema: JsonSchema, insideAllOf: boolean): JsonSchema {
  const out: Record<string, unknown> = { ...schema };
  if (schema.properties) {
    out.properties = mapValues(schema.properties, (child) => strict(child, false));
    if (schema.additionalProperties === undefined && !insideAllOf) out.additionalProperties = false;
    // ajv leaves a property named `__proto__` out of `properties` (unchecked, and extra for additionalProperties);
    // an exact-name pattern checks it the same way.
    if (Object.hasOwn(out.properties as object, '__proto__')) {
      const { ['__proto__']: proto, ...rest } = out.properties as Record<string, JsonSchema>;
      out.properties = rest;
      out.patternProperties = { ...((schema as { patternProperties?: object }).patternProperties), '^__proto__$': proto };
    }
  }
  if (typeof schema.additionalProperties === 'object') out.additionalProperties = strict(schema.additionalProperties, false);
  if (typeof schema.items === 'object') out.items = strict(schema.items, false);
  if (schema.prefixItems) out.prefixItems = schema.prefixItems.map((child) => strict(child, false));
  if (schema.anyOf) out.anyOf = schema.anyOf.map((child) => strict(child, false));
  if (schema.oneOf) out.oneOf = schema.oneOf.map((child) => strict(child, false));
  if (schema.allOf) out.allOf = schema.allOf.map((child) => strict(child, true));
  if (schema.$defs) out.$defs = mapValues(schema.$defs, (child) => strict(child, false));
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
 * - `ownProperties`: `required` and `properties` look at the arguments' own properties only.
 */
export const validatorAjvOptions = Object.freeze({
  allErrors: true,
  strict: false,
  verbose: true,
  validateFormats: true,
  multipleOfPrecision: 6,
  // A property named `toString` or `constructor` that the model left out must not be found on Object.prototype.
  ownProperties: true,

} as const);

let sharedAjv: Ajv2020 | undefined;

/** One ajv for the process, made on first use: validators compile once per schema and are cached. */
function ajv(): Ajv2020 {
  if (!sharedAjv) {
    sharedAjv = new Ajv2020({ ...validatorAjvOptions });
    const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;
    addFormats(sharedAjv);
  }
  return sharedAjv;
}

const compiledStrict = new WeakMap<object, PrecompiledValidator>();
const compiledLoose = new WeakMap<object, PrecompiledValidator>();

/** Compiles (once per declared schema object, for all Toolboxes) the validator for a tool's arguments. */
export function compileValidator(parameters: ObjectJsonSchema, rejectExtraProperties: boolean): PrecompiledValidator {
  const cache = rejectExtraProperties ? compiledStrict : compiledLoose;
  let validator = cache.get(parameters);
  if (!validator) {
    validator = ajv().compile(validationSchema(parameters, rejectExtraProperties)) as PrecompiledValidator;
    cache.set(parameters, validator);
  }
  return validator;
}

interface VerboseError extends AjvLikeError {
  parentSchema?: JsonSchema;
  schema?: unknown;
  data?: unknown;
}

/** Turns ajv errors into issues a model can act on: where, what was expected, what was sent. */
export function issuesFromAjv(errors: ReadonlyArray<AjvLikeError>, data: unknown): ToolIssue[] {
  // Errors inside the branches of a failed anyOf/oneOf repeat what the anyOf error says as a whole.
  const unions = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').map((error) => `${error.schemaPath}/`);
  const issues: ToolIssue[] = [];
  const seen = new Set<string>();
  for (const raw of errors) {
    const error = raw as VerboseError;
    if (unions.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const issue = describeAjvError(error, data);
    const key = `${issue.path}\u0000${issue.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describeAjvError(error: VerboseError, data: unknown): ToolIssue {
  const path = error.instancePath;
  const at = (pointer: string) => describeValue(valueAt(data, pointer));
  const params = error.params;
  const parent = error.parentSchema;
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      const schema = parent?.properties?.[name];
      return { path: `${path}/${escapePointer(name)}`, expected: `${schema ? describeSchema(schema) : 'a value'} (required)`, received: 'nothing' };
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
      return { path, expected: `string in format ${String(params.format)}${formatHint(String(params.format))}`, received: at(path) };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, expected: `number ${String(params.comparison)} ${String(params.limit)}`, received: at(path) };
    case 'multipleOf':
      return { path, expected: `multiple of ${String(params.multipleOf)}`, received: at(path) };
    case 'minLength':
      return { path, expected: `string of at least ${String(params.limit)} characters`, received: at(path) };
    case 'maxLength':
      return { path, expected: `string of at most ${String(params.limit)} characters`, received: at(path) };
    case 'pattern':
      return { path, expected: `string matching /${String(params.pattern)}/`, received: at(path) };
    case 'minItems':
      return { path, expected: `array of at least ${String(params.limit)} items`, received: at(path) };
    case 'maxItems':
      return { path, expected: `array of at most ${String(params.limit)} items`, received: at(path) };
    case 'uniqueItems':
      return { path, expected: `no duplicate items (items ${Math.min(Number(params.i), Number(params.j))} and ${Math.max(Number(params.i), Number(params.j))} are equal)`, received: at(path) };
    case 'minProperties':
      return { path, expected: `object with at least ${String(params.limit)} properties`, received: at(path) };
    case 'maxProperties':
      return { path, expected: `object with at most ${String(params.limit)} properties`, received: at(path) };
    case 'anyOf':
    case 'oneOf': {
      const variants = (error.schema as JsonSchema[] | undefined) ?? [];
      const expected = variants.length ? `one of: ${variants.map(describeSchema).join(' | ')}` : 'a value matching one of the alternatives';
      return { path, expected: error.keyword === 'oneOf' && params.passingSchemas ? `${expected} (exactly one)` : expected, received: at(path) };
    }
    case 'false schema':
      return { path, expected: 'nothing here', received: at(path) };
    default:
      return { path, expected: error.message ?? error.keyword, received: at(path) };
  }
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
  if (schema.enum) return `one of ${listValues(schema.enum)}`;
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
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
