import { describe, expect, it } from 'vitest';
import {
  defineManifest,
  tool,
  Toolbox,
  type FunctionResponsePart,
  type JsonSchema,
  type ToolContext,
} from '@toolwright/core';
import { manifest, WeatherService } from './weather-service.js';

const response = (part: FunctionResponsePart) =>
  part.functionResponse.response as { output?: unknown; error?: Record<string, unknown> & { issues?: unknown[] } };

function weather() {
  const service = new WeatherService();
  return { service, toolbox: new Toolbox([service], manifest) };
}

describe('the functionResponse part', () => {
  it('echoes the call id and name, and wraps the value in { output }', async () => {
    const { toolbox } = weather();
    expect(await toolbox.call({ id: 'c1', name: 'getForecast', args: { city: 'Oslo', days: 2 } })).toEqual({
      functionResponse: {
        id: 'c1',
        name: 'getForecast',
        response: { output: { city: 'Oslo', days: 2, unit: 'celsius' } },
      },
    });
    const noId = await toolbox.call({ name: 'add_numbers', args: { a: 1 } });
    expect(noId).toEqual({ functionResponse: { name: 'add_numbers', response: { output: 1 } } });
    expect('id' in noId.functionResponse).toBe(false);
  });
});

describe('never throws on what the model sent', () => {
  it('an unknown name answers the closest valid names', async () => {
    const { toolbox } = weather();
    const reply = await toolbox.call({ id: 'x', name: 'get_forecast', args: {} });
    expect(reply.functionResponse).toMatchObject({ id: 'x', name: 'get_forecast' });
    expect(response(reply).error).toMatchObject({ name: 'UnknownTool', closest: ['getForecast'] });
    expect(response(reply).error!.message).toMatch(
      /There is no tool named "get_forecast". Did you mean "getForecast"\? Available tools: getForecast, add_numbers/,
    );
    const far = response(await toolbox.call({ name: 'zzzzzzzzzzzzzz' })).error!;
    expect(far.closest).toEqual([]);
    expect(far.message).not.toMatch(/Did you mean/);
    expect(response(await toolbox.call({ name: 'add' })).error!.closest).toEqual(['add_numbers']);
  });

  it('a missing name, missing args, a non-object call', async () => {
    const { toolbox } = weather();
    expect(response(await toolbox.call({})).error).toMatchObject({
      name: 'UnknownTool',
      message: expect.stringMatching(/has no name/),
    });
    expect(response(await toolbox.call(null as never)).error).toMatchObject({ name: 'UnknownTool' });
    expect(response(await toolbox.call({ name: 'getForecast' })).error).toMatchObject({
      name: 'InvalidArguments',
      issues: [
        { path: '/city', expected: 'string (required)', received: 'nothing' },
        { path: '/days', expected: 'integer (required)', received: 'nothing' },
      ],
    });
    expect(response(await toolbox.call({ name: 'getForecast', args: [1, 2] })).error).toMatchObject({
      issues: [{ path: '', expected: 'an object of named arguments', received: 'array of 2 items' }],
    });
  });

  it('reports every issue with a path, what was expected and what was received', async () => {
    const { toolbox, service } = weather();
    const reply = await toolbox.call({
      name: 'book',
      args: {
        when: 'yesterday',
        site: 'https://x.example',
        budget: 1.5,
        tags: ['a', 'a'],
        filter: { limit: 0, nope: 1 },
      },
    });
    const error = response(reply).error!;
    expect(error.name).toBe('InvalidArguments');
    expect(error.issues).toEqual([
      {
        path: '/when',
        expected: 'string in format date-time, e.g. "2025-01-31T09:30:00Z"',
        received: 'string "yesterday"',
      },
      { path: '/budget', expected: 'integer', received: 'number 1.5' },
      { path: '/tags', expected: 'no duplicate items (items 0 and 1 are equal)', received: 'array of 2 items' },
      { path: '/filter/nope', expected: 'no property "nope" (allowed: limit, since)', received: 'integer 1' },
      { path: '/filter/limit', expected: 'integer >= 1', received: 'integer 0' },
    ]);
    expect(error.message).toContain('/filter/limit: expected integer >= 1, received integer 0');
    expect(service.calls).toEqual([]);
  });

  it('extra properties are reported, not dropped (and can be let through by option)', async () => {
    const { toolbox } = weather();
    expect(response(await toolbox.call({ name: 'add_numbers', args: { a: 1, c: 2 } })).error!.issues).toEqual([
      { path: '/c', expected: 'no property "c" (allowed: a, b)', received: 'integer 2' },
    ]);
    const loose = new Toolbox([new WeatherService()], manifest, { rejectExtraProperties: false });
    expect(response(await loose.call({ name: 'add_numbers', args: { a: 1, c: 2 } }))).toEqual({ output: 1 });
  });

  it('does not change the args object the model sent', async () => {
    const { toolbox } = weather();
    const args = { city: 'Oslo', days: 1, unit: null, filter: '{}' };
    const copy = structuredClone(args);
    await toolbox.call({ name: 'getForecast', args });
    const book = {
      when: '2025-01-01T00:00:00Z',
      site: 'https://a.example',
      budget: 1,
      tags: [],
      filter: '{"limit":1}',
    };
    const bookCopy = structuredClone(book);
    expect(response(await toolbox.call({ name: 'book', args: book })).output).toBeTypeOf('string');
    expect(args).toEqual(copy);
    expect(book).toEqual(bookCopy);
  });
});

describe('leniency where Gemini is sloppy', () => {
  it('null for an optional parameter means absent (the default applies)', async () => {
    const { toolbox } = weather();
    expect(response(await toolbox.call({ name: 'getForecast', args: { city: 'Rome', days: 1, unit: null } }))).toEqual({
      output: { city: 'Rome', days: 1, unit: 'celsius' },
    });
    expect(response(await toolbox.call({ name: 'add_numbers', args: { a: 2, b: null } }))).toEqual({ output: 2 });
  });

  it('repairs inside a $ref, whatever the pointer escapes (~1, %25), and a broken escape is a schema error', async () => {
    class Orders {
      @tool()
      place(order: { when: string; note?: string }) {
        return order;
      }
    }
    const order: JsonSchema = {
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' }, note: { type: 'string' } },
      required: ['when'],
    };
    const declared = (ref: string, defs: Record<string, JsonSchema>) =>
      defineManifest({
        version: 1,
        tools: [
          {
            name: 'place',
            class: 'Orders',
            method: 'place',
            file: 'orders.ts',
            target: () => Orders,
            parameters: { type: 'object', properties: { order: { $ref: ref } }, required: ['order'], $defs: defs },
            params: [{ name: 'order', kind: 'value' as const }],
          },
        ],
      });
    const sent = { order: { when: '2025-06-02T09:00:00', note: null } };
    for (const [ref, name] of [
      ['#/$defs/a~1b', 'a/b'],
      ['#/$defs/100%25', '100%'],
    ]) {
      const toolbox = new Toolbox([new Orders()], declared(ref!, { [name!]: order }));
      expect(response(await toolbox.call({ name: 'place', args: sent }))).toEqual({
        output: { when: '2025-06-02T09:00:00Z' },
      });
    }
    // A broken % escape: the repair plan reads it as no target (it used to throw a URIError), ajv refuses the schema.
    const toolbox = new Toolbox([new Orders()], declared('#/$defs/%E0', { '%E0': order }));
    expect(response(await toolbox.call({ name: 'place', args: sent })).error).toMatchObject({
      name: 'ToolSchemaError',
    });
  });

  it('null for a required parameter is still an error', async () => {
    const { toolbox } = weather();
    expect(response(await toolbox.call({ name: 'getForecast', args: { city: null, days: 1 } })).error!.issues).toEqual([
      { path: '/city', expected: 'string', received: 'null' },
    ]);
  });

  it('null stays null where the schema allows it', async () => {
    class Notes {
      @tool()
      save(text: string | null, tag?: string | null) {
        return { text, tag };
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'save',
          class: 'Notes',
          method: 'save',
          file: 'notes.ts',
          target: () => Notes,
          parameters: {
            type: 'object',
            properties: {
              text: { anyOf: [{ type: 'string' }, { type: 'null' }] },
              tag: { anyOf: [{ type: 'string' }, { type: 'null' }] },
            },
            required: ['text'],
          },
          params: [
            { name: 'text', kind: 'value' },
            { name: 'tag', kind: 'value', optional: true },
          ],
        },
      ],
    });
    const toolbox = new Toolbox([new Notes()], m);
    expect(response(await toolbox.call({ name: 'save', args: { text: null, tag: null } }))).toEqual({
      output: { text: null, tag: null },
    });
    expect(response(await toolbox.call({ name: 'save', args: { text: 3 } })).error!.issues).toEqual([
      { path: '/text', expected: 'one of: string | null', received: 'integer 3' },
    ]);
  });

  it('a whole-number float is accepted for an integer', async () => {
    const { toolbox } = weather();
    const args = JSON.parse('{"city":"Oslo","days":3.0}') as Record<string, unknown>;
    expect(response(await toolbox.call({ name: 'getForecast', args }))).toEqual({
      output: { city: 'Oslo', days: 3, unit: 'celsius' },
    });
    const budget = JSON.parse(
      '{"when":"2025-01-01T00:00:00Z","site":"https://a.example","budget":40.0,"tags":[]}',
    ) as Record<string, unknown>;
    expect(response(await toolbox.call({ name: 'book', args: budget })).output).toBe(
      '2025-01-01T00:00:00.000Z https://a.example/ 80  - -',
    );
    expect(
      response(await toolbox.call({ name: 'getForecast', args: { city: 'Oslo', days: 3.5 } })).error,
    ).toBeDefined();
  });

  it('a JSON string where an object or array is expected is parsed', async () => {
    const { toolbox } = weather();
    const reply = await toolbox.call({
      name: 'book',
      args: {
        when: '2025-01-01T00:00:00Z',
        site: 'https://a.example',
        budget: 1,
        tags: '["x","y"]',
        filter: ' {"limit": 2, "since": "2024-06-01T00:00:00Z"}',
      },
    });
    expect(response(reply).output).toBe('2025-01-01T00:00:00.000Z https://a.example/ 2 x|y 2 2024-06-01T00:00:00.000Z');
    const broken = await toolbox.call({
      name: 'book',
      args: { when: '2025-01-01T00:00:00Z', site: 'https://a.example', budget: 1, tags: '[x' },
    });
    expect(response(broken).error!.issues).toEqual([
      { path: '/tags', expected: 'array of string', received: 'string "[x"' },
    ]);
  });

  it('the whole args object given as JSON text is parsed', async () => {
    const { toolbox } = weather();
    expect(response(await toolbox.call({ name: 'add_numbers', args: '{"a": 4, "b": 5}' }))).toEqual({ output: 9 });
  });

  it('a string is never parsed where a string is expected', async () => {
    class Echo {
      @tool()
      echo(text: string) {
        return text;
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'echo',
          class: 'Echo',
          method: 'echo',
          file: 'echo.ts',
          target: () => Echo,
          parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          params: [{ name: 'text', kind: 'value' }],
        },
      ],
    });
    expect(response(await new Toolbox([new Echo()], m).call({ name: 'echo', args: { text: '{"a":1}' } }))).toEqual({
      output: '{"a":1}',
    });
  });
});

describe('conversion to the declared types', () => {
  it('revives Date, URL, bigint, Set and nested values before the call', async () => {
    class Probe {
      seen: unknown[] = [];
      @tool()
      probe(
        when: Date,
        site: URL,
        big: bigint,
        tags: Set<string>,
        nested: { at: Date; list: Date[]; byName: Record<string, URL> },
      ) {
        this.seen.push(when, site, big, tags, nested);
        return 'ok';
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'probe',
          class: 'Probe',
          method: 'probe',
          file: 'probe.ts',
          target: () => Probe,
          parameters: {
            type: 'object',
            properties: {
              when: { type: 'string', format: 'date-time' },
              site: { type: 'string', format: 'uri' },
              big: { type: 'integer' },
              tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
              nested: {
                type: 'object',
                properties: {
                  at: { type: 'string', format: 'date-time' },
                  list: { type: 'array', items: { type: 'string', format: 'date-time' } },
                  byName: { type: 'object', additionalProperties: { type: 'string', format: 'uri' } },
                },
                required: ['at', 'list', 'byName'],
              },
            },
            required: ['when', 'site', 'big', 'tags', 'nested'],
          },
          params: [
            { name: 'when', kind: 'value', revive: { kind: 'date' } },
            { name: 'site', kind: 'value', revive: { kind: 'url' } },
            { name: 'big', kind: 'value', revive: { kind: 'bigint' } },
            { name: 'tags', kind: 'value', revive: { kind: 'set' } },
            {
              name: 'nested',
              kind: 'value',
              revive: {
                kind: 'object',
                properties: {
                  at: { kind: 'date' },
                  list: { kind: 'array', items: { kind: 'date' } },
                  byName: { kind: 'record', values: { kind: 'url' } },
                },
              },
            },
          ],
        },
      ],
    });
    const probe = new Probe();
    const toolbox = new Toolbox([probe], m);
    const reply = await toolbox.call({
      name: 'probe',
      args: {
        when: '2025-03-01T10:00:00Z',
        site: 'https://example.com/a?b=1',
        big: 9007199254740991,
        tags: ['a', 'b'],
        nested: {
          at: '2020-01-01T00:00:00Z',
          list: ['2021-01-01T00:00:00Z'],
          byName: { home: 'https://home.example' },
        },
      },
    });
    expect(response(reply)).toEqual({ output: 'ok' });
    const [when, site, big, tags, nested] = probe.seen as [
      Date,
      URL,
      bigint,
      Set<string>,
      { at: Date; list: Date[]; byName: Record<string, URL> },
    ];
    expect(when).toBeInstanceOf(Date);
    expect(when.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(site).toBeInstanceOf(URL);
    expect(site.searchParams.get('b')).toBe('1');
    expect(big).toBe(9007199254740991n);
    expect(tags).toEqual(new Set(['a', 'b']));
    expect(nested.at).toBeInstanceOf(Date);
    expect(nested.list[0]).toBeInstanceOf(Date);
    expect(nested.byName.home).toBeInstanceOf(URL);
  });

  it('revives tuples position by position and the items of sets; a bad value is an issue, not a throw', async () => {
    class Span {
      @tool()
      span(range: [Date, string], days: Set<Date>, ids: bigint[]) {
        return [
          range[0] instanceof Date,
          range[1],
          [...days].every((day) => day instanceof Date),
          ids.map((id) => typeof id),
        ];
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'span',
          class: 'Span',
          method: 'span',
          file: 'span.ts',
          target: () => Span,
          parameters: {
            type: 'object',
            properties: {
              range: {
                type: 'array',
                prefixItems: [{ type: 'string', format: 'date-time' }, { type: 'string' }],
                minItems: 2,
                maxItems: 2,
              },
              days: { type: 'array', items: { type: 'string' }, uniqueItems: true },
              ids: { type: 'array', items: { type: 'integer' } },
            },
            required: ['range', 'days', 'ids'],
          },
          params: [
            { name: 'range', kind: 'value', revive: { kind: 'tuple', items: [{ kind: 'date' }, null] } },
            { name: 'days', kind: 'value', revive: { kind: 'set', items: { kind: 'date' } } },
            { name: 'ids', kind: 'value', revive: { kind: 'array', items: { kind: 'bigint' } } },
          ],
        },
      ],
    });
    const toolbox = new Toolbox([new Span()], m);
    const ok = await toolbox.call({
      name: 'span',
      args: { range: ['2025-01-01T00:00:00Z', 'x'], days: ['2025-01-02T00:00:00Z'], ids: [1, 2] },
    });
    expect(response(ok)).toEqual({ output: [true, 'x', true, ['bigint', 'bigint']] });
    // The schema lets any string through for `days`; the revival catches what is not a date.
    const bad = await toolbox.call({
      name: 'span',
      args: { range: ['2025-01-01T00:00:00Z', 'x'], days: ['soon'], ids: [] },
    });
    expect(response(bad).error!.issues).toEqual([
      { path: '/days/0', expected: 'date-time text, e.g. "2025-01-31T09:30:00Z"', received: 'string "soon"' },
    ]);
  });

  it('passes arguments in parameter order whatever the order of the properties, absent ones as undefined', async () => {
    class Order {
      @tool()
      order(a: string, b = 'B', c?: string) {
        return [a, b, c ?? null];
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'order',
          class: 'Order',
          method: 'order',
          file: 'order.ts',
          target: () => Order,
          parameters: {
            type: 'object',
            properties: { a: { type: 'string' }, b: { type: 'string', default: 'B' }, c: { type: 'string' } },
            required: ['a'],
          },
          params: [
            { name: 'a', kind: 'value' },
            { name: 'b', kind: 'value', optional: true },
            { name: 'c', kind: 'value', optional: true },
          ],
        },
      ],
    });
    const toolbox = new Toolbox([new Order()], m);
    expect(response(await toolbox.call({ name: 'order', args: { c: 'C', a: 'A' } }))).toEqual({
      output: ['A', 'B', 'C'],
    });
    expect(response(await toolbox.call({ name: 'order', args: { b: 'b', a: 'A' } }))).toEqual({
      output: ['A', 'b', null],
    });
  });

  it('calls sync and async methods with `this` bound', async () => {
    const { toolbox, service } = weather();
    expect(response(await toolbox.call({ name: 'add_numbers', args: { a: 1, b: 2 } }))).toEqual({ output: 3 });
    expect(response(await toolbox.call({ name: 'getForecast', args: { city: 'Lima', days: 1 } })).output).toMatchObject(
      { city: 'Lima' },
    );
    expect(service.calls).toEqual(['add', 'getForecast:Lima']);
  });
});

describe('ToolContext, timeouts and cancellation', () => {
  it('gives the method the signal, the call id and the timeout, and leaves it out of the schema', async () => {
    const { toolbox } = weather();
    expect(Object.keys(toolbox.get('wait')!.parameters.properties)).toEqual(['ms']);
    expect(response(await toolbox.call({ id: 'abc', name: 'wait', args: { ms: 1 } }, { timeoutMs: 5000 }))).toEqual({
      output: { waited: 1, callId: 'abc', timeoutMs: 5000 },
    });
  });

  it("takes the caller's call id when the model sent none; the model's id wins and is the one echoed", async () => {
    const { toolbox } = weather();
    const unnamed = await toolbox.call({ name: 'wait', args: { ms: 1 } }, { callId: 'run-1:2:0' });
    expect(response(unnamed)).toMatchObject({ output: { callId: 'run-1:2:0' } });
    expect(unnamed.functionResponse.id).toBeUndefined();
    const named = await toolbox.call({ id: 'abc', name: 'wait', args: { ms: 1 } }, { callId: 'run-1:2:1' });
    expect(response(named)).toMatchObject({ output: { callId: 'abc' } });
    expect(named.functionResponse.id).toBe('abc');
  });

  it('a per-tool timeout ends the call with an error response and aborts the signal', async () => {
    let seen: ToolContext | undefined;
    class Slow {
      @tool({ timeoutMs: 20 })
      slow(context: ToolContext) {
        seen = context;
        return new Promise(() => {});
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'slow',
          class: 'Slow',
          method: 'slow',
          file: 's.ts',
          target: () => Slow,
          parameters: { type: 'object', properties: {} },
          params: [{ name: 'context', kind: 'context' }],
        },
      ],
    });
    const toolbox = new Toolbox([new Slow()], m);
    const reply = await toolbox.call({ id: '1', name: 'slow', args: {} });
    expect(response(reply).error).toMatchObject({
      name: 'TimeoutError',
      message: 'Tool "slow" did not finish within 20 ms',
    });
    expect(seen!.signal.aborted).toBe(true);
    expect((seen!.signal.reason as Error).name).toBe('TimeoutError');
    expect(seen!.timeoutMs).toBe(20);
  });

  it('the call option wins over the tool timeout', async () => {
    const { toolbox } = weather();
    const reply = await toolbox.call({ name: 'wait', args: { ms: 2000 } }, { timeoutMs: 10 });
    expect(response(reply).error).toMatchObject({ name: 'TimeoutError' });
  });

  it('a timeout also ends a tool that takes no ToolContext', async () => {
    class Stuck {
      @tool({ timeoutMs: 10 })
      stuck() {
        return new Promise(() => {});
      }
    }
    const m = defineManifest({
      version: 1,
      tools: [
        {
          name: 'stuck',
          class: 'Stuck',
          method: 'stuck',
          file: 's.ts',
          target: () => Stuck,
          parameters: { type: 'object', properties: {} },
          params: [],
        },
      ],
    });
    expect(response(await new Toolbox([new Stuck()], m).call({ name: 'stuck' })).error).toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('an external signal aborts the tool signal and answers an abort error', async () => {
    const { toolbox } = weather();
    const controller = new AbortController();
    const pending = toolbox.call({ name: 'wait', args: { ms: 5000 } }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user pressed stop')), 10);
    expect(response(await pending).error).toMatchObject({
      name: 'AbortError',
      message: 'The call to tool "wait" was cancelled: user pressed stop',
      toolName: 'wait',
    });
  });

  it('an already aborted signal does not call the tool', async () => {
    const { toolbox, service } = weather();
    const reply = await toolbox.call({ name: 'add_numbers', args: { a: 1 } }, { signal: AbortSignal.abort() });
    expect(response(reply).error).toMatchObject({
      name: 'AbortError',
      message: 'The call to tool "add_numbers" was cancelled',
    });
    expect(service.calls).toEqual([]);
  });
});

describe('precompiled validators (no code generation at run time)', () => {
  it('generateCode: false needs a precompiled validator for every tool', () => {
    expect(() => new Toolbox([new WeatherService()], manifest, { generateCode: false })).toThrow(
      /WeatherService.getForecast: generateCode is false, .*no precompiled one for "getForecast": run gen-tools with --validators/,
    );
  });

  it(
    'uses the validators it is given, keyed by manifest name, ' + 'and reads arguments without generated code',
    async () => {
      const { Ajv2020 } = await import('ajv/dist/2020.js');
      const addFormats = ((await import('ajv-formats')) as unknown as { default: (ajv: unknown) => void }).default;
      const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
      addFormats(ajv);
      const { validationSchema } = await import('@toolwright/core/validator-build');
      const validators = Object.fromEntries(
        manifest.tools.map((t) => [t.name, ajv.compile(validationSchema(t.parameters))]),
      );
      const used: string[] = [];
      const counted = Object.fromEntries(
        Object.entries(validators).map(([name, validate]) => {
          const wrapper = Object.assign(
            (data: unknown) => {
              used.push(name);
              const ok = validate(data);
              wrapper.errors = validate.errors;
              return ok;
            },
            { errors: null as unknown },
          );
          return [name, wrapper];
        }),
      );
      const toolbox = new Toolbox([new WeatherService()], manifest, {
        generateCode: false,
        validators: counted as never,
      });
      expect(
        response(await toolbox.call({ name: 'getForecast', args: { unit: 'fahrenheit', days: 2, city: 'Oslo' } })),
      ).toEqual({
        output: { city: 'Oslo', days: 2, unit: 'fahrenheit' },
      });
      expect(response(await toolbox.call({ name: 'add_numbers', args: { a: 'x' } })).error!.issues).toEqual([
        { path: '/a', expected: 'number', received: 'string "x"' },
      ]);
      expect(used).toEqual(['getForecast', 'add_numbers']);
    },
  );
});
