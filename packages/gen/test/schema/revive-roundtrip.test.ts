// What gen-tools says about revival must be what the Toolbox needs: the golden TS manifest of fixtures/types-revive
// (made by generate(), compared by fixtures.test.ts) drives a real Toolbox, and the service must receive Dates,
// URLs, bigints, Sets and DTO instances made from plain JSON arguments.
import fc from 'fast-check';
import { Toolbox, type ToolManifest } from '@toolwright/core';
import { describe, expect, test } from 'vitest';

// Imported by URL: the fixture uses legacy decorators (its own tsconfig), which the workspace type check does not.
const fixture = new URL('../fixtures/types-revive/', import.meta.url);
const load = (path: string): Promise<Record<string, unknown>> =>
  import(new URL(path, fixture).href) as Promise<Record<string, unknown>>;
const { manifest } = (await load('expected.generated.ts')) as { manifest: ToolManifest };
const { LineItem, Order } = (await load('src/orders.ts')) as { LineItem: new () => object; Order: new () => object };
const { RecorderService } = (await load('src/recorder-service.ts')) as {
  RecorderService: new () => { received: unknown[] };
};
interface OrderLike {
  items: { addedAt: unknown }[];
  placedAt: unknown;
}

const service = new RecorderService();
const toolbox = new Toolbox([service], manifest);

async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const part = await toolbox.call({
    id: 'c1',
    name,
    args: JSON.parse(JSON.stringify(args)) as Record<string, unknown>,
  });
  return part.functionResponse.response as Record<string, unknown>;
}

// Years 0000-9999: what `format: date-time` (RFC 3339) can write.
const date = fc.date({
  noInvalidDate: true,
  min: new Date('0000-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
});
const url = fc.webUrl().map((text) => new URL(text));

describe('revive plans from gen-tools, applied by the Toolbox', () => {
  test('scalars: Date, URL, bigint, Set, nullable Date', async () => {
    await fc.assert(
      fc.asyncProperty(
        date,
        url,
        fc.bigInt({ min: BigInt(Number.MIN_SAFE_INTEGER), max: BigInt(Number.MAX_SAFE_INTEGER) }),
        fc.uniqueArray(fc.string()),
        fc.option(date),
        async (at, site, big, tags, maybe) => {
          const response = await call('scalars', {
            at: at.toISOString(),
            site: site.href,
            big: Number(big),
            tags,
            maybe: maybe?.toISOString() ?? null,
          });
          expect(response).toEqual({ output: null });
          expect(service.received).toEqual([at, site, big, new Set(tags), maybe]);
          expect(service.received[0]).toBeInstanceOf(Date);
          expect(service.received[1]).toBeInstanceOf(URL);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('the same inside arrays, records, tuples and nested objects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(date, { maxLength: 3 }),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), date, { maxKeys: 3 }),
        fc.tuple(date, fc.option(date), fc.string()),
        date,
        fc.array(url, { maxLength: 2 }),
        async (history, byDay, span, when, sites) => {
          const response = await call('nested', {
            history,
            byDay,
            span,
            deep: { level: { when, sites: sites.map((site) => site.href) } },
            optional: {},
          });
          expect(response).toEqual({ output: null });
          expect(service.received).toEqual([history, { ...byDay }, span, { level: { when, sites } }, {}]);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('DTO classes are built and validated', async () => {
    const placedAt = new Date('2026-01-02T03:04:05Z');
    const addedAt = new Date('2026-01-01T00:00:00Z');
    const ok = await call('place', {
      order: { email: 'ada@example.com', items: [{ quantity: 2, addedAt }], placedAt },
    });
    expect(ok).toEqual({ output: 2 });
    const [order] = service.received as [OrderLike];
    expect(order).toBeInstanceOf(Order);
    expect(order.items[0]).toBeInstanceOf(LineItem);
    expect(order.placedAt).toEqual(placedAt);

    // @Min(1) was read into the schema as minimum 1: the Toolbox stops 0 before the call.
    const low = await call('place', {
      order: { email: 'ada@example.com', items: [{ quantity: 0, addedAt }], placedAt },
    });
    expect(low).toHaveProperty('error');
    expect(JSON.stringify(low)).toContain('quantity');
  });

  // class-transformer's @Type already made the LineItem: the plan (`items: array of LineItem { addedAt: date }`)
  // applies to an existing instance too.
  test('Dates inside DTOs that class-transformer built already are revived', async () => {
    const addedAt = new Date('2026-01-01T00:00:00Z');
    await call('place', { order: { email: 'ada@example.com', items: [{ quantity: 1, addedAt }], placedAt: addedAt } });
    const [order] = service.received as [OrderLike];
    expect(order.items[0]!.addedAt).toEqual(addedAt);
  });
});
