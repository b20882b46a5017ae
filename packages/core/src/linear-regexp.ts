import type { RE2JS } from 're2js';
import { loadRe2js } from './re2js-loader.cjs';

/** What a JSON Schema `pattern` is tested with: RE2's linear-time matching, in place of a backtracking RegExp. */
export interface LinearRegExp {
  test(text: string): boolean;
  toString(): string;
}

/** Compiled patterns by source: schemas repeat a few patterns across many tools and validators. */
const compiled = new Map<string, LinearRegExp>();
const MAX_CACHED = 1_000;

/** The longest pattern source compiled: RE2's time is linear in the text, and its compilation in the pattern. */
export const MAX_PATTERN_LENGTH = 10_000;

/**
 * A JSON Schema `pattern` (ECMA-262 syntax, searched anywhere in the text, as ajv's `u` RegExp) compiled for RE2's
 * engine, whose time is linear in the text: a pattern such as `^(a+)+$`, which a backtracking engine takes
 * exponential time on, cannot stall the process whatever a model or a server sends. `\s` and `\S` keep their
 * JavaScript meaning (RE2's own are ASCII only); `\d`, `\w` and `\b` are ASCII in both. RE2 has no lookarounds and no backreferences: such a pattern (which
 * `linearPatternProblem` names) is refused, with that reason, and never tested by a backtracking RegExp: a tool whose
 * schema holds one answers every call with the error (gen-tools refuses it at build time, connectMcp leaves it to
 * the server). The signature is ajv's `code.regExp`.
 */
export function linearRegExp(source: string, _flags?: string): LinearRegExp {
  let regExp = compiled.get(source);
  if (!regExp) {
    const engine = compile(source);
    if (typeof engine === 'string') throw new Error(engine);
    regExp = { test: (text) => engine.test(text), toString: () => `/${source}/` };
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(source, regExp);
  }
  return regExp;
}
// ajv writes this where its standalone code makes a pattern; gen-tools replaces it with an import of core's.
linearRegExp.code = 'require("@toolwright/core/linear-regexp").default';

/** Why RE2 cannot test a pattern in linear time (a lookaround, a backreference, bad syntax, its length), or undefined. */
export function linearPatternProblem(source: string): string | undefined {
  const engine = compile(source);
  return typeof engine === 'string' ? engine : undefined;
}

/** Every `pattern` and `patternProperties` key of a schema that RE2 cannot test, with its JSON pointer. */
export function schemaPatternProblems(schema: unknown, path = '#'): { path: string; problem: string }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const found: { path: string; problem: string }[] = [];
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key === 'pattern' && typeof value === 'string') {
      const problem = linearPatternProblem(value);
      if (problem) found.push({ path: at, problem });
      continue;
    }
    if (key === 'patternProperties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const source of Object.keys(value)) {
        const problem = linearPatternProblem(source);
        if (problem) found.push({ path: `${at}/${source.replace(/~/g, '~0').replace(/\//g, '~1')}`, problem });
      }
    }
    found.push(...schemaPatternProblems(value, at));
  }
  return found;
}

/** RE2's engine, loaded by the first pattern compiled (see re2js-loader.cts). */
let re2: typeof RE2JS | undefined;

/** RE2's program for a pattern, or why there is none. */
function compile(source: string): RE2JS | string {
  const shown =
    source.length > 80
      ? `${JSON.stringify(source.slice(0, 80))}... (${source.length} characters)`
      : JSON.stringify(source);
  if (source.length > MAX_PATTERN_LENGTH)
    return `the pattern ${shown} is longer than the ${MAX_PATTERN_LENGTH} characters a pattern may have`;
  const engine = (re2 ??= loadRe2js() as typeof RE2JS);
  try {
    return engine.compile(engine.translateRegExp(withJavaScriptSpaces(source)));
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return `the pattern ${shown} is not one RE2 can test in linear time: ${reason} (RE2 has no lookarounds or backreferences)`;
  }
}

/** JavaScript's white space (`\s` with the `u` flag), as the inside of a class. */
const SPACES = '\\t-\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** Everything else, as the inside of a class (for `\S` inside a class, which RE2 cannot negate there). */
const NOT_SPACES =
  '\\u0000-\\u0008\\u000e-\\u001f!-\\u009f\\u00a1-\\u167f\\u1681-\\u1fff\\u200b-\\u2027\\u202a-\\u202e' +
  '\\u2030-\\u205e\\u2060-\\u2fff\\u3001-\\ufefe\\uff00-\\u{10ffff}';

/** The pattern with `\s` and `\S` written as JavaScript's classes, so that RE2 takes the same white space. */
function withJavaScriptSpaces(source: string): string {
  if (!source.includes('\\s') && !source.includes('\\S')) return source;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\' && i + 1 < source.length) {
      const next = source[i + 1]!;
      i++;
      if (next === 's') out += inClass ? SPACES : `[${SPACES}]`;
      else if (next === 'S') out += inClass ? NOT_SPACES : `[^${SPACES}]`;
      else out += char + next;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}
