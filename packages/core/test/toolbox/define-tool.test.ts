import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, FunctionTool, tool, Toolbox, type ToolContext } from '@toolwright/core';
import { manifest, WeatherService } from './weather-service.js';

const echoSchema = {
  type: 'object',
  properties: { text: { type: 'string', minLength: 1 }, times: { type: 'integer', minimum: 1, default: 1 } },
  required: ['text'],
} as const;

const echo = defineTool<{ text: string; times: number }>({
  name: 'echo',
  description: 'Repeats the text.',
  parameters: echoSchema,
  handler: ({ text, times }) => text.repeat(times),
});

const response = async (toolbox: Toolbox, name: string, args?: unknown, options?: Parameters<Toolbox['call']>[1]) =>
  (await toolbox.call({ id: 'c1', name, args }, options)).functionResponse.response;

describe('defineTool', () => {
  it('binds beside decorated instances, with their manifest, and declares the schema as given', async () => {
    const toolbox = new Toolbox([new WeatherService(), echo], manifest);
    expect(toolbox.tools().map((t) => t.name)).toEqual([
      'getForecast',
      'add_numbers',
      'wait',
      'book',
      'explode',
      'echo',
    ]);
    expect(toolbox.get('echo')).toMatchObject({
      class: FunctionTool,
      method: 'handler',
      instance: echo,
      argumentMode: 'object',
    });
    expect(toolbox.declarations().at(-1)).toEqual({
      name: 'echo',
      description: 'Repeats the text.',
      parameters: {
        type: 'OBJECT',
        properties: { text: { type: 'STRING', minLength: '1' }, times: { type: 'INTEGER', minimum: 1, default: 1 } },
        required: ['text'],
        propertyOrdering: ['text', 'times'],
      },
    });
    expect(await response(toolbox, 'echo', { text: 'ab', times: 2 })).toEqual({ output: 'abab' });
    expect(await response(toolbox, 'echo', { text: 'ab' })).toEqual({ output: 'ab' });
    expect(await response(toolbox, 'add_numbers', { a: 1, b: 2 })).toEqual({ output: 3 });
  });

  it('works without a manifest, with the same validation errors as decorated methods', async () => {
    const toolbox = new Toolbox([echo]);
    const bad = await response(toolbox, 'echo', { text: '', times: 0.5, loud: true });
    expect(bad).toEqual({
      error: {
        name: 'InvalidArguments',
        message: expect.stringContaining('Invalid arguments for tool "echo" (4 issues)'),
        issues: [
          { path: '/loud', expected: 'no property "loud" (allowed: text, times)', received: 'boolean true' },
          { path: '/text', expected: 'string of at least 1 character', received: 'string ""' },
          { path: '/times', expected: 'integer', received: 'number 0.5' },
          { path: '/times', expected: 'integer >= 1', received: 'number 0.5' },
        ],
      },
    });
    expect(await response(toolbox, 'ehco', {})).toMatchObject({ error: { name: 'UnknownTool', closest: ['echo'] } });
  });

  it('takes a Gemini (OpenAPI) schema', async () => {
    const area = defineTool<{ width: number; height: number | null }>({
      name: 'area',
      parameters: {
        type: 'OBJECT',
        properties: { width: { type: 'NUMBER' }, height: { type: 'NUMBER', nullable: true } },
        required: ['width', 'height'],
      },
      handler: ({ width, height }) => width * (height ?? width),
    });
    const toolbox = new Toolbox([area]);
    expect(toolbox.get('area')!.parameters).toEqual({
      type: 'object',
      properties: { width: { type: 'number' }, height: { type: ['number', 'null'] } },
      required: ['width', 'height'],
    });
    expect(await response(toolbox, 'area', { width: 3, height: null })).toEqual({ output: 9 });
    expect(await response(toolbox, 'area', { width: '3', height: 2 })).toMatchObject({
      error: { issues: [{ path: '/width', expected: 'number', received: 'string "3"' }] },
    });
  });

  it('takes a zod 4 schema: zod validates and transforms, extra properties are reported', async () => {
    const book = defineTool({
      name: 'book',
      description: 'Books a room.',
      parameters: z.object({
        room: z.string().min(2),
        nights: z.number().int().positive().default(1),
        when: z.iso.date().transform((d) => new Date(d)),
      }),
      handler: ({ room, nights, when }) => ({ room, nights, day: when.getUTCDate() }),
    });
    const toolbox = new Toolbox([book]);
    expect(toolbox.get('book')!.parameters).toMatchObject({
      type: 'object',
      properties: { room: { type: 'string', minLength: 2 } },
    });
    expect(await response(toolbox, 'book', { room: 'A1', when: '2025-06-02' })).toEqual({
      output: { room: 'A1', nights: 1, day: 2 },
    });
    const bad = await response(toolbox, 'book', { room: 'A', nights: -1, when: '2025-06-02', pets: 2 });
    expect(bad).toMatchObject({
      error: {
        name: 'InvalidArguments',
        issues: [
          { path: '/pets', received: 'integer 2' },
          { path: '/room', received: 'string "A"' },
          { path: '/nights', received: 'integer -1' },
        ],
      },
    });
  });

  it('hands the handler a ToolContext, and honours its own time limit, the call limit and the defaults', async () => {
    const seen: ToolContext[] = [];
    const slow = (timeoutMs?: number) =>
      defineTool<{ ms: number }>({
        name: timeoutMs === undefined ? 'slow' : `slow${timeoutMs}`,
        parameters: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        handler: async ({ ms }, context) => {
          seen.push(context);
          await new Promise((resolve) => setTimeout(resolve, ms));
          return context.signal.aborted ? 'aborted' : 'done';
        },
      });
    const toolbox = new Toolbox([slow(), slow(20)], { timeoutMs: 30 });
    expect(await response(toolbox, 'slow', { ms: 1 })).toEqual({ output: 'done' });
    expect(seen[0]).toMatchObject({ toolName: 'slow', callId: 'c1', timeoutMs: 30 });
    expect(await response(toolbox, 'slow20', { ms: 200 })).toMatchObject({
      error: { name: 'TimeoutError', message: 'Tool "slow20" did not finish within 20 ms' },
    });
    expect(await response(toolbox, 'slow20', { ms: 200 }, { defaultTimeoutMs: 5000 })).toMatchObject({
      error: { name: 'TimeoutError' },
    });
    expect(await response(toolbox, 'slow', { ms: 200 }, { defaultTimeoutMs: 10 })).toMatchObject({
      error: { message: 'Tool "slow" did not finish within 10 ms' },
    });
    expect(await response(toolbox, 'slow20', { ms: 40 }, { timeoutMs: 5000 })).toEqual({ output: 'done' });
  });

  it('is added and removed like an instance; a name clash says which tools clash', () => {
    const toolbox = new Toolbox([new WeatherService()], manifest);
    expect(toolbox.add(echo).map((t) => t.name)).toEqual(['echo']);
    expect(() => toolbox.add(defineTool({ name: 'echo', parameters: echoSchema, handler: () => 1 }))).toThrow(
      'Two tools are named "echo": defineTool "echo" and defineTool "echo"',
    );
    expect(toolbox.remove(echo)).toBe(1);
    expect(toolbox.has('echo')).toBe(false);
  });

  it('takes options in place of the manifest, and says so when they are neither', () => {
    expect(new Toolbox([echo], { timeoutMs: 5 }).get('echo')!.timeoutMs).toBe(5);
    expect(new Toolbox([echo], undefined, { timeoutMs: 6 }).get('echo')!.timeoutMs).toBe(6);
    expect(() => new Toolbox([echo], { timeout: 5 } as never)).toThrow(
      'new Toolbox(tools, options): unknown option timeout (options: timeoutMs, maxResultSize, maxMediaSize, includeStack, ' +
        'onResult, onError, validators, classes, rejectExtraProperties, generateCode; ' +
        'a manifest has version and tools)',
    );
  });

  it('refuses a definition that cannot work, saying what is wrong', () => {
    const parameters = { type: 'object', properties: {} };
    expect(() => defineTool({ name: '', parameters, handler: () => 1 })).toThrow(
      'defineTool: name must be a non-empty string',
    );
    expect(() => defineTool({ name: 'x', parameters, handler: 1 as never })).toThrow(
      'defineTool "x": handler must be a function',
    );
    expect(() => defineTool({ name: 'x', parameters: undefined as never, handler: () => 1 })).toThrow(
      'defineTool "x": parameters must be',
    );
    expect(() => new Toolbox([defineTool({ name: 'bad name', parameters, handler: () => 1 })])).toThrow(
      'defineTool "bad name": tool name "bad name" is not a valid Gemini function name',
    );
    expect(() => new Toolbox([defineTool({ name: 'x', parameters: { type: 'string' }, handler: () => 1 })])).toThrow(
      'defineTool "x": the parameters schema must describe an object',
    );
  });
});

describe('decorated methods without a manifest entry', () => {
  const parameters = {
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' } },
    required: ['a', 'b'],
  } as const;

  it(
    'a method that declares one parameter receives the arguments object; ' + 'a second one receives the ToolContext',
    async () => {
      class Joiner {
        @tool({ parameters })
        join(args: { a: string; b: string }) {
          return args.a + args.b;
        }
        @tool({ parameters })
        joinWithContext(args: { a: string; b: string }, context: ToolContext) {
          return `${args.a}${args.b}@${context.toolName}`;
        }
      }
      const toolbox = new Toolbox([new Joiner()]);
      expect(await response(toolbox, 'join', { a: 'x', b: 'y' })).toEqual({ output: 'xy' });
      expect(await response(toolbox, 'joinWithContext', { a: 'x', b: 'y' })).toEqual({ output: 'xy@joinWithContext' });
    },
  );

  it(
    'a method that takes its arguments one by one is refused at binding, ' + 'never called with objects in their place',
    () => {
      class Positional {
        @tool({ parameters })
        join(a: string, b: string) {
          return a + b;
        }
      }
      expect(() => new Toolbox([new Positional()])).toThrow(
        'Positional.join takes (a, b) but is not in the manifest, so it would be called with the arguments object ' +
          'and the ToolContext ' +
          'in their place. Without a manifest entry a tool method takes one arguments object (join(args: { a, b ' +
          '}), and optionally a ' +
          'ToolContext second); to keep one parameter per argument, ' +
          'run gen-tools so that the manifest lists its parameters',
      );
      class Three {
        @tool({ parameters })
        join(first: string, second = '', third?: string) {
          return first + second + third;
        }
      }
      expect(() => new Toolbox([new Three()])).toThrow(
        'Three.join takes (first, second, third) but is not in the manifest',
      );
    },
  );

  it('a method without @tool({ parameters }) bound with no manifest asks for the manifest, not for gen-tools', () => {
    class Plain {
      @tool()
      run(a: string) {
        return a;
      }
    }
    const noEntries =
      'Plain.run has @tool() but the Toolbox got no manifest entries: pass the manifest gen-tools writes ' +
      '(new Toolbox([...], manifest)), or give the method its schema with @tool({ parameters })';
    expect(() => new Toolbox([new Plain()])).toThrow(noEntries);
    expect(() => new Toolbox([new Plain()], { version: 1, tools: [] })).toThrow(noEntries);
  });
});
