// gen-tools refuses, with the reason, a pattern that RE2's linear-time engine cannot express (the Toolbox tests
// patterns on it): a JSDoc @pattern is ignored with a warning, and a pattern RE2 takes is kept.
import { describe, expect, it } from 'vitest';
import { sourceRunner } from './helpers/generate-source.js';

const run = sourceRunner('patterns');

describe('patterns at build time', () => {
  it('warns at an @pattern RE2 cannot express, says why, and leaves it out; keeps one it can', async () => {
    const { tools, diagnostics } = await run(`
export class Words {
  /**
   * Looks a word up.
   * @param word A word. @pattern ^(?=a)\\w+$
   * @param code A code. @pattern ^(a+)+$
   */
  @tool()
  lookUp(word: string, code: string) {
    return word + code;
  }
}
`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /src\/service\.ts:\d+:\d+: warning TW4501: parameter "word" has a bad @pattern tag "\^\(\?=a\)\\w\+\$": it is not one RE2 can test in linear time: .*\(RE2 has no lookarounds or backreferences\); it is ignored/,
      ),
    ]);
    const properties = tools.lookUp!.parameters.properties!;
    expect(properties.word).not.toHaveProperty('pattern');
    expect(properties.code).toMatchObject({ pattern: '^(a+)+$' });
  });

  it('refuses a parameters option whose pattern or patternProperties key RE2 cannot express: an error, no tool', async () => {
    const { tools, diagnostics } = await run(`
export class Lookup {
  /** Finds a word. */
  @tool({
    parameters: {
      type: 'object',
      properties: { word: { type: 'string', pattern: '^(?!x)\\\\w+$' } },
      patternProperties: { '^(a)\\\\1$': { type: 'number' } },
    },
  })
  find(args: { word: string }) {
    return args.word;
  }
}
`);
    expect([...diagnostics].sort()).toEqual([
      expect.stringMatching(
        /error TW5006: the parameters option of "find" at #\/patternProperties\/\^\(a\)\\1\$: the pattern/,
      ),
      expect.stringMatching(
        /src\/service\.ts:\d+:\d+: error TW5006: the parameters option of "find" at #\/properties\/word\/pattern: the pattern "\^\(\?!x\)\\\\w\+\$" is not one RE2 can test in linear time/,
      ),
    ]);
    expect(tools.find?.parameters ?? {}).not.toHaveProperty('patternProperties');
  });
});
