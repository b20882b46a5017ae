import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineManifest, tool, Toolbox, type ManifestTool } from '@toolwright/core';
import { jsonManifest, manifest, WeatherService } from './weather-service.js';

describe('binding by class identity (TS manifest)', () => {
  it('binds every @tool() method and merges decorator options over the manifest', () => {
    const toolbox = new Toolbox([new WeatherService()], manifest);
    expect(toolbox.tools().map((t) => t.name)).toEqual(['getForecast', 'add_numbers', 'wait', 'book', 'explode']);
    const add = toolbox.get('add_numbers')!;
    expect(add.description).toBe('Adds numbers (decorator text wins)');
    expect(add.timeoutMs).toBe(1234);
    expect(add.method).toBe('add');
    expect(add.class).toBe(WeatherService);
    expect(toolbox.get('getForecast')!.description).toBe('Gets the forecast for a city.');
    expect(toolbox.has('notATool')).toBe(false);
  });

  it('tells two classes with the same name apart', async () => {
    const [A, B] = [0, 1].map((n) => {
      class Service {
        @tool()
        who(): number {
          return n;
        }
      }
      return Service;
    });
    const entry = (name: string, target: () => NonNullable<typeof A>): ManifestTool => ({
      name,
      class: 'Service',
      method: 'who',
      file: `src/${name}.ts`,
      target,
      parameters: { type: 'object', properties: {} },
      params: [],
    });
    const twin = defineManifest({ version: 1, tools: [entry('first', () => A!), entry('second', () => B!)] });
    const toolbox = new Toolbox([new B!(), new A!()], twin);
    expect((await toolbox.call({ name: 'first' })).functionResponse.response).toEqual({ output: 0 });
    expect((await toolbox.call({ name: 'second' })).functionResponse.response).toEqual({ output: 1 });
    class Other {
      @tool({ name: 'other' })
      who(): number {
        return 9;
      }
    }
    // No method of the class in the manifest: a class newer than the manifest, or one gen-tools left out because it
    // is not exported. Both fixes are named, the one that always applies first.
    expect(() => toolbox.add(new Other(), twin)).toThrow(
      'Other.who has @tool() but no method of Other is in the manifest: run gen-tools (the class is newer than the ' +
        'manifest); if it warns "class Other has @tool() methods but is not exported", export Other from the top ' +
        'level of its file, which the generated module must import',
    );
  });

  it('default timeout comes from the Toolbox options, the decorator wins', () => {
    const toolbox = new Toolbox([new WeatherService()], manifest, { timeoutMs: 50 });
    expect(toolbox.get('getForecast')!.timeoutMs).toBe(50);
    expect(toolbox.get('add_numbers')!.timeoutMs).toBe(1234);
  });
});

describe('binding by class name (JSON manifest)', () => {
  it('binds by class and method name', async () => {
    const toolbox = new Toolbox([new WeatherService()], jsonManifest());
    expect(toolbox.tools()).toHaveLength(5);
    const reply = await toolbox.call({ name: 'add_numbers', args: { a: 1, b: 2 } });
    expect(reply.functionResponse.response).toEqual({ output: 3 });
  });

  it('refuses two bound classes that share a name, pointing at the TS module', () => {
    const json = jsonManifest();
    const Impostor = { WeatherService: class extends WeatherService {} }.WeatherService;
    Object.defineProperty(Impostor, 'name', { value: 'WeatherService' });
    const toolbox = new Toolbox([new WeatherService()], json);
    expect(() => toolbox.add(new Impostor())).toThrow(/two different classes named WeatherService .*TS manifest/);
  });

  it('after remove(), the name can stand for another class', async () => {
    const Impostor = { WeatherService: class extends WeatherService {} }.WeatherService;
    Object.defineProperty(Impostor, 'name', { value: 'WeatherService' });
    const first = new WeatherService();
    const toolbox = new Toolbox([first], jsonManifest());
    toolbox.remove(first);
    expect(toolbox.add(new Impostor())).toHaveLength(5);
  });

  it(
    'two classes of one name in different files: ' + 'each binds its own entries, and only those count as its own',
    async () => {
      class Service {
        @tool()
        ping() {
          return 'pong';
        }
      }
      const json = {
        version: 1 as const,
        tools: [
          {
            name: 'ping',
            class: 'Service',
            method: 'ping',
            file: 'src/b/service.ts',
            parameters: { type: 'object' as const, properties: {} },
            params: [],
          },
          {
            name: 'other',
            class: 'Service',
            method: 'other',
            file: 'src/a/service.ts',
            parameters: { type: 'object' as const, properties: {} },
            params: [],
          },
        ],
      };
      const toolbox = new Toolbox([new Service()], json);
      expect(toolbox.tools().map((t) => t.name)).toEqual(['ping']);
      expect((await toolbox.call({ name: 'ping' })).functionResponse.response).toEqual({ output: 'pong' });
      // An entry of its own file whose method lost @tool() is still caught.
      json.tools.push({
        name: 'gone',
        class: 'Service',
        method: 'gone',
        file: 'src/b/service.ts',
        parameters: { type: 'object', properties: {} },
        params: [],
      });
      expect(() => new Toolbox([new Service()], json)).toThrow(
        'Service.gone is in the manifest but the method is gone: run gen-tools',
      );
    },
  );

  it('says why a class may be missing from a JSON manifest (renamed by a bundler)', () => {
    // What a minifier leaves of WeatherService: the same methods, another class name.
    class a {
      @tool()
      getForecast(city: string, days: number) {
        return [city, days];
      }
    }
    expect(() => new Toolbox([new a()], jsonManifest())).toThrow(
      /^a.getForecast has @tool\(\) but is not in the manifest: run gen-tools \(a JSON manifest matches classes by name: if a bundler renames classes, keep their names or use the TS manifest\)$/,
    );
  });

  it('refuses a class name that the JSON manifest holds twice', () => {
    const json = jsonManifest();
    json.tools.push({ ...json.tools[0]!, name: 'getForecast2', file: 'src/other/weather-service.ts' });
    expect(() => new Toolbox([new WeatherService()], json)).toThrow(
      /JSON manifest has 2 classes named WeatherService.*tools.generated.ts/,
    );
  });
});

describe('stale manifests are a clear error that says to run gen-tools', () => {
  it('a @tool() method missing from the manifest', () => {
    const partial = defineManifest({ version: 1, tools: manifest.tools.filter((t) => t.method !== 'explode') });
    expect(() => new Toolbox([new WeatherService()], partial)).toThrow(
      'WeatherService.explode has @tool() but is not in the manifest: run gen-tools',
    );
  });

  it('an entry whose method is gone', () => {
    const extra = defineManifest({
      version: 1,
      tools: [...manifest.tools, { ...manifest.tools[0]!, name: 'old', method: 'getOldForecast' }],
    });
    expect(() => new Toolbox([new WeatherService()], extra)).toThrow(
      'WeatherService.getOldForecast is in the manifest but the method is gone: run gen-tools',
    );
  });

  it('an entry whose method lost its @tool()', () => {
    const extra = defineManifest({
      version: 1,
      tools: [...manifest.tools, { ...manifest.tools[0]!, name: 'plain', method: 'notATool' }],
    });
    expect(() => new Toolbox([new WeatherService()], extra)).toThrow(
      'WeatherService.notATool is in the manifest but has no @tool(): run gen-tools',
    );
  });

  it('an entry whose parameters changed (more parameters than the manifest lists)', () => {
    const fewer = defineManifest({
      version: 1,
      tools: manifest.tools.map((t) => (t.method === 'add' ? { ...t, params: [t.params[0]!] } : t)),
    });
    expect(() => new Toolbox([new WeatherService()], fewer)).toThrow(
      /WeatherService.add takes 2 parameters before any default, but the manifest lists \(a\): .*run gen-tools/,
    );
  });

  it('an entry whose parameters changed (fewer than the required ones)', () => {
    const more = defineManifest({
      version: 1,
      tools: manifest.tools.map((t) =>
        t.method === 'getForecast'
          ? {
              ...t,
              params: [
                ...t.params.slice(0, 2).map((p) => ({ ...p })),
                { name: 'extra', kind: 'value' as const },
                t.params[2]!,
              ],
            }
          : t,
      ),
    });
    expect(() => new Toolbox([new WeatherService()], more)).toThrow(
      /getForecast takes 2 parameters .*city, days, extra, unit.*run gen-tools/,
    );
  });

  it('a wrapped method (length 0) is let through: that limit is documented', () => {
    class Wrapped {
      @tool()
      run(...args: unknown[]) {
        return args.length;
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'run',
          class: 'Wrapped',
          method: 'run',
          file: 'x.ts',
          target: () => Wrapped,
          parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          params: [{ name: 'a', kind: 'value' }],
        },
      ],
    });
    expect(new Toolbox([new Wrapped()], m).has('run')).toBe(true);
  });

  it('rejects a manifest of another version', () => {
    expect(() => new Toolbox([new WeatherService()], { version: 2, tools: [] } as never)).toThrow(
      /version 2.*run gen-tools/,
    );
  });
});

describe('programmer errors', () => {
  it('a class instead of an instance', () => {
    expect(() => new Toolbox([WeatherService], manifest)).toThrow(
      'Pass an instance of WeatherService (new WeatherService()), not the class itself',
    );
  });
  it('an object without tools', () => {
    expect(() => new Toolbox([{}], manifest)).toThrow('Object has no @tool() methods');
  });
  it('instances not in an array', () => {
    expect(() => new Toolbox(new WeatherService() as never, manifest)).toThrow(/must be an array/);
  });
  it('an invalid function name from the decorator', () => {
    class Bad {
      @tool({ name: 'has space', parameters: { type: 'object', properties: {} } })
      run() {}
    }
    expect(() => new Toolbox([new Bad()], manifest)).toThrow(/"has space" is not a valid Gemini function name/);
  });
  it('a parameters override that is not an object schema', () => {
    class Bad {
      @tool({ parameters: { type: 'string' } })
      run() {}
    }
    expect(() => new Toolbox([new Bad()], manifest)).toThrow(/must describe an object/);
  });
});

describe('manual parameters', () => {
  it(
    'binds a tool that is not in the manifest; the arguments object is the first parameter, ' +
      'ToolContext the second',
    async () => {
      class Search {
        @tool({
          name: 'lookup',
          description: 'Looks things up',
          parameters: {
            type: 'object',
            properties: { q: { type: 'string' }, limit: { type: 'integer', default: 3 } },
            required: ['q'],
          },
        })
        lookup(args: { q: string; limit: number }, context: { toolName: string }) {
          return { ...args, tool: context.toolName };
        }
      }
      const toolbox = new Toolbox([new Search()], defineManifest({ version: 1, tools: [] }));
      expect(toolbox.get('lookup')).toMatchObject({ argumentMode: 'object', description: 'Looks things up' });
      expect((await toolbox.call({ name: 'lookup', args: { q: 'x' } })).functionResponse.response).toEqual({
        output: { q: 'x', limit: 3, tool: 'lookup' },
      });
      const bad = await toolbox.call({ name: 'lookup', args: { q: 1, more: true } });
      expect(bad.functionResponse.response).toMatchObject({
        error: { issues: [{ path: '/more' }, { path: '/q', expected: 'string', received: 'integer 1' }] },
      });
    },
  );

  it('a Gemini OpenAPI schema is read as JSON Schema', async () => {
    class Geo {
      @tool({
        parameters: {
          type: 'OBJECT',
          properties: {
            lat: { type: 'NUMBER' },
            label: { type: 'STRING', nullable: true },
            tags: { type: 'ARRAY', items: { type: 'STRING' } },
          },
          required: ['lat', 'label'],
          propertyOrdering: ['lat', 'label', 'tags'],
        },
      })
      locate(args: object) {
        return args;
      }
    }
    const toolbox = new Toolbox([new Geo()], defineManifest({ version: 1, tools: [] }));
    expect(toolbox.get('locate')!.parameters).toEqual({
      type: 'object',
      properties: {
        lat: { type: 'number' },
        label: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['lat', 'label'],
    });
    expect((await toolbox.call({ name: 'locate', args: { lat: 1, label: null } })).functionResponse.response).toEqual({
      output: { lat: 1, label: null },
    });
    expect(
      (await toolbox.call({ name: 'locate', args: { lat: 'north', label: null } })).functionResponse.response,
    ).toMatchObject({
      error: { issues: [{ path: '/lat', expected: 'number' }] },
    });
  });

  it('property names equal to the parameter names keep positional calling', async () => {
    class Calc {
      @tool({
        parameters: {
          type: 'object',
          properties: { b: { type: 'number' }, a: { type: 'number', minimum: 0 } },
          required: ['a', 'b'],
        },
      })
      minus(a: number, b: number) {
        return a - b;
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'minus',
          class: 'Calc',
          method: 'minus',
          file: 'calc.ts',
          target: () => Calc,
          parameters: {
            type: 'object',
            properties: { a: { type: 'number' }, b: { type: 'number' } },
            required: ['a', 'b'],
          },
          params: [
            { name: 'a', kind: 'value' },
            { name: 'b', kind: 'value' },
          ],
        },
      ],
    });
    const toolbox = new Toolbox([new Calc()], m);
    expect(toolbox.get('minus')!.argumentMode).toBe('positional');
    expect((await toolbox.call({ name: 'minus', args: { b: 1, a: 10 } })).functionResponse.response).toEqual({
      output: 9,
    });
    expect((await toolbox.call({ name: 'minus', args: { b: 1, a: -10 } })).functionResponse.response).toMatchObject({
      error: { issues: [{ path: '/a', expected: 'number >= 0' }] },
    });
  });

  it(
    'a zod 4 schema: its JSON Schema is declared, ' + 'zod validates and transforms, extra properties are reported',
    async () => {
      const Query = z.object({
        text: z.string().min(2),
        page: z.number().int().positive().default(1),
        when: z
          .string()
          .transform((s) => s.toUpperCase())
          .optional(),
      });
      class Finder {
        seen: unknown[] = [];
        @tool({ name: 'find', parameters: Query })
        find(args: z.output<typeof Query>) {
          this.seen.push(args);
          return args;
        }
      }
      const finder = new Finder();
      const toolbox = new Toolbox([finder], defineManifest({ version: 1, tools: [] }));
      const declared = toolbox.get('find')!.parameters;
      expect(declared).toEqual(
        Query['~standard'].jsonSchema.input({ target: 'draft-2020-12' }) && expect.objectContaining({ type: 'object' }),
      );
      expect(declared.$schema).toBeUndefined();
      expect(Object.keys(declared.properties)).toEqual(['text', 'page', 'when']);
      expect(toolbox.declarations()[0]!.parameters!.type).toBe('OBJECT');

      const ok = await toolbox.call({ name: 'find', args: { text: 'hello', when: 'now' } });
      expect(ok.functionResponse.response).toEqual({ output: { text: 'hello', page: 1, when: 'NOW' } });

      const bad = await toolbox.call({ name: 'find', args: { text: 'x', page: 0, colour: 'red' } });
      const error = (bad.functionResponse.response as { error: { issues: { path: string }[]; message: string } }).error;
      expect(error.issues.map((issue) => issue.path)).toEqual(['/colour', '/text', '/page']);
      expect(error.message).toMatch(/Invalid arguments for tool "find"/);
      expect(finder.seen).toHaveLength(1);
    },
  );
});

describe('zod objects that reject unknown keys themselves', () => {
  it('report an extra property once (zod says it), and loose objects let it through', async () => {
    class Strict {
      @tool({ name: 'strict', parameters: z.strictObject({ a: z.string() }) })
      strict(args: { a: string }) {
        return args;
      }
      @tool({ name: 'loose', parameters: z.looseObject({ a: z.string() }) })
      loose(args: { a: string }) {
        return args;
      }
    }
    const toolbox = new Toolbox([new Strict()], defineManifest({ version: 1, tools: [] }));
    const strict = await toolbox.call({ name: 'strict', args: { a: 'x', b: 1 } });
    const issues = (strict.functionResponse.response as { error: { issues: { path: string; expected: string }[] } })
      .error.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.expected).toMatch(/"b"/);
    expect((await toolbox.call({ name: 'loose', args: { a: 'x', b: 1 } })).functionResponse.response).toEqual({
      output: { a: 'x', b: 1 },
    });
  });
});

describe('adding and removing tools at run time', () => {
  it('add() binds another instance; remove() by name or by instance', async () => {
    class Clock {
      @tool({ parameters: { type: 'object', properties: {} } })
      now() {
        return 'tick';
      }
    }
    const toolbox = new Toolbox([new WeatherService()], manifest);
    const clock = new Clock();
    expect(toolbox.add(clock).map((t) => t.name)).toEqual(['now']);
    expect((await toolbox.call({ name: 'now' })).functionResponse.response).toEqual({ output: 'tick' });
    expect(toolbox.declarations().map((d) => d.name)).toContain('now');
    expect(toolbox.remove(clock)).toBe(1);
    expect(toolbox.has('now')).toBe(false);
    expect(toolbox.remove('explode')).toBe(1);
    expect(toolbox.remove('explode')).toBe(0);
    const gone = await toolbox.call({ name: 'explode', args: { reason: 'x' } });
    expect(gone.functionResponse.response).toMatchObject({ error: { name: 'UnknownTool' } });
    expect(() => toolbox.add(new WeatherService())).toThrow(/Two tools are named "getForecast"/);
    // A failed add leaves the Toolbox as it was.
    expect(toolbox.tools()).toHaveLength(4);
  });
});
