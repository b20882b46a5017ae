import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DtoModules } from '@toolwright/core';

/** core, imported again with class-transformer and class-validator unloadable. */
async function coreWithoutPeers(): Promise<typeof import('@toolwright/core')> {
  vi.resetModules();
  for (const peer of ['class-transformer', 'class-validator']) {
    vi.doMock(peer, () => {
      throw new Error(`Cannot find package '${peer}'`);
    });
  }
  return import('@toolwright/core');
}

afterEach(() => {
  vi.doUnmock('class-transformer');
  vi.doUnmock('class-validator');
});

/** A Toolbox with one tool, `find(query: Query)`, whose DTO class has class-validator's decorators (`validate`). */
function searchToolbox(core: typeof import('@toolwright/core'), dtoModules?: DtoModules) {
  class Query {
    text!: string;
  }
  class Search {
    @core.tool()
    find(query: Query) {
      return query instanceof Query ? query.text : 'not a Query';
    }
  }
  const manifest = core.defineManifest({
    version: 1,
    ...(dtoModules ? { dtoModules } : {}),
    tools: [
      {
        name: 'find',
        class: 'Search',
        method: 'find',
        file: 'search.ts',
        target: () => Search,
        parameters: {
          type: 'object',
          properties: { query: { type: 'object', properties: { text: { type: 'string' } } } },
          required: ['query'],
        },
        params: [
          {
            name: 'query',
            kind: 'value',
            revive: { kind: 'class', name: 'Query', file: 'search.ts', target: () => Query, validate: true },
          },
        ],
      },
    ],
  });
  return new core.Toolbox([new Search()], manifest);
}

describe('a DTO tool without class-transformer installed', () => {
  it('answers a clear error instead of throwing, and compile() throws it for the programmer', async () => {
    const toolbox = searchToolbox(await coreWithoutPeers());
    const reply = await toolbox.call({ name: 'find', args: { query: { text: 'x' } } });
    expect(reply.functionResponse.response).toEqual({
      error: {
        name: 'ToolSetupError',
        message: expect.stringMatching(
          /^class-transformer could not be loaded \(.*\); it is needed by tool "find" \(Search.find\), which takes a DTO class: install it \(a bundled app: .*\)$/,
        ),
      },
    });
    await expect(toolbox.compile()).rejects.toThrow(/class-transformer could not be loaded/);
  });

  it("takes the libraries from the manifest's dtoModules, as gen-tools' TS module imports them, and imports neither", async () => {
    const core = await coreWithoutPeers();
    const classTransformer = {
      plainToInstance: (cls: new () => object, plain: object) => Object.assign(new cls(), plain),
    };
    // As a CommonJS module's namespace can come: its exports under `default`.
    const classValidator = {
      default: {
        validate: async (object: { text?: string }) =>
          object.text ? [] : [{ property: 'text', constraints: { isNotEmpty: 'text should not be empty' } }],
      },
    };
    const toolbox = searchToolbox(core, { classTransformer, classValidator });
    await toolbox.compile();
    const built = await toolbox.call({ name: 'find', args: { query: { text: 'tea' } } });
    expect(built.functionResponse.response).toEqual({ output: 'tea' });
    const refused = await toolbox.call({ name: 'find', args: { query: { text: '' } } });
    expect(refused.functionResponse.response).toMatchObject({
      error: { name: 'InvalidArguments', message: expect.stringContaining('text should not be empty') },
    });
  });

  it('says which export a given module lacks', async () => {
    const toolbox = searchToolbox(await coreWithoutPeers(), { classTransformer: {}, classValidator: {} });
    const reply = await toolbox.call({ name: 'find', args: { query: { text: 'x' } } });
    expect(reply.functionResponse.response).toMatchObject({
      error: {
        name: 'ToolSetupError',
        message: expect.stringMatching(/^class-transformer does not export plainToInstance; by tool "find"/),
      },
    });
  });
});
