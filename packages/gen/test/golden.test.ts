// The golden runner: every fixture project in fixtures/<name>/ (a tsconfig.json and src/) goes through generate(),
// and what it produces is compared with the files beside it:
//   expected.json             the JSON manifest (absent when the fixture has errors)
//   expected-diagnostics.txt  the diagnostics as the CLI prints them, relative to the fixture (absent when none)
//   expected.generated.ts     the TS module, for fixtures whose fixture.json says "module": true
// (fixture.json may also say "diagnosticsOnly": true, "nameStyle": "snake")
// UPDATE_GOLDEN=1 rewrites them from the code's output: review the diff before committing.
// fixtures/types-* belong to the type-mapping tests (test/schema) and are skipped here.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareGolden, diagnosticsText, expectSameOtherWays, fixtureOptions, goldenFiles } from './helpers/golden.js';
import { generate, type GenerateOptions, type NameStyle } from '@toolwright/gen';
import { importModule, typeCheckModule } from './helpers/module-checks.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

interface FixtureOptions {
  nameStyle?: NameStyle;
  /** Compare (and type-check and import) the TS module too. */
  module?: boolean;
  /** Compare the diagnostics only (the fixture's outputs are too big to be worth a golden file). */
  diagnosticsOnly?: boolean;
}

const names = readdirSync(fixtures, { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() &&
      !entry.name.startsWith('types-') &&
      existsSync(join(fixtures, entry.name, 'tsconfig.json')),
  )
  .map((entry) => entry.name)
  .sort();

describe('golden fixtures', () => {
  it('finds the fixture projects', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of names) {
    it(name, async () => {
      const dir = join(fixtures, name);
      const options = fixtureOptions<FixtureOptions>(dir);
      const files = goldenFiles(dir);
      const generateOptions: GenerateOptions = {
        project: join(dir, 'tsconfig.json'),
        out: files.module,
        json: files.json,
        nameStyle: options.nameStyle ?? 'preserve',
        check: true,
        cwd: dir,
      };
      const result = await generate(generateOptions);
      const actual = {
        json: options.diagnosticsOnly ? undefined : result.outputs.find((output) => output.file === files.json)?.text,
        module: options.module ? result.outputs.find((output) => output.file === files.module)?.text : undefined,
        diagnostics: diagnosticsText(result, dir),
      };
      compareGolden(name, dir, files, actual);
      await expectSameOtherWays(generateOptions, result);
      if (options.module && actual.module !== undefined) {
        expect(typeCheckModule(join(dir, 'tsconfig.json'), files.module)).toEqual([]);
        await importModule(dir, files.module, result.manifest);
      }
    });
  }
});
