import type { JsonSchema, JsonSchemaType } from '@toolwright/core';

/** The JSON types a validation keyword constrains; `any` keywords are set on the value itself. */
type KeywordKind = 'string' | 'number' | 'array' | 'any';

const KEYWORD_KINDS: Record<string, KeywordKind> = {
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
};

/** The JSON types a schema admits, or undefined when it admits anything (or cannot be seen, as with `$ref`). */
export function jsonTypes(schema: JsonSchema): Set<JsonSchemaType> | undefined {
  if (schema.anyOf) {
    const all = new Set<JsonSchemaType>();
    for (const branch of schema.anyOf) {
      const types = jsonTypes(branch);
      if (!types) return undefined;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (schema.type === undefined) return undefined;
  return new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
}

function admits(schema: JsonSchema, kind: KeywordKind): boolean {
  const types = jsonTypes(schema);
  if (!types) return true;
  if (kind === 'number') return types.has('number') || types.has('integer');
  return kind === 'any' || types.has(kind);
}

function isNullSchema(schema: JsonSchema): boolean {
  return schema.type === 'null';
}

/**
 * Sets `keyword` where it means something: on the schema itself, on the non-null branches of an `anyOf` that take
 * it, or (for string and number keywords) on the items of an array. Returns a new schema (the input is shared and
 * never changed), or undefined when no part of the schema can take the keyword.
 */
export function constrain(
  schema: JsonSchema,
  keyword: keyof JsonSchema & string,
  value: unknown,
): JsonSchema | undefined {
  const kind = KEYWORD_KINDS[keyword] ?? 'any';
  if (schema.anyOf) {
    let changed = false;
    const branches = schema.anyOf.map((branch) => {
      if (isNullSchema(branch)) return branch;
      const next = constrain(branch, keyword, value);
      if (!next) return branch;
      changed = true;
      return next;
    });
    return changed ? { ...schema, anyOf: branches } : undefined;
  }
  if (schema.$ref || schema.type === undefined) return { ...schema, [keyword]: value };
  if (admits(schema, kind) && !(kind === 'any' && isNullSchema(schema))) return { ...schema, [keyword]: value };
  if ((kind === 'string' || kind === 'number') && schema.type === 'array' && schema.items) {
    const items = constrain(schema.items, keyword, value);
    return items ? { ...schema, items } : undefined;
  }
  return undefined;
}

/** Like `constrain`, for the items of an array (class-validator's `{ each: true }`). */
export function constrainItems(
  schema: JsonSchema,
  keyword: keyof JsonSchema & string,
  value: unknown,
): JsonSchema | undefined {
  if (schema.anyOf) {
    let changed = false;
    const branches = schema.anyOf.map((branch) => {
      const next = constrainItems(branch, keyword, value);
      if (!next) return branch;
      changed = true;
      return next;
    });
    return changed ? { ...schema, anyOf: branches } : undefined;
  }
  if (schema.type !== 'array' || !schema.items) return undefined;
  const items = constrain(schema.items, keyword, value);
  return items ? { ...schema, items } : undefined;
}

/** Turns `number` into `integer` (through nullable branches and array items); undefined when there is no number. */
export function makeInteger(schema: JsonSchema): JsonSchema | undefined {
  if (schema.anyOf) {
    let changed = false;
    const branches = schema.anyOf.map((branch) => {
      const next = makeInteger(branch);
      if (!next) return branch;
      changed = true;
      return next;
    });
    return changed ? { ...schema, anyOf: branches } : undefined;
  }
  if (schema.type === 'integer') return schema;
  if (schema.type === 'number') return { ...schema, type: 'integer' };
  if (schema.type === 'array' && schema.items) {
    const items = makeInteger(schema.items);
    return items ? { ...schema, items } : undefined;
  }
  return undefined;
}

/** A short name of what a schema holds, for messages. */
export function describeTypes(schema: JsonSchema): string {
  const types = jsonTypes(schema);
  return types ? [...types].join(' | ') : 'any value';
}
