import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox, type FunctionResponsePart } from '@toolwright/core';

class Catalog {
  seen: unknown[][] = [];
  @tool()
  search(
    query: string,
    limit: number,
    sort: 'price' | 'name' = 'name',
    tags?: string[],
    filter?: { min: number; max?: number },
  ) {
    this.seen.push([query, limit, sort, tags, filter]);
    return 'ok';
  }
}

const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'search',
      class: 'Catalog',
      method: 'search',
      file: 'catalog.ts',
      target: () => Catalog,
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
          sort: { type: 'string', enum: ['price', 'name'], default: 'name' },
          tags: { type: 'array', items: { type: 'string' } },
          filter: {
            type: 'object',
            properties: { min: { type: 'number' }, max: { type: 'number' } },
            required: ['min'],
          },
        },
        required: ['query', 'limit'],
      },
      params: [
        { name: 'query', kind: 'value' },
        { name: 'limit', kind: 'value' },
        { name: 'sort', kind: 'value', optional: true },
        { name: 'tags', kind: 'value', optional: true },
        { name: 'filter', kind: 'value', optional: true },
      ],
    },
  ],
});

const validArgs = fc.record(
  {
    query: fc.string({ minLength: 1 }),
    limit: fc.integer({ min: 1, max: 100 }),
    sort: fc.constantFrom('price', 'name'),
    tags: fc.array(fc.string()),
    filter: fc.record(
      {
        min: fc.double({ noNaN: true, noDefaultInfinity: true }),
        max: fc.double({ noNaN: true, noDefaultInfinity: true }),
      },
      { requiredKeys: ['min'] },
    ),
  },
  { requiredKeys: ['query', 'limit'] },
);

/** A value of the wrong JSON type for each property. */
const wrongFor: Record<string, fc.Arbitrary<unknown>> = {
  query: fc.oneof(fc.integer(), fc.boolean(), fc.constant('')),
  limit: fc.oneof(
    fc.string(),
    fc.integer({ min: 101 }),
    fc.integer({ max: 0 }),
    fc.double({ min: 1.1, max: 99.9, noNaN: true }).filter((n) => !Number.isInteger(n)),
  ),
  sort: fc.string().filter((s) => s !== 'price' && s !== 'name'),
  tags: fc.oneof(fc.integer(), fc.array(fc.integer(), { minLength: 1 })),
  filter: fc.oneof(fc.integer(), fc.constant({}), fc.record({ min: fc.string() })),
};

const errorOf = (part: FunctionResponsePart) =>
  (part.functionResponse.response as { error?: { issues?: { path: string }[] } }).error;

describe('argument validation: properties', () => {
  it('never throws and always answers a JSON functionResponse, whatever the call', async () => {
    const toolbox = new Toolbox([new Catalog()], manifest);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant('search'), fc.string()),
        fc.anything({ withBigInt: true, withDate: true, withMap: true }),
        fc.option(fc.string()),
        async (name, args, id) => {
          const part = await toolbox.call({ name, args, ...(id === null ? {} : { id }) });
          expect(part.functionResponse.name).toBe(name);
          expect(JSON.parse(JSON.stringify(part))).toEqual(part);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('valid arguments reach the method in parameter order, with the default filled in', async () => {
    const catalog = new Catalog();
    const toolbox = new Toolbox([catalog], manifest);
    await fc.assert(
      fc.asyncProperty(validArgs, async (args) => {
        catalog.seen.length = 0;
        const part = await toolbox.call({ name: 'search', args });
        expect(part.functionResponse.response).toEqual({ output: 'ok' });
        expect(catalog.seen).toEqual([[args.query, args.limit, args.sort ?? 'name', args.tags, args.filter]]);
      }),
      { numRuns: 200 },
    );
  });

  it('one wrong property gives an issue at its path, and the method is not called', async () => {
    const catalog = new Catalog();
    const toolbox = new Toolbox([catalog], manifest);
    const wrongCase = fc
      .constantFrom(...Object.keys(wrongFor))
      .chain((key) => fc.tuple(fc.constant(key), wrongFor[key]!, validArgs));
    await fc.assert(
      fc.asyncProperty(wrongCase, async ([key, wrong, args]) => {
        catalog.seen.length = 0;
        const error = errorOf(await toolbox.call({ name: 'search', args: { ...args, [key]: wrong } }));
        expect(error).toBeDefined();
        expect(error!.issues!.length).toBeGreaterThan(0);
        expect(error!.issues!.every((issue) => issue.path.startsWith(`/${key}`))).toBe(true);
        expect(catalog.seen).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('extra properties are always reported by name', async () => {
    const toolbox = new Toolbox([new Catalog()], manifest);
    const extraKey = fc
      .string({ minLength: 1 })
      .filter((key) => !['query', 'limit', 'sort', 'tags', 'filter', '__proto__'].includes(key));
    await fc.assert(
      fc.asyncProperty(validArgs, extraKey, fc.jsonValue(), async (args, key, value) => {
        const error = errorOf(await toolbox.call({ name: 'search', args: { ...args, [key]: value } }));
        expect(error?.issues?.map((issue) => issue.path)).toEqual([`/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
      }),
      { numRuns: 200 },
    );
  });

  it('optional properties sent as null behave as absent', async () => {
    const catalog = new Catalog();
    const toolbox = new Toolbox([catalog], manifest);
    await fc.assert(
      fc.asyncProperty(validArgs, fc.subarray(['sort', 'tags', 'filter']), async (args, nulled) => {
        catalog.seen.length = 0;
        const sent: Record<string, unknown> = { ...args };
        for (const key of nulled) sent[key] = null;
        expect((await toolbox.call({ name: 'search', args: sent })).functionResponse.response).toEqual({
          output: 'ok',
        });
        const [, , sort, tags, filter] = catalog.seen[0]!;
        expect(sort).toBe(nulled.includes('sort') ? 'name' : (args.sort ?? 'name'));
        expect(tags).toEqual(nulled.includes('tags') ? undefined : args.tags);
        expect(filter).toEqual(nulled.includes('filter') ? undefined : args.filter);
      }),
      { numRuns: 100 },
    );
  });
});
