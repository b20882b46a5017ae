// Gemini's limits are stated once in @toolwright/core, and once more in @toolwright/testing, which imports nothing of
// ours (FakeGemini judges our code): the two must say the same, name by name and on any name (fast-check).
import {
  GEMINI_MAX_PARAMETER_NAME_LENGTH,
  GEMINI_MAX_TOOL_NAME_LENGTH,
  GEMINI_MAX_TOOLS,
  GEMINI_PARAMETER_NAME,
  GEMINI_TOOL_NAME,
} from '@toolwright/core';
import { functionNameProblems, parameterNameProblems, toolsProblems } from '@toolwright/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FUNCTION_DECLARATIONS } from '../packages/testing/src/rules/declarations.js';
import { MAX_FUNCTION_NAME_LENGTH, MAX_PARAMETER_NAME_LENGTH } from '../packages/testing/src/rules/names.js';

/** Names near the limits, of characters both allowed and not. */
const names = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom('a', 'Z', '_', '0', '9', '.', ':', '-', ' ', '/', 'é'), maxLength }),
    fc.integer({ min: maxLength - 3, max: maxLength + 3 }).map((length) => 'a'.repeat(length)),
  );

describe("Gemini's limits in core and in FakeGemini", () => {
  it('are the same numbers', () => {
    expect(MAX_FUNCTION_NAME_LENGTH).toBe(GEMINI_MAX_TOOL_NAME_LENGTH);
    expect(MAX_PARAMETER_NAME_LENGTH).toBe(GEMINI_MAX_PARAMETER_NAME_LENGTH);
    expect(MAX_FUNCTION_DECLARATIONS).toBe(GEMINI_MAX_TOOLS);
  });

  it('take and refuse the same function and parameter names', () => {
    fc.assert(
      fc.property(names(GEMINI_MAX_TOOL_NAME_LENGTH + 2), (name) => {
        expect(functionNameProblems(name, 'name').length === 0).toBe(GEMINI_TOOL_NAME.test(name));
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(names(GEMINI_MAX_PARAMETER_NAME_LENGTH + 2), (name) => {
        expect(parameterNameProblems(name, 'name').length === 0).toBe(GEMINI_PARAMETER_NAME.test(name));
      }),
      { numRuns: 2_000 },
    );
  });

  it('take GEMINI_MAX_TOOLS declarations in one Tool, and refuse one more', () => {
    const tool = (count: number) => [
      { functionDeclarations: Array.from({ length: count }, (_, i) => ({ name: `f${i}` })) },
    ];
    expect(toolsProblems(tool(GEMINI_MAX_TOOLS))).toEqual([]);
    expect(toolsProblems(tool(GEMINI_MAX_TOOLS + 1))).not.toEqual([]);
  });
});
