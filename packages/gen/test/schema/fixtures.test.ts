// Golden runner for the type-mapping fixture projects (fixtures/types-*): each goes through generate(), and what
// it produces is compared with the files beside it, as in ../golden.test.ts:
//   expected.json             the JSON manifest (absent when the fixture has errors)
//   expected-diagnostics.txt  the diagnostics as the CLI prints them, relative to the fixture (absent when none)
//   expected.generated.ts     the TS module, for fixtures whose fixture.json says "module": true
// UPDATE_GOLDEN=1 rewrites them from the code's output: review the diff before committing.
// Every schema in a manifest must also compile as JSON Schema 2020-12 (ajv, strict mode).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema, ToolManifest } from '@toolwright/core';
import { generate, type GenerateOptions } from '@toolwright/gen';
import { describe, expect, it } from 'vitest';
import { compareGolden, diagnosticsText, expectSameOtherWays, fixtureOptions, goldenFiles } from '../helpers/golden.js';
import { importModule, typeCheckModule } from '../helpers/module-checks.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

const names = readdirSync(fixtures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('types-'))
  .map((entry) => entry.name)
  .sort();

function compileAll(manifest: ToolManifest): void {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  for (const tool of manifest.tools) {
    expect(() => ajv.compile(tool.parameters), `${tool.name} parameters`).not.toThrow();
    if (tool.returns) expect(() => ajv.compile(tool.returns as JsonSchema), `${tool.name} returns`).not.toThrow();
  }
}

describe('type-mapping fixtures', () => {
  it('finds the fixture projects', () => {
    expect(names.length).toBeGreaterThanOrEqual(6);
  });

  for (const name of names) {
    it(name, async () => {
      const dir = join(fixtures, name);
      const options = fixtureOptions<{ module?: boolean }>(dir);
      const files = goldenFiles(dir);
      const generateOptions: GenerateOptions = {
        project: join(dir, 'tsconfig.json'),
        out: files.module,
        json: files.json,
        nameStyle: 'preserve',
        check: true,
        cwd: dir,
      };
      const result = await generate(generateOptions);
      const actual = {
        json: result.outputs.find((output) => output.file === files.json)?.text,
        module: options.module ? result.outputs.find((output) => output.file === files.module)?.text : undefined,
        diagnostics: diagnosticsText(result, dir),
      };
      compareGolden(name, dir, files, actual);
      await expectSameOtherWays(generateOptions, result);
      if (result.manifest) compileAll(result.manifest);
      if (options.module && actual.module !== undefined) {
        expect(typeCheckModule(join(dir, 'tsconfig.json'), files.module)).toEqual([]);
        await importModule(dir, files.module, result.manifest!);
      }
    });
  }
});
