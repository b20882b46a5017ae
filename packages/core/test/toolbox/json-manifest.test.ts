// A manifest imported from JSON types with widened literals (`version: number`, `kind: string`): the Toolbox and
// loadManifest take it without a cast and check it at run time.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineManifest, loadManifest, Toolbox, type ToolManifest } from '@toolwright/core';
import weatherTools from './fixtures/weather-tools.json' with { type: 'json' };
import { manifest, WeatherService } from './weather-service.js';

describe('a manifest imported from a .json file', () => {
  it('is taken by the Toolbox as it is, and binds by class name', async () => {
    const toolbox = new Toolbox([new WeatherService()], weatherTools);
    expect(toolbox.tools().map((tool) => tool.name)).toEqual(manifest.tools.map((entry) => entry.name));
    expect(await toolbox.call({ id: 'a', name: 'getForecast', args: { city: 'Oslo', days: 2 } })).toEqual({
      functionResponse: {
        id: 'a',
        name: 'getForecast',
        response: { output: { city: 'Oslo', days: 2, unit: 'celsius' } },
      },
    });
    const more = new Toolbox([], weatherTools);
    expect(more.add(new WeatherService(), weatherTools).length).toBe(manifest.tools.length);
  });

  it('loadManifest checks it and types it as a ToolManifest', () => {
    const checked = loadManifest(weatherTools);
    expectTypeOf(checked).toEqualTypeOf<ToolManifest>();
    expect(checked).toBe(weatherTools);
    expect(checked.tools[0]!.params[0]!.kind).toBe('value');
  });

  it('a wrong version or missing fields are refused with a message that says what and where', () => {
    const copy = () => structuredClone(weatherTools) as Record<string, unknown> & { tools: Record<string, unknown>[] };
    expect(() => loadManifest({ ...copy(), version: 2 })).toThrow(
      'The manifest has version 2; this version of @toolwright/core reads version 1: run gen-tools again',
    );
    expect(() => new Toolbox([new WeatherService()], { ...copy(), version: 2 })).toThrow(/has version 2/);
    expect(() => loadManifest(null)).toThrow(
      'The manifest must be an object { version: 1, tools: [...] } as gen-tools writes it, got null',
    );
    expect(() => loadManifest({ version: 1 })).toThrow(
      'The manifest is invalid: tools: expected an array, found nothing',
    );
    expect(() => loadManifest({ ...copy(), dtoModules: { classTransformer: 'class-transformer' } })).toThrow(
      'The manifest is invalid: dtoModules: expected { classTransformer?, classValidator? } holding the modules (as ' +
        'gen-tools writes), found an object',
    );
    expect(loadManifest({ ...copy(), dtoModules: { classTransformer: {} } }).dtoModules).toEqual({
      classTransformer: {},
    });

    const broken = copy();
    delete broken.tools[0]!.method;
    (broken.tools[1]!.params as Record<string, unknown>[])[0]!.kind = 'val';
    (broken.tools[3]!.params as Record<string, unknown>[])[2]!.revive = { kind: 'bignum' };
    broken.tools[2]!.parameters = { type: 'string' };
    expect(() => loadManifest(broken)).toThrow(
      'The manifest is invalid: ' +
        'tools[0] ("getForecast").method: expected a string, found nothing; ' +
        'tools[1] ("add_numbers").params[0].kind: expected "value" or "context", found "val"; ' +
        'tools[2] ("wait").parameters: expected an object schema ({ type: "object", properties }), found an ' +
        'object with type "string"; ' +
        'tools[3] ("book").params[2].revive.kind: expected one of "date", "url", "bigint", "set", "array", ' +
        '"tuple", "record", "object", "class", found "bignum". ' +
        'Run gen-tools again, or fix the file by hand',
    );
  });

  it(
    'the Toolbox checks each tool of a plain manifest, and of a defineManifest one (which TypeScript checked) only ' +
      'the version and the tool list',
    () => {
      const oddDescription = () => {
        const copy = structuredClone(weatherTools) as { version: number; tools: Record<string, unknown>[] };
        copy.tools[0]!.description = 5;
        return copy;
      };
      expect(() => new Toolbox([new WeatherService()], oddDescription())).toThrow(
        'tools[0] ("getForecast").description: expected a string, found 5',
      );
      const defined = defineManifest(oddDescription() as unknown as ToolManifest);
      expect(new Toolbox([new WeatherService()], defined).tools()).toHaveLength(manifest.tools.length);
      // loadManifest, asked outright, checks it all.
      expect(() => loadManifest(defined)).toThrow('description: expected a string, found 5');
      expect(() => new Toolbox([], defineManifest({ ...defined, version: 2 as 1 }))).toThrow(/has version 2/);
      expect(() => new Toolbox([], defineManifest({ version: 1 } as ToolManifest))).toThrow(
        'tools: expected an array, found nothing',
      );
    },
  );
});
