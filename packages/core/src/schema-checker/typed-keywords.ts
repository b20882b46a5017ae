import type { PatternEngine } from './compile-checker.js';
import { duplicateItems } from '../validator-runtime/duplicate-items.js';
import { formatTest } from '../validator-runtime/format-test.js';
import { ucs2length } from '../validator-runtime/ucs2length.js';
import { type Check, pointerToken, schemaPathSegment, UnsupportedSchemaError } from './check-run.js';

/** What compiling one schema node needs from the compilation it is part of. */
export interface NodeCompiler {
  /** Compiles a subschema whose errors report `schemaPath`. */
  node(schema: unknown, schemaPath: string): Check;
  /** Formats by name, as ajv-formats gives them. */
  readonly formats: Readonly<Record<string, unknown>>;
  /** What tests a `pattern`. */
  readonly patterns: PatternEngine;
}

export type Schema = Record<string, unknown>;

/** A keyword's check, given the node it is in and the node's schema path; null where it can find nothing wrong. */
type KeywordCompiler = (schema: Schema, schemaPath: string, compiler: NodeCompiler) => Check | null;

/**
 * The keywords that apply to one JSON type, in the order ajv checks them (its vocabularies' order: validation,
 * applicator, format). ajv runs them only where the data has that type.
 */
export interface TypedGroup {
  readonly type: 'number' | 'string' | 'array' | 'object';
  readonly keywords: ReadonlyArray<readonly [string, KeywordCompiler]>;
  /** Whether the data has this group's type (ajv's test, strictNumbers off). */
  readonly test: (data: unknown) => boolean;
}

export const LIMITS = {
  maximum: { ok: '<=', fails: (value: number, limit: number) => value > limit },
  minimum: { ok: '>=', fails: (value: number, limit: number) => value < limit },
  exclusiveMaximum: { ok: '<', fails: (value: number, limit: number) => value >= limit },
  exclusiveMinimum: { ok: '>', fails: (value: number, limit: number) => value <= limit },
} as const;

/** The keyword's value, a finite number, or UnsupportedSchemaError. */
export function numberOf(schema: Schema, keyword: string, schemaPath: string): number {
  const value = schema[keyword];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new UnsupportedSchemaError(schemaPath, `${keyword} is not a finite number`);
  }
  return value;
}

/** The keyword's value, a count (an integer >= 0), or UnsupportedSchemaError. */
export function countOf(schema: Schema, keyword: string, schemaPath: string): number {
  const value = numberOf(schema, keyword, schemaPath);
  if (!Number.isInteger(value) || value < 0) throw new UnsupportedSchemaError(schemaPath, `${keyword} is not a count`);
  return value;
}

function limit(keyword: keyof typeof LIMITS): KeywordCompiler {
  const { ok, fails } = LIMITS[keyword];
  return (schema, schemaPath) => {
    const bound = numberOf(schema, keyword, schemaPath);
    const path = `${schemaPath}/${keyword}`;
    const params = { comparison: ok, limit: bound };
    const message = `must be ${ok} ${bound}`;
    return (data, run) => {
      const value = data as number;
      if (fails(value, bound) || Number.isNaN(value)) run.fail(path, keyword, params, message, bound, schema, data);
    };
  };
}

/** ajv with `multipleOfPrecision: 6` (validatorAjvOptions): the quotient must be within 1e-6 of an integer. */
const multipleOf: KeywordCompiler = (schema, schemaPath) => {
  const divisor = numberOf(schema, 'multipleOf', schemaPath);
  const path = `${schemaPath}/multipleOf`;
  const message = `must be multiple of ${divisor}`;
  return (data, run) => {
    const quotient = (data as number) / divisor;
    if (divisor === 0 || Math.abs(Math.round(quotient) - quotient) > 1e-6) {
      run.fail(path, 'multipleOf', { multipleOf: divisor }, message, divisor, schema, data);
    }
  };
};

function count(keyword: string, unit: string, measure: (data: unknown) => number, most: boolean): KeywordCompiler {
  return (schema, schemaPath) => {
    const bound = countOf(schema, keyword, schemaPath);
    const path = `${schemaPath}/${keyword}`;
    const message = `must NOT have ${most ? 'more' : 'fewer'} than ${bound} ${unit}`;
    return (data, run) => {
      const size = measure(data);
      if (most ? size > bound : size < bound) run.fail(path, keyword, { limit: bound }, message, bound, schema, data);
    };
  };
}

const textLength = (data: unknown) => ucs2length(data as string);
const itemCount = (data: unknown) => (data as unknown[]).length;
const propertyCount = (data: unknown) => Object.keys(data as object).length;

type PatternTest = ReturnType<PatternEngine>;

/** A pattern on the checker's engine (RE2's, see linear-regexp.ts); one JavaScript refuses is refused as ajv does. */
function regExpOf(source: unknown, schemaPath: string, compiler: NodeCompiler): PatternTest {
  if (typeof source !== 'string') throw new UnsupportedSchemaError(schemaPath, 'a pattern is not a string');
  try {
    new RegExp(source, 'u');
  } catch (error) {
    throw new UnsupportedSchemaError(schemaPath, (error as Error).message);
  }
  return compiler.patterns(source);
}

const pattern: KeywordCompiler = (schema, schemaPath, compiler) => {
  const source = schema.pattern as string;
  const regExp = regExpOf(source, schemaPath, compiler);
  const path = `${schemaPath}/pattern`;
  const message = `must match pattern "${source}"`;
  return (data, run) => {
    if (!regExp.test(data as string)) run.fail(path, 'pattern', { pattern: source }, message, source, schema, data);
  };
};

/**
 * `format`, for the group of `type`: ajv checks a format only in the group of the type it is for (ajv-formats'
 * int32, float, ... are numbers; the others strings). An unknown format is not checked (ajv, strict off).
 */
function format(type: 'number' | 'string'): KeywordCompiler {
  return (schema, schemaPath, compiler) => {
    const name = schema.format;
    if (typeof name !== 'string') throw new UnsupportedSchemaError(schemaPath, 'format is not a string');
    let valid: ((value: unknown) => boolean) | null;
    try {
      valid = formatTest(compiler.formats, name, type);
    } catch (error) {
      throw new UnsupportedSchemaError(schemaPath, (error as Error).message);
    }
    if (valid === null) return null;
    const path = `${schemaPath}/format`;
    const message = `must match format "${name}"`;
    return (data, run) => {
      if (!valid(data)) run.fail(path, 'format', { format: name }, message, name, schema, data);
    };
  };
}

export type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';
const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

/** The types a `type` keyword names ([] where it has none). */
export function typesOf(schema: Schema, schemaPath: string): JsonTypeName[] {
  const type = schema.type;
  if (type === undefined) return [];
  const types = Array.isArray(type) ? type : [type];
  if (!types.every((name) => typeof name === 'string' && JSON_TYPES.has(name))) {
    throw new UnsupportedSchemaError(schemaPath, 'type names something that is not a JSON type');
  }
  return types as JsonTypeName[];
}

const uniqueItems: KeywordCompiler = (schema, schemaPath) => {
  if (typeof schema.uniqueItems !== 'boolean') {
    throw new UnsupportedSchemaError(schemaPath, 'uniqueItems is not true or false');
  }
  if (!schema.uniqueItems) return null;
  const items = schema.items;
  const itemTypes = items && typeof items === 'object' ? typesOf(items as Schema, `${schemaPath}/items`) : null;
  const path = `${schemaPath}/uniqueItems`;
  return (data, run) => {
    const pair = duplicateItems(data as unknown[], itemTypes);
    if (pair === null) return;
    const [i, j] = pair;
    const message = `must NOT have duplicate items (items ## ${j} and ${i} are identical)`;
    run.fail(path, 'uniqueItems', { i, j }, message, true, schema, data);
  };
};

/** Whether a subschema can find nothing wrong (ajv skips those): `true`, or an object with no keyword at all. */
function alwaysValid(schema: unknown): boolean {
  return schema === true || (typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0);
}

const prefixItems: KeywordCompiler = (schema, schemaPath, compiler) => {
  const list = schema.prefixItems;
  if (!Array.isArray(list)) throw new UnsupportedSchemaError(schemaPath, 'prefixItems is not an array');
  const checks = list.map((item, i) =>
    alwaysValid(item) ? null : compiler.node(item, `${schemaPath}/prefixItems/${i}`),
  );
  return (data, run) => {
    const array = data as unknown[];
    const length = Math.min(array.length, checks.length);
    for (let i = 0; i < length; i++) {
      const check = checks[i];
      if (!check) continue;
      run.path.push(i);
      check(array[i], run);
      run.path.pop();
    }
  };
};

/** 2020-12 `items`: the items after `prefixItems`, or all of them. */
const items: KeywordCompiler = (schema, schemaPath, compiler) => {
  const each = schema.items;
  if (Array.isArray(each)) throw new UnsupportedSchemaError(schemaPath, 'items is an array (draft 7 tuples)');
  const first = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0;
  const path = `${schemaPath}/items`;
  if (each === false && first > 0) {
    const message = `must NOT have more than ${first} items`;
    return (data, run) => {
      if ((data as unknown[]).length > first) run.fail(path, 'items', { limit: first }, message, false, schema, data);
    };
  }
  if (alwaysValid(each)) return null;
  const check = compiler.node(each, path);
  return (data, run) => {
    const array = data as unknown[];
    for (let i = first; i < array.length; i++) {
      run.path.push(i);
      check(array[i], run);
      run.path.pop();
    }
  };
};

/** Property names a keyword's object lists, as ajv takes them: `__proto__` left out. */
function namesOf(record: unknown, keyword: string, schemaPath: string): string[] {
  if (record === undefined) return [];
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new UnsupportedSchemaError(schemaPath, `${keyword} is not an object`);
  }
  return Object.keys(record).filter((name) => name !== '__proto__');
}

const required: KeywordCompiler = (schema, schemaPath) => {
  const names = schema.required;
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new UnsupportedSchemaError(schemaPath, 'required is not a list of names');
  }
  if (names.length === 0) return null;
  const path = `${schemaPath}/required`;
  return (data, run) => {
    const object = data as Record<string, unknown>;
    for (const name of names as string[]) {
      if (object[name] === undefined) {
        const message = `must have required property '${name}'`;
        run.fail(path, 'required', { missingProperty: name }, message, names, schema, data);
      }
    }
  };
};

const properties: KeywordCompiler = (schema, schemaPath, compiler) => {
  const record = schema.properties as Record<string, unknown>;
  const checks: [string, string, Check][] = [];
  for (const name of namesOf(record, 'properties', schemaPath)) {
    if (alwaysValid(record[name])) continue;
    const check = compiler.node(record[name], `${schemaPath}/properties/${schemaPathSegment(name)}`);
    checks.push([name, pointerToken(name), check]);
  }
  if (checks.length === 0) return null;
  return (data, run) => {
    const object = data as Record<string, unknown>;
    for (const [name, token, check] of checks) {
      const value = object[name];
      if (value === undefined) continue;
      run.path.push(token);
      check(value, run);
      run.path.pop();
    }
  };
};

function patternsOf(schema: Schema, schemaPath: string, compiler: NodeCompiler): [string, PatternTest][] {
  return namesOf(schema.patternProperties, 'patternProperties', schemaPath).map((source) => [
    source,
    regExpOf(source, schemaPath, compiler),
  ]);
}

const patternProperties: KeywordCompiler = (schema, schemaPath, compiler) => {
  const record = schema.patternProperties as Record<string, unknown>;
  const checks: [PatternTest, Check][] = [];
  for (const [source, regExp] of patternsOf(schema, schemaPath, compiler)) {
    if (alwaysValid(record[source])) continue;
    checks.push([
      regExp,
      compiler.node(record[source], `${schemaPath}/patternProperties/${schemaPathSegment(source)}`),
    ]);
  }
  if (checks.length === 0) return null;
  return (data, run) => {
    const object = data as Record<string, unknown>;
    for (const [regExp, check] of checks) {
      for (const key in object) {
        if (!regExp.test(key)) continue;
        run.path.push(pointerToken(key));
        check(object[key], run);
        run.path.pop();
      }
    }
  };
};

const additionalProperties: KeywordCompiler = (schema, schemaPath, compiler) => {
  const additional = schema.additionalProperties;
  if (alwaysValid(additional)) return null;
  const declared = new Set(namesOf(schema.properties, 'properties', schemaPath));
  const patterns = patternsOf(schema, schemaPath, compiler).map(([, regExp]) => regExp);
  const path = `${schemaPath}/additionalProperties`;
  const isAdditional = (key: string) => !declared.has(key) && !patterns.some((regExp) => regExp.test(key));
  if (additional === false) {
    const message = 'must NOT have additional properties';
    return (data, run) => {
      for (const key in data as object) {
        if (isAdditional(key))
          run.fail(path, 'additionalProperties', { additionalProperty: key }, message, false, schema, data);
      }
    };
  }
  const check = compiler.node(additional, path);
  return (data, run) => {
    const object = data as Record<string, unknown>;
    for (const key in object) {
      if (!isAdditional(key)) continue;
      run.path.push(pointerToken(key));
      check(object[key], run);
      run.path.pop();
    }
  };
};

let groups: readonly TypedGroup[] | undefined;

/**
 * The four groups in ajv's order (number, string, array, object), each with its keywords in ajv's order. Made on the
 * first compile, not at load: a cold start whose calls are all valid never compiles a validator, so it never pays
 * for them (about a million instructions, `npm run bench -- cold-start`).
 */
export function typedGroups(): readonly TypedGroup[] {
  return (groups ??= makeTypedGroups());
}

function makeTypedGroups(): readonly TypedGroup[] {
  return [
    {
      type: 'number',
      test: (data) => typeof data === 'number',
      keywords: [
        ['maximum', limit('maximum')],
        ['minimum', limit('minimum')],
        ['exclusiveMaximum', limit('exclusiveMaximum')],
        ['exclusiveMinimum', limit('exclusiveMinimum')],
        ['multipleOf', multipleOf],
        ['format', format('number')],
      ],
    },
    {
      type: 'string',
      test: (data) => typeof data === 'string',
      keywords: [
        ['maxLength', count('maxLength', 'characters', textLength, true)],
        ['minLength', count('minLength', 'characters', textLength, false)],
        ['pattern', pattern],
        ['format', format('string')],
      ],
    },
    {
      type: 'array',
      test: Array.isArray,
      keywords: [
        ['maxItems', count('maxItems', 'items', itemCount, true)],
        ['minItems', count('minItems', 'items', itemCount, false)],
        // ajv puts the applicators before uniqueItems (their definitions say `before: "uniqueItems"`).
        ['prefixItems', prefixItems],
        ['items', items],
        ['uniqueItems', uniqueItems],
      ],
    },
    {
      type: 'object',
      test: (data) => typeof data === 'object' && data !== null && !Array.isArray(data),
      keywords: [
        ['maxProperties', count('maxProperties', 'properties', propertyCount, true)],
        ['minProperties', count('minProperties', 'properties', propertyCount, false)],
        ['required', required],
        ['additionalProperties', additionalProperties],
        ['properties', properties],
        ['patternProperties', patternProperties],
      ],
    },
  ];
}
