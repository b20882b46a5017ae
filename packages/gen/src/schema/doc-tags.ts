import { linearPatternProblem } from '@toolwright/core/linear-regexp';
import type { JsonSchema, JsonSchemaType } from '@toolwright/core';
import { ts } from '../program/typescript.js';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Report } from '../diagnostics.js';
import { constrain, describeTypes, jsonTypes, makeInteger } from './constrain.js';
import { subjectOf } from './problems.js';
import { isJsonExact } from '../discover/constant.js';
import { numericLiteralValue } from './numeric-literal.js';

/** One JSDoc block tag: `@minimum 3` is `{ name: 'minimum', text: '3' }`. */
export interface DocTag {
  name: string;
  text: string;
}

/** The JSDoc tags written on a declaration (a parameter, property or method), in order. */
export function docTagsOf(node: ts.Node): DocTag[] {
  return ts.getJSDocTags(node).map((tag) => ({
    name: tag.tagName.text,
    text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
  }));
}

/**
 * False when no declaration of the symbol has JSDoc and none could inherit any (its class or interface extends or
 * implements nothing): its tags and text are then empty without asking the language service, which is slower.
 */
function mayHaveDocs(symbol: ts.Symbol): boolean {
  const declarations = symbol.declarations;
  if (!declarations?.length) return true;
  return declarations.some((declaration) => {
    if (ts.getJSDocCommentsAndTags(declaration).length > 0) return true;
    const owner = ts.isConstructorDeclaration(declaration.parent) ? declaration.parent.parent : declaration.parent;
    return (
      owner !== undefined &&
      (ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner)) &&
      (owner.heritageClauses?.length ?? 0) > 0
    );
  });
}

/** The JSDoc tags of a symbol's declarations (also for properties made by mapped types such as `Partial<T>`). */
export function docTagsOfSymbol(symbol: ts.Symbol, checker: ts.TypeChecker): DocTag[] {
  if (!mayHaveDocs(symbol)) return [];
  return symbol.getJsDocTags(checker).map((tag) => ({
    name: tag.name,
    text: tag.text ? ts.displayPartsToString(tag.text).trim() : '',
  }));
}

/** The JSDoc text of a symbol (its summary and body), or undefined when it has none. */
export function docTextOfSymbol(symbol: ts.Symbol, checker: ts.TypeChecker): string | undefined {
  if (!mayHaveDocs(symbol)) return undefined;
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  return text === '' ? undefined : text;
}

/**
 * Applies the schema tags among `tags` (`@deprecated`, `@example`, `@default`, `@minimum`, `@maximum`,
 * `@minLength`, `@maxLength`, `@pattern`, `@format`, `@minItems`, `@maxItems`, `@integer`) to a copy of `schema`.
 * Other tags (`@param`, `@returns`, ...) are left alone. A bad value is a warning at `node`, and the tag is skipped.
 */
export function applyDocTags(schema: JsonSchema, tags: readonly DocTag[], report: Report, node: ts.Node): JsonSchema {
  return applyTags(schema, tags, (code, message) => report(node, code, `${subjectOf(node)} ${message}`));
}

/** `applyDocTags` with problems handed to `warn` as predicates ("has a bad @minimum tag ..."). */
export function applyTags(
  schema: JsonSchema,
  tags: readonly DocTag[],
  warn: (code: DiagnosticCode, message: string) => void,
): JsonSchema {
  let result = schema;
  const examples: unknown[] = [];
  for (const tag of tags) {
    const rule = TAG_RULES[tag.name];
    if (!rule) continue;
    const outcome = rule(result, tag.text, examples);
    if (typeof outcome === 'string')
      warn('TW4501', `has a bad @${tag.name} tag${tag.text ? ` "${tag.text}"` : ''}: ${outcome}; it is ignored`);
    else result = outcome;
  }
  if (examples.length > 0) result = { ...result, examples: [...(result.examples ?? []), ...examples] };
  if (result !== schema) for (const message of contradictions(result)) warn('TW4502', message);
  return result;
}

const BOUNDS = [
  ['minimum', 'maximum'],
  ['minLength', 'maxLength'],
  ['minItems', 'maxItems'],
] as const;

/**
 * Bounds that no value can meet (`@minimum 0` with `@maximum -5`), in the schema, the members of its `anyOf` and
 * its array elements, where the tags land.
 */
function contradictions(schema: JsonSchema): string[] {
  const found: string[] = [];
  const visit = (node: JsonSchema): void => {
    for (const [low, high] of BOUNDS) {
      const min = node[low];
      const max = node[high];
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        found.push(`has ${low} ${min} above ${high} ${max} (from its JSDoc tags): no value can pass`);
      }
    }
    node.anyOf?.forEach(visit);
    if (typeof node.items === 'object') visit(node.items);
  };
  visit(schema);
  return found;
}

/** A tag's effect: the new schema, or a message saying what is wrong with the tag. */
type TagRule = (schema: JsonSchema, text: string, examples: unknown[]) => JsonSchema | string;

/** Why a `@default` value cannot be the parameter's value (JSON cannot hold it, or the type does not admit it). */
function defaultMisfit(schema: JsonSchema, value: unknown): string | undefined {
  if (!isJsonExact(value)) return `JSON cannot hold ${String(value)} exactly`;
  if (schema.enum && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    return `it is not one of ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
  }
  const types = jsonTypes(schema);
  if (!types) return undefined;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const fits =
    kind === 'number'
      ? types.has('number') || (types.has('integer') && Number.isInteger(value))
      : types.has(kind as JsonSchemaType);
  return fits ? undefined : `${JSON.stringify(value)} does not fit the type ${describeTypes(schema)}`;
}

/** The value of `@default` or `@example`: `@default 10115` on a string is the text "10115", not a number. */
function tagValue(schema: JsonSchema, text: string): unknown {
  const value = jsonOrText(text);
  const types = jsonTypes(schema);
  if (typeof value === 'string' || !types || !types.has('string')) return value;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const fits = kind === 'number' ? types.has('number') || types.has('integer') : types.has(kind as JsonSchemaType);
  return fits ? value : text;
}

/**
 * A tag value: a numeric literal in any TypeScript spelling as JavaScript reads it (`1e-7`, `0x1F`, `1_000`), JSON
 * where it parses (`{"a": 1}`, `"x"`), a single-quoted string unquoted, else the text.
 */
function jsonOrText(text: string): unknown {
  const quoted = /^'(.*)'$/s.exec(text);
  if (quoted) return quoted[1];
  const number = numericLiteralValue(text);
  if (number !== undefined) return number;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function numberTag(keyword: 'minimum' | 'maximum'): TagRule {
  return (schema, text) => {
    const value = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) return 'not a number';
    return constrain(schema, keyword, value) ?? `it applies to numbers, and the type is ${describeTypes(schema)}`;
  };
}

function countTag(keyword: 'minLength' | 'maxLength' | 'minItems' | 'maxItems', applies: string): TagRule {
  return (schema, text) => {
    const value = text === '' ? Number.NaN : Number(text);
    if (!Number.isInteger(value) || value < 0) return 'not a whole number of zero or more';
    return constrain(schema, keyword, value) ?? `it applies to ${applies}, and the type is ${describeTypes(schema)}`;
  };
}

const TAG_RULES: Record<string, TagRule> = {
  deprecated: (schema) => ({ ...schema, deprecated: true }),
  example: (schema, text, examples) => {
    if (text === '') return 'it has no value';
    examples.push(tagValue(schema, text));
    return schema;
  },
  default: (schema, text) => {
    if (text === '') return 'it has no value';
    const value = tagValue(schema, text);
    const misfit = defaultMisfit(schema, value);
    return misfit ?? { ...schema, default: value };
  },
  minimum: numberTag('minimum'),
  maximum: numberTag('maximum'),
  minLength: countTag('minLength', 'strings'),
  maxLength: countTag('maxLength', 'strings'),
  minItems: countTag('minItems', 'arrays'),
  maxItems: countTag('maxItems', 'arrays'),
  pattern: (schema, text) => {
    if (text === '') return 'it has no value';
    try {
      new RegExp(text, 'u');
    } catch (error) {
      return `not a regular expression (${(error as Error).message})`;
    }
    // The Toolbox tests patterns on RE2's linear-time engine; one it cannot express would run on a backtracking one.
    const problem = linearPatternProblem(text);
    if (problem) return problem.replace(/^the pattern "(?:[^"\\]|\\.)*" /, 'it ');
    return constrain(schema, 'pattern', text) ?? `it applies to strings, and the type is ${describeTypes(schema)}`;
  },
  format: (schema, text) => {
    if (!/^[A-Za-z][\w-]*$/.test(text)) return 'not a format name such as email, uri, uuid or date-time';
    return constrain(schema, 'format', text) ?? `it applies to strings, and the type is ${describeTypes(schema)}`;
  },
  integer: (schema, text) => {
    if (text !== '') return 'it takes no value';
    return makeInteger(schema) ?? `it applies to numbers, and the type is ${describeTypes(schema)}`;
  },
};

/** The names of the tags `applyDocTags` reads. */
export const SCHEMA_TAGS: ReadonlySet<string> = new Set(Object.keys(TAG_RULES));
