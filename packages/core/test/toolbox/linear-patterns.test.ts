// Patterns run on RE2's linear-time engine only: a pattern RE2 cannot express (a lookaround, a backreference, one
// too long) is refused with its reason, and the tool never runs, rather than tested by a backtracking RegExp.
import { describe, expect, it } from 'vitest';
import { defineTool, Toolbox } from '@toolwright/core';
import { linearPatternProblem, linearRegExp, MAX_PATTERN_LENGTH } from '@toolwright/core/linear-regexp';
import { budget } from '../../../../test/support/time-budget.js';

function toolWith(parameters: Record<string, unknown>) {
  const calls: unknown[] = [];
  const handler = (args: unknown) => {
    calls.push(args);
    return 'ran';
  };
  return { calls, tool: defineTool({ name: 'look', description: 'Looks.', parameters, handler }) };
}

const call = async (toolbox: Toolbox, args: unknown) =>
  (await toolbox.call({ id: 'c1', name: 'look', args })).functionResponse.response as {
    output?: unknown;
    error?: { name: string; message: string };
  };

const LOOKAROUND = '^(?=a)(a+)+$';
// A value a JavaScript RegExp takes seconds on with the lookaround pattern (each more `a` doubles it).
const HOSTILE = `${'a'.repeat(27)}!`;

describe('patterns RE2 cannot express', () => {
  it('refuses the call with the reason, at once, and never runs the tool', async () => {
    // uniqueItems sends the schema to core's schema checker; the others to ajv: both engines refuse alike.
    for (const extra of [{}, { tags: { type: 'array', uniqueItems: true } }]) {
      const { tool, calls } = toolWith({
        type: 'object',
        properties: { word: { type: 'string', pattern: LOOKAROUND }, ...extra },
        required: ['word'],
      });
      const toolbox = new Toolbox([tool]);
      const started = Date.now();
      const answer = await call(toolbox, { word: HOSTILE });
      expect(Date.now() - started).toBeLessThan(budget(2_000));
      expect(answer.error?.name).toBe('ToolSchemaError');
      expect(answer.error?.message).toMatch(
        /^Tool "look" cannot check its arguments, .*the pattern "\^\(\?=a\)\(a\+\)\+\$" is not one RE2 can test in linear time/,
      );
      expect((await call(toolbox, { word: 'aaa' })).error?.name).toBe('ToolSchemaError');
      expect(calls).toEqual([]);
    }
  });

  it('refuses a patternProperties key RE2 cannot express', async () => {
    const { tool, calls } = toolWith({ type: 'object', patternProperties: { [LOOKAROUND]: { type: 'number' } } });
    const answer = await call(new Toolbox([tool]), { [HOSTILE]: 1 });
    expect(answer.error?.message).toMatch(/is not one RE2 can test in linear time/);
    expect(calls).toEqual([]);
  });

  it('refuses a pattern past the length bound, and checks one RE2 takes in linear time', async () => {
    const long = `^${'a?'.repeat(MAX_PATTERN_LENGTH / 2)}$`;
    expect(linearPatternProblem(long)).toMatch(/is longer than the 10000 characters a pattern may have$/);
    expect(() => linearRegExp(long)).toThrow(/longer than the 10000 characters/);
    const { tool, calls } = toolWith({ type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } } });
    const toolbox = new Toolbox([tool]);
    const started = Date.now();
    expect((await call(toolbox, { word: `${'a'.repeat(100_000)}!` })).error?.name).toBe('InvalidArguments');
    expect(Date.now() - started).toBeLessThan(budget(2_000));
    expect((await call(toolbox, { word: 'aaa' })).output).toBe('ran');
    expect(calls).toEqual([{ word: 'aaa' }]);
  });
});
