import { violation } from './messages.js';

// Gemini's limits, as FakeGemini judges them. The rest of toolwright reads them from @toolwright/core
// (gemini-limits.ts); this package keeps its own copy because it imports nothing of ours: it judges that code, so it
// must not share its mistakes. test/gemini-limits.test.ts holds the two equal.

/** Function names: a letter or `_` first, then letters, digits, `_ . : -`; at most 128 characters. */
export const FUNCTION_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
export const MAX_FUNCTION_NAME_LENGTH = 128;

/** Parameter names: a letter or `_` first, then letters, digits and `_`; at most 64 characters. */
export const PARAMETER_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_PARAMETER_NAME_LENGTH = 64;

/** Problems of a function name at `path` (e.g. `tools[0].function_declarations[2].name`). */
export function functionNameProblems(name: unknown, path: string): string[] {
  if (typeof name === 'string' && FUNCTION_NAME_PATTERN.test(name) && name.length <= MAX_FUNCTION_NAME_LENGTH)
    return [];
  return [
    violation(
      path,
      `Invalid function name ${JSON.stringify(name ?? '')}. Must start with a letter or an underscore. Must be ` +
        'alphameric ' +
        '(a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length ' +
        `of ${MAX_FUNCTION_NAME_LENGTH}.`,
    ),
  ];
}

/** Problems of a parameter (top-level property) name; `path` is the property's path. */
export function parameterNameProblems(name: string, path: string): string[] {
  if (PARAMETER_NAME_PATTERN.test(name) && name.length <= MAX_PARAMETER_NAME_LENGTH) return [];
  return [
    violation(
      path,
      `Invalid parameter name ${JSON.stringify(name)}. Must start with a letter or an underscore. Must be alphameric ` +
        `(a-z, A-Z, 0-9) or underscores (_), with a maximum length of ${MAX_PARAMETER_NAME_LENGTH}.`,
    ),
  ];
}
