// The README's recipe for runtimes without `eval`: validators compiled at build time with ajv standalone code, loaded
// as a plain module, and a Toolbox with generateCode: false that compiles nothing at run time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as standaloneModule from 'ajv/dist/standalone/index.js';
import * as formatsModule from 'ajv-formats';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Toolbox, type PrecompiledValidator } from '@toolwright/core';
import { validationSchema, validatorAjvOptions } from '@toolwright/core/validator-build';
import { manifest, WeatherService } from './weather-service.js';

const standaloneCode = ((standaloneModule as { default?: unknown }).default ?? standaloneModule) as (
  ajv: Ajv2020,
  refs: Record<string, string>,
) => string;
const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;

// Inside the package, so that the module's requires (ajv's runtime, ajv-formats) resolve as in a user's project.
const dir = mkdtempSync(join(__dirname, '.validators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Build time: one CommonJS module exporting a validator per manifest tool name. */
function buildValidators(): string {
  const ajv = new Ajv2020({ ...validatorAjvOptions, code: { source: true } });
  addFormats(ajv);
  for (const tool of manifest.tools) ajv.addSchema(validationSchema(tool.parameters), tool.name);
  const file = join(dir, 'validators.cjs');
  writeFileSync(file, standaloneCode(ajv, Object.fromEntries(manifest.tools.map((tool) => [tool.name, tool.name]))));
  return file;
}

describe('validators precompiled with ajv standalone code', () => {
  it('validate, report issues and repair arguments with no code generated at run time', async () => {
    const validators = createRequire(__filename)(buildValidators()) as Record<string, PrecompiledValidator>;
    const toolbox = new Toolbox([new WeatherService()], manifest, { generateCode: false, validators });
    // Nothing may compile code from here on.
    const spy = vi.spyOn(globalThis, 'Function');
    try {
      expect(
        (await toolbox.call({ name: 'getForecast', args: { city: 'Oslo', days: 2.0, unit: null } })).functionResponse
          .response,
      ).toEqual({
        output: { city: 'Oslo', days: 2, unit: 'celsius' },
      });
      const bad = await toolbox.call({
        name: 'book',
        args: { when: 'soon', site: 'https://example.com', budget: 1, tags: ['a', 'a'] },
      });
      expect(bad.functionResponse.response).toMatchObject({
        error: {
          name: 'InvalidArguments',
          issues: [
            {
              path: '/when',
              expected: 'string in format date-time, e.g. "2025-01-31T09:30:00Z"',
              received: 'string "soon"',
            },
            { path: '/tags', expected: 'no duplicate items (items 0 and 1 are equal)', received: 'array of 2 items' },
          ],
        },
      });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
