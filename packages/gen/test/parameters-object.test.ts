// The top-level `parameters` object of a tool as users write services: unique names for destructured parameters,
// closed objects, the declared dialect; argument values are checked against it with ajv as the Toolbox would.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { sourceRunner } from './helpers/generate-source.js';

/** Runs gen-tools on one service file; the tools by name and the diagnostics as printed. */
const run = sourceRunner('params');

const ajv = new Ajv2020({ strict: true, allErrors: true });
function validator(schema: object): (value: unknown) => boolean {
  const validate = ajv.compile(schema);
  return (value) => validate(value) as boolean;
}

describe('parameter names', () => {
  it('a destructured parameter does not take the name of a later plain parameter', async () => {
    const { tools, diagnostics } = await run(
      `
export class S {
  /** B. */
  @tool()
  b({ x }: { x: string }, args: { z: number }): string { return x + args.z; }
  /** A. */
  @tool()
  a({ size, sort }: Opts, deep = false, opts = { deep: true }): string { return String(size) + sort + deep + ` +
        `opts.deep; }
}
export interface Opts { size: number; sort: string }
`,
    );
    expect(diagnostics).toEqual([]);
    expect(tools.b!.params.map((param) => param.name)).toEqual(['args2', 'args']);
    expect(tools.b!.parameters.required).toEqual(['args2', 'args']);
    expect(tools.b!.parameters.properties!.args2).toMatchObject({ properties: { x: { type: 'string' } } });
    expect(tools.a!.params.map((param) => param.name)).toEqual(['opts2', 'deep', 'opts']);
    const validB = validator(tools.b!.parameters);
    expect(validB({ args2: { x: 'a' }, args: { z: 1 } })).toBe(true);
    expect(validB({ args2: { z: 1 }, args: { z: 1 } })).toBe(false);
  });

  it("a `this` parameter is the method's, not an argument: left out of the schema and the params", async () => {
    const { tools, diagnostics } = await run(`
export class S {
  prefix = '>';
  /** Echoes a word. */
  @tool()
  echo(this: S, word: string, times = 1): string { return this.prefix + word.repeat(times); }
}
`);
    expect(diagnostics).toEqual([]);
    expect(Object.keys(tools.echo!.parameters.properties ?? {})).toEqual(['word', 'times']);
    expect(tools.echo!.parameters.required).toEqual(['word']);
    expect(tools.echo!.params.map((param) => param.name)).toEqual(['word', 'times']);
  });

  it('names from @param tags avoid each other too', async () => {
    const { tools, diagnostics } = await run(`
export class S {
  /**
   * Two names from JSDoc.
   * @param when The first.
   * @param when The second.
   */
  @tool()
  twice({ a }: { a: string }, { b }: { b: string }): string { return a + b; }
}
`);
    expect(diagnostics).toEqual([]);
    expect(tools.twice!.params.map((param) => param.name)).toEqual(['when', 'when2']);
  });

  it('two parameters under one name are an error, never an overwrite', async () => {
    // TypeScript reports the duplicate too, but gen-tools does not compute the checker's full diagnostics.
    const { tools, diagnostics } = await run(`
export class S {
  /** Same name twice. */
  @tool()
  twice(when: string, when: number): string { return String(when); }
}
`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /^src\/service\.ts:\d+:\d+: error TW5002: two parameters of "twice" are named "when" in the arguments object: rename one \(or its @param tag\)$/,
      ),
    ]);
    expect(tools.twice!.params).toHaveLength(1);
  });
});

describe('the parameters object', () => {
  it('declares draft 2020-12 and rejects arguments the method does not take', async () => {
    const { tools } = await run(`
export class S {
  /** Finds. */
  @tool()
  find(query: string, pair?: [number, string]): { hits: string[] } { return { hits: [query, String(pair)] }; }
}
`);
    const { parameters, returns } = tools.find!;
    expect(parameters.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(returns!.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(parameters.additionalProperties).toBe(false);
    const valid = validator(parameters);
    expect(valid({ query: 'a', pair: [1, 'b'] })).toBe(true);
    expect(valid({ query: 'a', pair: [1, 'b', 2] })).toBe(false);
    expect(valid({ query: 'a', limit: 3 })).toBe(false);
    expect(validator(returns!)({ hits: [], more: true })).toBe(false);
  });
});

describe('JSDoc on parameters', () => {
  it('@param options.limit (the dotted form) describes and constrains the nested property', async () => {
    const { tools, diagnostics } = await run(`
export interface Options { limit?: number; sort: 'asc' | 'desc'; tags?: { name: string }[] }
export class S {
  /**
   * Searches.
   * @param query What to find.
   * @param options How to search.
   * @param options.limit Max results. @minimum 1 @maximum 50
   * @param options.tags[].name A tag name. @minLength 2
   * @maxLength options.sort 4
   */
  @tool()
  search(query: string, options: Options | null): string { return query + String(options); }
}
`);
    expect(diagnostics).toEqual([]);
    const options = tools.search!.parameters.properties!.options!;
    const object = options.anyOf![0]!;
    expect(options.description).toBe('How to search.');
    expect(object.properties!.limit).toEqual({ type: 'number', minimum: 1, maximum: 50, description: 'Max results.' });
    expect(object.properties!.sort).toEqual({ type: 'string', enum: ['asc', 'desc'], maxLength: 4 });
    expect(object.properties!.tags!.items).toMatchObject({
      properties: { name: { type: 'string', minLength: 2, description: 'A tag name.' } },
    });
    const valid = validator(tools.search!.parameters);
    expect(valid({ query: 'q', options: { sort: 'asc', limit: 50 } })).toBe(true);
    expect(valid({ query: 'q', options: { sort: 'asc', limit: 51 } })).toBe(false);
  });

  it('warns for a @param that names no parameter or no property, and for bounds no value meets', async () => {
    const { diagnostics } = await run(`
export class S {
  /**
   * Lists.
   * @param nothere Not a parameter.
   * @param a.missing Not a property.
   * @param name A name. @minLength 5 @maxLength 2
   * @param tags Tags. @minItems 3 @maxItems 1
   * @minimum a 0
   * @maximum a -5
   */
  @tool()
  list(a: number, name: string, tags: string[]): string { return name + a + tags.length; }
}
`);
    expect(diagnostics.map((line) => line.replace(/^src\/service\.ts:\d+:\d+: /, ''))).toEqual([
      'warning TW4504: @param nothere names no parameter of the method: check its spelling; it is ignored',
      'warning TW4506: @param a.missing names no property of parameter "a" (a $ref or a type without it): it is ignored',
      'warning TW4502: parameter "a" has minimum 0 above maximum -5 (from its JSDoc tags): no value can pass',
      'warning TW4502: parameter "name" has minLength 5 above maxLength 2 (from its JSDoc tags): no value can pass',
      'warning TW4502: parameter "tags" has minItems 3 above maxItems 1 (from its JSDoc tags): no value can pass',
    ]);
  });
});
