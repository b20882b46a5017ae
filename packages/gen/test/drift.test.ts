// A manifest gone stale: the generated module makes the real `tsc` fail for every drift the type checker can see, and
// the Toolbox refuses at bind time the two it cannot (a rename, a reorder of same-typed parameters).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Toolbox, type ToolManifest } from '@toolwright/core';
import { generate } from '@toolwright/gen';
import { repoRoot } from './helpers/temp-project.js';

/** The two compilers a user's project may run: gen's TypeScript 6, and TypeScript 7 (gen's dev dependency `typescript7`). */
const compilers = {
  'TypeScript 6': createRequire(join(repoRoot, 'package.json')).resolve('typescript/bin/tsc'),
  'TypeScript 7': join(
    createRequire(join(repoRoot, 'packages/gen/package.json')).resolve('typescript7/package.json'),
    '../bin/tsc',
  ),
};

/** One class per kind of drift, each with one tool (`run`, named after the class in the manifest). */
const BEFORE: Record<string, string> = {
  Inserted: 'run(query: string, limit = 5) { return query + limit; }',
  InsertedSameType: 'run(query: string, limit = 5) { return query + limit; }',
  InsertedLast: 'run(query: string, limit = 5) { return query + limit; }',
  Removed: 'run(query: string, limit = 5) { return query + limit; }',
  RemovedOptional: 'run(query: string, limit?: number) { return query + (limit ?? 0); }',
  ReorderedOtherType: 'run(query: string, limit: number) { return query + limit; }',
  Retyped: 'run(query: string, limit: number) { return query + limit; }',
  RetypedObject: 'run(at: Date) { return at.toISOString(); }',
  Narrowed: 'run(query: string) { return query; }',
  UnionWidened: "run(unit: 'c' | 'f') { return unit; }",
  NowRequired: 'run(query: string, limit = 5) { return query + limit; }',
  SameTypeReordered: 'run(from: string, to: string) { return from + to; }',
  Renamed: 'run(query: string, limit = 5) { return query + limit; }',
  BodyOnly: 'run(query: string, limit = 5) { return query + limit; }',
  BrandedUnchanged: 'run(id: UserId, at: `day-${number}`, mode: Mode) { return id + at + mode; }',
  DefaultFirstUnchanged: 'run(limit = 5, query: string, page?: number) { return query + limit + page; }',
};
const AFTER: Record<string, string> = {
  Inserted: "run(query: string, plan: 'free' | 'pro', limit = 5) { return query + plan + limit; }",
  InsertedSameType: 'run(query: string, page?: number, limit = 5) { return query + page + limit; }',
  InsertedLast: 'run(query: string, limit = 5, page?: number) { return query + limit + page; }',
  Removed: 'run(query: string) { return query; }',
  RemovedOptional: 'run(query: string) { return query; }',
  ReorderedOtherType: 'run(limit: number, query: string) { return query + limit; }',
  Retyped: 'run(query: string, limit: string) { return query + limit; }',
  RetypedObject: 'run(at: string) { return at; }',
  Narrowed: "run(query: 'ada' | 'bob') { return query; }",
  UnionWidened: "run(unit: 'c' | 'f' | 'k') { return unit; }",
  NowRequired: 'run(query: string, limit: number) { return query + limit; }',
  SameTypeReordered: 'run(to: string, from: string) { return from + to; }',
  Renamed: 'run(text: string, limit = 5) { return text + limit; }',
  BodyOnly: 'run(query: string, limit = 5) { return `${query}:${limit}`; }',
  BrandedUnchanged: BEFORE.BrandedUnchanged!,
  DefaultFirstUnchanged: BEFORE.DefaultFirstUnchanged!,
};
/** What only the Toolbox can see: tsc passes, binding throws. */
const BIND_TIME = ['SameTypeReordered', 'Renamed'];
const UNCHANGED = ['BodyOnly', 'BrandedUnchanged', 'DefaultFirstUnchanged'];
const TYPE_LEVEL = Object.keys(BEFORE).filter((name) => !BIND_TIME.includes(name) && !UNCHANGED.includes(name));

function serviceSource(methods: Record<string, string>): string {
  const classes = Object.entries(methods).map(
    ([name, method]) => `export class ${name} {\n  /** A tool. */\n  @tool({ name: '${name}' })\n  ${method}\n}\n`,
  );
  return [
    "import { tool } from '@toolwright/core';",
    "export type UserId = string & { readonly __brand: 'UserId' };",
    "export enum Mode { Fast = 'fast', Slow = 'slow' }",
    '',
    ...classes,
  ].join('\n');
}

/** A real tsc on the project; the tools named in its errors (`Class.run`), and every error line. */
async function runTsc(dir: string, tscBin: string): Promise<{ tools: string[]; errors: string[] }> {
  const run = promisify(execFile)(process.execPath, [tscBin, '-p', join(dir, 'tsconfig.json')], { cwd: dir });
  const output = await run.then(
    (done) => done.stdout,
    (failed: { stdout: string }) => failed.stdout,
  );
  const errors = output.split('\n').filter((line) => line.includes('error TS'));
  const tools = errors.map((line) => /Type '"(\w+)\.run: /.exec(line)?.[1]).filter((name) => name !== undefined);
  return { tools: tools.sort(), errors };
}

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolwright-drift-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    noEmit: true,
    skipLibCheck: true,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(dir, 'src/service.ts'), serviceSource(BEFORE));
  const result = await generate({ cwd: dir, out: 'src/tools.generated.ts' });
  expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  expect(result.written).toEqual([join(dir, 'src/tools.generated.ts')]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('drift between a method and its generated manifest', () => {
  for (const [compiler, tscBin] of Object.entries(compilers)) {
    it(`${compiler}'s tsc passes on the project as generated, and fails at each tool whose parameters changed`, async () => {
      writeFileSync(join(dir, 'src/service.ts'), serviceSource(BEFORE));
      expect((await runTsc(dir, tscBin)).errors).toEqual([]);
      writeFileSync(join(dir, 'src/service.ts'), serviceSource(AFTER));
      const { tools, errors } = await runTsc(dir, tscBin);
      expect(tools).toEqual([...TYPE_LEVEL].sort());
      // Each error is at its tool's line of the generated module, and says what to do.
      expect(errors.length).toBe(TYPE_LEVEL.length);
      for (const line of errors) {
        expect(line).toMatch(
          /^src\/tools\.generated\.ts\(\d+,\d+\): error TS2344: Type '"\w+\.run: the method's parameters no longer fit the manifest: run gen-tools"' does not satisfy the constraint 'true'\.$/,
        );
      }
    }, 120_000);
  }

  it('the Toolbox refuses at bind time what tsc cannot see, and binds the unchanged', async () => {
    writeFileSync(join(dir, 'src/service.ts'), serviceSource(AFTER));
    const stamp = `?t=${Date.now()}`;
    const service = (await import(pathToFileURL(join(dir, 'src/service.ts')).href + stamp)) as Record<
      string,
      new () => object
    >;
    const generated = (await import(pathToFileURL(join(dir, 'src/tools.generated.ts')).href)) as {
      manifest: ToolManifest;
    };
    // The generated module imports its own copy of service.ts: bind by name through the same data instead.
    const manifest = { version: 1 as const, tools: generated.manifest.tools.map(({ target: _, ...tool }) => tool) };
    for (const name of BIND_TIME) {
      expect(() => new Toolbox([new service[name]!()], manifest), name).toThrow(
        new RegExp(`^${name}\\.run takes \\(\\w+, \\w+\\), but the manifest lists \\(\\w+, \\w+\\): .*run gen-tools$`),
      );
    }
    for (const name of UNCHANGED) expect(() => new Toolbox([new service[name]!()], manifest), name).not.toThrow();
  }, 60_000);
});
