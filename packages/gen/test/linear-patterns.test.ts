// gen-tools refuses, with the reason, a pattern that RE2's linear-time engine cannot express (the Toolbox tests
// patterns on it): a JSDoc @pattern is ignored with a warning, and a pattern RE2 takes is kept. RE2's engine (re2js)
// is loaded only when a run has a pattern to check.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moduleLogging } from '../../../test/support/modules-loaded.js';
import { budget } from '../../../test/support/time-budget.js';
import { sourceRunner } from './helpers/generate-source.js';
import { projectWithFiles, repoRoot } from './helpers/temp-project.js';

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

  it(
    'loads no re2js for a project without patterns, and loads it for the first pattern',
    () => {
      const service = (doc: string) => `import { tool } from '@toolwright/core';
export class Words {
  /**
   * Looks a word up.
   * @param word A word.${doc}
   */
  @tool()
  lookUp(word: string, options: { exact?: boolean; limit?: number } = {}) {
    return word + JSON.stringify(options);
  }
}
`;
      const plain = projectWithFiles('no-patterns', { 'src/service.ts': service('') });
      const patterned = projectWithFiles('a-pattern', { 'src/service.ts': service(' @pattern ^[a-z]+$') });
      try {
        // A fresh process (sources through tsx) that tells after each run whether re2js was loaded (as an ES module
        // or as CommonJS, which is how core loads it).
        const { nodeArgs, loadedModules } = moduleLogging(plain);
        const script = `
          ${loadedModules}
          const { generate } = await import('@toolwright/gen');
          const seen = [];
          for (const cwd of ${JSON.stringify([plain, patterned])}) {
            const result = await generate({ cwd, out: false, json: 'tools.json', check: true });
            const re2js = (await loadedModules()).some((file) => /[/\\\\]re2js[/\\\\]/.test(file));
            seen.push({ tools: result.manifest.tools.length, diagnostics: result.diagnostics.length, re2js });
          }
          console.log(JSON.stringify(seen));`;
        const child = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, NODE_OPTIONS: '' },
        });
        expect(child.stderr).toBe('');
        expect(JSON.parse(child.stdout)).toEqual([
          { tools: 1, diagnostics: 0, re2js: false },
          { tools: 1, diagnostics: 0, re2js: true },
        ]);
      } finally {
        for (const dir of [plain, patterned]) rmSync(dir, { recursive: true, force: true });
      }
    },
    budget(60_000),
  );
});
