import { describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox, type ManifestParam, type ManifestTool } from '@toolwright/core';

// What the type checker cannot see in a stale manifest: the Toolbox reads the method's own parameter names.

/** A manifest whose one entry lists `params` for `cls.prototype[method]`, as gen-tools would have written it. */
function manifestFor(cls: abstract new () => object, method: string, params: ManifestParam[]) {
  const properties = Object.fromEntries(params.map((param) => [param.name, { type: 'string' as const }]));
  const entry: ManifestTool = {
    name: method,
    class: cls.name,
    method,
    file: 'src/service.ts',
    target: () => cls,
    parameters: { type: 'object', properties, additionalProperties: false },
    params,
  };
  return defineManifest({ version: 1, tools: [entry] });
}

const value = (name: string, optional = false): ManifestParam => ({
  name,
  kind: 'value',
  ...(optional ? { optional: true } : {}),
});

describe('bind-time drift: names read from the method source', () => {
  class Route {
    @tool()
    move(to: string, from: string): string {
      return `${from}->${to}`;
    }
  }

  it('refuses a reorder of same-typed parameters (the values would swap)', () => {
    const stale = manifestFor(Route, 'move', [value('from'), value('to')]);
    expect(() => new Toolbox([new Route()], stale)).toThrow(
      'Route.move takes (to, from), but the manifest lists (from, to): the method changed since gen-tools wrote the ' +
        'manifest, and its arguments would reach the wrong parameters: run gen-tools',
    );
  });

  it('refuses a renamed parameter', () => {
    const stale = manifestFor(Route, 'move', [value('destination'), value('from')]);
    expect(() => new Toolbox([new Route()], stale)).toThrow(/Route\.move takes \(to, from\), but the manifest lists/);
  });

  it('refuses a trailing optional parameter removed (fn.length cannot see it)', () => {
    class Search {
      @tool()
      find(query: string): string {
        return query;
      }
    }
    const stale = manifestFor(Search, 'find', [value('query'), value('limit', true)]);
    expect(() => new Toolbox([new Search()], stale)).toThrow(/Search\.find takes \(query\), but the manifest lists/);
  });

  it('refuses a parameter inserted after the first default', () => {
    class Search {
      @tool()
      find(query: string, limit = 5, plan = 'free'): string {
        return `${query}${limit}${plan}`;
      }
    }
    const stale = manifestFor(Search, 'find', [value('query'), value('limit', true)]);
    expect(() => new Toolbox([new Search()], stale)).toThrow(/Search\.find takes \(query, limit, plan\)/);
  });

  it('binds a method whose names match, and calls it with the arguments in place', async () => {
    const toolbox = new Toolbox([new Route()], manifestFor(Route, 'move', [value('to'), value('from')]));
    const reply = await toolbox.call({ name: 'move', args: { from: 'a', to: 'b' } });
    expect(reply.functionResponse.response).toEqual({ output: 'a->b' });
  });

  it('leaves alone what the source text cannot tell: minified names, wrappers, destructuring', () => {
    // As a minifier writes it: names of one or two characters, none of the manifest's.
    class Minified {
      @tool()
      find(e: string, t?: string): string {
        return e + (t ?? '');
      }
    }
    class Wrapped {
      @tool()
      find(...args: unknown[]): string {
        return String(args[0]);
      }
    }
    class Destructured {
      @tool()
      find({ query }: { query: string }, limit?: string): string {
        return query + (limit ?? '');
      }
    }
    expect(
      () => new Toolbox([new Minified()], manifestFor(Minified, 'find', [value('query'), value('limit', true)])),
    ).not.toThrow();
    expect(() => new Toolbox([new Wrapped()], manifestFor(Wrapped, 'find', [value('query')]))).not.toThrow();
    expect(
      () => new Toolbox([new Destructured()], manifestFor(Destructured, 'find', [value('args'), value('limit', true)])),
    ).not.toThrow();
  });
});
