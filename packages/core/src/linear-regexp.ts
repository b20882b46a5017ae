import { RE2JS } from 're2js';

/** What a JSON Schema `pattern` is tested with: RE2's linear-time matching, in place of a backtracking RegExp. */
export interface LinearRegExp {
  test(text: string): boolean;
  toString(): string;
}

/** Compiled patterns by source: schemas repeat a few patterns across many tools and validators. */
const compiled = new Map<string, LinearRegExp>();
const MAX_CACHED = 1_000;

/**
 * A JSON Schema `pattern` (ECMA-262 syntax, searched anywhere in the text, as ajv's `u` RegExp) compiled for RE2's
 * engine, whose time is linear in the text: a pattern such as `^(a+)+$`, which a backtracking engine takes
 * exponential time on, cannot stall the process whatever a model or a server sends. RE2's classes are ASCII where
 * JavaScript's `\s` also takes Unicode spaces. RE2 has no lookarounds and no backreferences: such a pattern (which
 * `linearPatternProblem` names, connectMcp leaves out of an imported schema, with a warning) is tested by the
 * backtracking RegExp. The signature is ajv's `code.regExp`.
 */
export function linearRegExp(source: string, _flags?: string): LinearRegExp {
  let regExp = compiled.get(source);
  if (!regExp) {
    const engine = compile(source) ?? new RegExp(source, 'u');
    regExp = { test: (text) => engine.test(text), toString: () => `/${source}/` };
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(source, regExp);
  }
  return regExp;
}
// ajv writes this where its standalone code makes a pattern; gen-tools replaces it with an import of core's.
linearRegExp.code = 'require("@toolwright/core/linear-regexp").default';

/** Why RE2 cannot test a pattern in linear time (a lookaround, a backreference, bad syntax), or undefined. */
export function linearPatternProblem(source: string): string | undefined {
  try {
    RE2JS.compile(RE2JS.translateRegExp(source));
    return undefined;
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return `the pattern ${JSON.stringify(source)} is not one RE2 can test in linear time: ${reason} (RE2 has no lookarounds or backreferences)`;
  }
}

function compile(source: string): RE2JS | undefined {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source));
  } catch {
    return undefined;
  }
}
