import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Toolbox, type ToolManifest } from '@toolwright/core';

// The fixture is compiled with experimentalDecorators (its own tsconfig.json). It is imported by a computed path so
// that the root type check, which uses standard decorators, does not pull it in; a test below type-checks it.
const fixtureDir = join(__dirname, 'fixtures', 'legacy');
type Fixture = {
  manifest: ToolManifest;
  BookingService: new () => object;
  BookingRequest: new () => object;
  Address: new () => object;
  decoratorMode: string;
};
let fixture: Fixture;

beforeAll(async () => {
  fixture = (await import(join(fixtureDir, 'booking-service.ts'))) as Fixture;
});

const request = {
  email: 'ada@example.com',
  guests: 2,
  address: { city: 'Oslo', zip: '01234' },
  since: '2024-05-01T00:00:00Z',
};

describe('legacy decorators (experimentalDecorators) with class-transformer and class-validator DTOs', () => {
  it('the fixture really was compiled with legacy decorators', () => {
    expect(fixture.decoratorMode).toBe('legacy');
  });

  it('revives the DTO as a class instance (nested too) and runs the method on it', async () => {
    const toolbox = new Toolbox([new fixture.BookingService()], fixture.manifest);
    const reply = await toolbox.call({ id: 'b1', name: 'book', args: { request } });
    expect(reply.functionResponse.response).toEqual({
      output: {
        summary: '2 guest(s) for ada@example.com in Oslo',
        isRequest: true,
        isAddress: true,
        since: 2024,
        verifiedAt: null,
        tool: 'book',
      },
    });
  });

  it('revives Dates inside a nested DTO that class-transformer built through @Type', async () => {
    const toolbox = new Toolbox([new fixture.BookingService()], fixture.manifest);
    const address = { ...request.address, verifiedAt: '2025-03-04T05:06:07Z' };
    const reply = await toolbox.call({ name: 'book', args: { request: { ...request, address } } });
    // class-validator's @IsDate() on Address.verifiedAt passes only on a revived Date.
    expect(reply.functionResponse.response).toMatchObject({ output: { isAddress: true, verifiedAt: 2025 } });
    // In an array of DTOs too.
    const total = await toolbox.call({ name: 'total', args: { requests: [{ ...request, address }, request] } });
    expect(total.functionResponse.response).toEqual({ output: 4 });
  });

  it(
    'a nested DTO is validated once, ' + "though it is checked itself and through its parent's @ValidateNested",
    async () => {
      const toolbox = new Toolbox([new fixture.BookingService()], fixture.manifest);
      const address = { ...request.address, verifiedAt: '2200-01-01T00:00:00Z' };
      const reply = await toolbox.call({ name: 'book', args: { request: { ...request, address } } });
      expect((reply.functionResponse.response as { error: { issues: unknown[] } }).error.issues).toEqual([
        {
          path: '/request/address/verifiedAt',
          expected: expect.stringContaining('maximal allowed date'),
          received: expect.any(String),
        },
      ]);
    },
  );

  it('runs class-validator and reports its failures as issues with paths', async () => {
    const toolbox = new Toolbox([new fixture.BookingService()], fixture.manifest);
    const reply = await toolbox.call({ name: 'book', args: { request: { ...request, guests: 11 } } });
    expect(reply.functionResponse.response).toEqual({
      error: {
        name: 'InvalidArguments',
        message: expect.stringContaining(
          '/request/guests: expected guests must not be greater than 10, received integer 11',
        ),
        issues: [{ path: '/request/guests', expected: 'guests must not be greater than 10', received: 'integer 11' }],
      },
    });
  });

  it('the JSON schema is checked first, class-validator after', async () => {
    const toolbox = new Toolbox([new fixture.BookingService()], fixture.manifest);
    const schemaFailure = await toolbox.call({
      name: 'book',
      args: { request: { ...request, email: 'not-an-email', extra: 1 } },
    });
    expect(
      (schemaFailure.functionResponse.response as { error: { issues: { path: string }[] } }).error.issues.map(
        (i) => i.path,
      ),
    ).toEqual(['/request/extra', '/request/email']);
  });

  it('revives DTOs inside arrays and validates each', async () => {
    const toolbox = new Toolbox([new fixture.BookingService()], fixture.manifest);
    expect(
      (await toolbox.call({ name: 'total', args: { requests: [request, { ...request, guests: 3 }] } })).functionResponse
        .response,
    ).toEqual({ output: 5 });
    const bad = await toolbox.call({ name: 'total', args: { requests: [request, { ...request, guests: 0 }] } });
    expect((bad.functionResponse.response as { error: { issues: unknown[] } }).error.issues).toEqual([
      { path: '/requests/1/guests', expected: 'guests must not be less than 1', received: 'integer 0' },
    ]);
  });

  it('a JSON manifest needs the DTO classes by name', async () => {
    const json = JSON.parse(JSON.stringify(fixture.manifest)) as ToolManifest;
    expect(() => new Toolbox([new fixture.BookingService()], json)).toThrow(
      'BookingService.book: the parameter is a BookingRequest (booking-service.ts), and a JSON manifest holds ' +
        'no class references: pass the class in options.classes, or use the TS manifest (tools.generated.ts)',
    );
    const toolbox = new Toolbox([new fixture.BookingService()], json, {
      classes: [fixture.BookingRequest, fixture.Address],
    });
    expect((await toolbox.call({ name: 'book', args: { request } })).functionResponse.response).toMatchObject({
      output: { isRequest: true, isAddress: true },
    });
    await expect(toolbox.compile()).resolves.toBeUndefined();
  });

  it('the fixture type-checks under its own tsconfig (legacy decorators)', () => {
    const tsc = createRequire(__filename).resolve('typescript/bin/tsc');
    expect(() =>
      execFileSync(process.execPath, [tsc, '-p', join(fixtureDir, 'tsconfig.json')], {
        encoding: 'utf8',
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });
});
