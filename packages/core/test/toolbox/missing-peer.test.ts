import { describe, expect, it, vi } from 'vitest';

describe('a DTO tool without class-transformer installed', () => {
  it('answers a clear error instead of throwing, and compile() throws it for the programmer', async () => {
    vi.resetModules();
    vi.doMock('class-transformer', () => {
      throw new Error("Cannot find package 'class-transformer'");
    });
    const core = await import('@toolwright/core');
    class Query {
      text!: string;
    }
    class Search {
      @core.tool()
      find(query: Query) {
        return query.text;
      }
    }
    const manifest = core.defineManifest({
      version: 1,
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
              revive: { kind: 'class', name: 'Query', file: 'search.ts', target: () => Query },
            },
          ],
        },
      ],
    });
    const toolbox = new core.Toolbox([new Search()], manifest);
    const reply = await toolbox.call({ name: 'find', args: { query: { text: 'x' } } });
    expect(reply.functionResponse.response).toEqual({
      error: {
        name: 'ToolSetupError',
        message: expect.stringMatching(
          /^class-transformer could not be loaded \(.*\); it is needed by tool "find" \(Search.find\), which takes a DTO class: install it$/,
        ),
      },
    });
    await expect(toolbox.compile()).rejects.toThrow(/class-transformer could not be loaded/);
    vi.doUnmock('class-transformer');
  });
});
