// Reading the project on several threads (src/shard/): on real worker threads (run from gen's sources through tsx,
// as the bin's fallback runs them), the outputs, diagnostics and host libs are those of one thread, including what
// crosses shards (a tool name twice, an override, a tool that needs the DOM lib); the cache records what the workers
// read; a worker that fails fails the run and says how to read on one thread. The golden runners compare every
// fixture read in two shards with one thread (helpers/golden.ts).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, type GenerateOptions, type GenerateResult } from '@toolwright/gen';
import { concludeAnalysis } from '../src/analyze.js';
import { Diagnostics } from '../src/diagnostics.js';
import { resolveOptions } from '../src/options.js';
import { scanProject } from '../src/program/load-project.js';
import { readShard } from '../src/shard/read-shard.js';
import { analyzeProject } from '../src/shard/analyze-project.js';
import { planShards, threadCount } from '../src/shard/plan.js';
import { projectWithFiles, repoRoot, writeProjectFile } from './helpers/temp-project.js';
import { budget } from '../../../test/support/time-budget.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = projectWithFiles('shard', files);
  made.push(dir);
  return dir;
}

const write = writeProjectFile;

/** Runs `run` with these environment variables set, then puts the environment back. */
async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  try {
    return await run();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Two threads, whatever the project's size. */
const TWO_SHARDS = { TOOLWRIGHT_GEN_SHARD_BYTES: '0' };

/** A comment of `size` characters, to place a file in a shard (shards are filled by size). */
const padding = (size: number) => `// ${'x'.repeat(size)}\n`;

// By size (a 3000, sub 2500, b 2000, base 1500, web 1000), two shards are {a, base, web} and {b, sub}: the two
// `lookup` tools, the base class and its subclass, each stand in another shard; only web.ts needs the DOM lib.
const FILES = {
  'src/a.ts': `${padding(3000)}import { tool } from '@toolwright/core';
export class A {
  /** Looks up in A. */
  @tool()
  lookup(query: string): string {
    return query;
  }
}
`,
  'src/b.ts': `${padding(2000)}import { tool } from '@toolwright/core';
export class B {
  /** Looks up in B. */
  @tool()
  lookup(query: string): string {
    return query;
  }
}
`,
  'src/base.ts': `${padding(1500)}import { tool } from '@toolwright/core';
export class Base {
  /** Runs. */
  @tool()
  run(times: number): number {
    return times;
  }
}
`,
  'src/sub.ts': `${padding(2500)}import { tool } from '@toolwright/core';
import { Base } from './base.js';
import type { Only } from '../lib/only-sub.js';
export class Sub extends Base {
  /** Runs more. */
  @tool()
  override run(times: number): number {
    return times * 2;
  }

  /** Takes what only this file imports. */
  @tool()
  take(only: Only): string {
    return only.a;
  }
}
`,
  // Outside the tsconfig's files: only the program that reads sub.ts reads it.
  'lib/only-sub.ts': 'export interface Only {\n  /** A. */\n  a: string;\n}\n',
  'src/web.ts': `${padding(1000)}import { tool } from '@toolwright/core';
export class Web {
  /** Fetches. */
  @tool()
  fetchPage(url: URL): string {
    return url.href;
  }
}
`,
};

function comparable(result: GenerateResult) {
  return { manifest: result.manifest, diagnostics: result.diagnostics, outputs: result.outputs };
}

describe('reading the project on several threads', () => {
  it("splits the candidate files by size, the same way every time, the main thread's shard first, each in path order", () => {
    const sizes: Record<string, number> = { a: 5, b: 40, c: 30, d: 20, e: 10 };
    const plan = (threads: number, minBytes = 0, workerStart = 0) =>
      planShards(Object.keys(sizes), (name) => sizes[name]!, threads, { minBytes, workerStart });
    expect(plan(2)).toEqual([
      ['a', 'b', 'e'],
      ['c', 'd'],
    ]);
    expect(plan(3)).toEqual([['b'], ['a', 'c'], ['d', 'e']]);
    expect(plan(9)).toHaveLength(5);
    // One thread, fewer than two files, or too few bytes: one thread reads them.
    expect(plan(1)).toBeUndefined();
    expect(plan(2, 106)).toBeUndefined();
    expect(plan(2, 105)).toHaveLength(2);
    expect(planShards(['a'], () => 1000, 2, { minBytes: 0, workerStart: 0 })).toBeUndefined();
    // The main thread's shard (the first) is counted from 0, a worker's from what its start costs (25 here).
    expect(plan(2, 0, 25)).toEqual([
      ['a', 'b', 'd'],
      ['c', 'e'],
    ]);
    // A worker that would start after the main thread has read everything is not started.
    expect(plan(2, 0, 1000)).toBeUndefined();
  });

  it('reads on as many threads as asked, else TOOLWRIGHT_GEN_THREADS, else one', async () => {
    expect(threadCount(3)).toBe(3);
    await withEnv({ TOOLWRIGHT_GEN_THREADS: '2' }, async () => expect(threadCount(undefined)).toBe(2));
    await withEnv({ TOOLWRIGHT_GEN_THREADS: 'lots' }, async () => expect(threadCount(undefined)).toBe(1));
    const saved = process.env.TOOLWRIGHT_GEN_THREADS;
    delete process.env.TOOLWRIGHT_GEN_THREADS;
    try {
      expect(threadCount(undefined)).toBe(1);
    } finally {
      if (saved !== undefined) process.env.TOOLWRIGHT_GEN_THREADS = saved;
    }
    expect(() => resolveOptions({ project: join(repoRoot, 'tsconfig.json'), threads: 0 })).toThrow(
      '--threads takes a whole number from 1, not 0',
    );
  });

  it(
    'on worker threads: the outputs and diagnostics of one thread, a name twice across shards reported, an ' +
      'override across shards not, the DOM lib needed by one shard',
    async () => {
      const dir = project(FILES);
      const options: GenerateOptions = { cwd: dir, json: 'tools.json', out: 'src/tools.generated.ts', check: true };
      const one = await generate({ ...options, threads: 1 });
      const two = await withEnv(TWO_SHARDS, () => generate({ ...options, threads: 2 }));
      expect(comparable(two)).toEqual(comparable(one));
      const codes = one.diagnostics.map(({ code, file, message }) => `${code} ${file.slice(dir.length)} ${message}`);
      expect(codes).toEqual([
        expect.stringMatching(
          /^TW6002 \/src\/b\.ts duplicate tool name "lookup" \(B\.lookup\): A\.lookup at src\/a\.ts:6:3/,
        ),
      ]);
      expect(one.manifest.tools.map((tool) => `${tool.class}.${tool.name}`)).toEqual([
        'A.lookup',
        'B.lookup',
        'Base.run',
        'Sub.run',
        'Sub.take',
        'Web.fetchPage',
      ]);

      const resolved = resolveOptions({ ...options, threads: 2 });
      const single = await analyzeProject({ ...resolved, threads: 1 }, {});
      const sharded = await withEnv(TWO_SHARDS, () => analyzeProject(resolved, {}));
      expect(single.threads).toBeUndefined();
      expect(sharded.threads).toBe(2);
      expect(sharded.hostLibs).toEqual(single.hostLibs);
      expect(sharded.esLibs).toEqual(single.esLibs);
      expect(sharded.hostLibs).toEqual({ leftOut: false, reason: expect.stringMatching(/web\.ts:.*names URL/) });
      // Without web.ts, both shards leave the DOM lib out, and so does the run.
      rmSync(join(dir, 'src/web.ts'));
      const withoutWeb = await withEnv(TWO_SHARDS, () => analyzeProject(resolved, {}));
      expect(withoutWeb.threads).toBe(2);
      expect(withoutWeb.hostLibs).toEqual({ leftOut: true });
    },
    budget(60_000),
  );

  it(
    'on worker threads: a type that tools of both shards take is written as one thread writes it, in the blocks ' +
      'made from the JSON and in those written value by value (a tool that revives a Date), and so it is when no two ' +
      'tools share an object',
    async () => {
      // x.ts (the larger) is the main thread's shard, y.ts the worker's; both take shared.ts's types.
      const service = (name: string, size: number) => `${padding(size)}import { tool } from '@toolwright/core';
import { Customer, Address, Priority } from './shared.js';
export class ${name} {
  /** Moves a customer. */
  @tool()
  move${name}(customer: Customer, to: Address, priority: Priority = Priority.Normal): Address {
    return to;
  }

  /** Moves a customer from a day on. */
  @tool()
  moveFrom${name}(customer: Customer, to: Address, from: Date): Address {
    return to;
  }
}
`;
      const dir = project({
        'src/shared.ts': `/** Where a parcel goes. */
export interface Address {
  /** Street and number. */
  street: string;
  /** ISO 3166-1 alpha-2 code. @pattern ^[A-Z]{2}$ */
  country: string;
}
export enum Priority {
  Low = 'low',
  Normal = 'normal',
}
export interface Customer {
  id: string;
  address: Address;
  previous?: Address[];
  priority: Priority;
}
`,
        'src/x.ts': service('X', 2000),
        'src/y.ts': service('Y', 1000),
      });
      const resolved = resolveOptions({ cwd: dir, json: 'tools.json', out: 'src/tools.generated.ts' });
      const single = await analyzeProject({ ...resolved, threads: 1 }, {});
      const sharded = await withEnv(TWO_SHARDS, () => analyzeProject({ ...resolved, threads: 2 }, {}));
      expect(sharded.threads).toBe(2);
      expect(sharded.diagnostics).toEqual([]);
      expect(sharded.manifest).toEqual(single.manifest);
      expect(sharded.outputs).toEqual(single.outputs);
      const module = single.outputs.find((output) => output.kind === 'module')!.rendered;
      // Each of the four tools holds the Address schema four times (customer.address, customer.previous, to, returns).
      expect(module.text.split('description: "Street and number."')).toHaveLength(4 * 4 + 1);
      expect(module.blocks.map((block) => block.name)).toEqual(['moveX', 'moveFromX', 'moveY', 'moveFromY']);

      // The same tools with nothing shared between any two of them (each its own structured clone: more apart than
      // any join leaves them) render the same outputs.
      const scan = scanProject(resolved.projectFile, new Diagnostics(), { skipFiles: [] });
      const { candidates, texts } = scan.files;
      const files = readShard({ options: resolved, files: scan.files, record: false, index: 0 }, scan).files;
      const apart = candidates.flatMap((fileName) =>
        (files.get(fileName) ?? []).map((entry) => structuredClone(entry)),
      );
      const settings = {
        projectDir: dirname(scan.configPath),
        compilerOptions: scan.parsed!.options,
        textOf: (fileName: string) => texts.get(fileName) ?? '',
      };
      const rendered = concludeAnalysis(apart, new Diagnostics(), settings, {}, resolved, {}, undefined);
      expect(rendered.outputs).toEqual(single.outputs);
    },
    budget(60_000),
  );

  it(
    'the cache holds what the workers read: a second run is served from it, an edit of a file only a worker read ' +
      'reads the project again',
    async () => {
      // A result with errors is not cached: no tool name twice here.
      const dir = project({ ...FILES, 'src/b.ts': FILES['src/b.ts'].replace('lookup(', 'search(') });
      const options: GenerateOptions = { cwd: dir, json: 'tools.json', cache: true, threads: 2 };
      await withEnv(TWO_SHARDS, async () => {
        const cold = await generate(options);
        expect(cold.cached).toBe(false);
        const again = await generate(options);
        expect(again.cached).toBe(true);
        expect(comparable(again)).toEqual(comparable(cold));
        // Only the worker reading sub.ts read lib/only-sub.ts.
        write(
          dir,
          'lib/only-sub.ts',
          'export interface Only {\n  /** A. */\n  a: string;\n  /** B. */\n  b: number;\n}\n',
        );
        const edited = await generate(options);
        expect(edited.cached).toBe(false);
        const take = edited.manifest.tools.find((tool) => tool.name === 'take')!;
        expect(Object.keys((take.parameters.properties!.only as { properties: object }).properties)).toEqual([
          'a',
          'b',
        ]);
        expect(comparable(edited)).toEqual(comparable(await generate({ ...options, threads: 1, cache: false })));
        expect((await generate(options)).cached).toBe(true);
        // An edit of a file of the worker's shard.
        write(dir, 'src/b.ts', FILES['src/b.ts'].replace('lookup(', 'find('));
        const renamed = await generate(options);
        expect(renamed.cached).toBe(false);
        expect(renamed.manifest.tools.map((tool) => tool.name)).toContain('find');
      });
    },
    budget(90_000),
  );

  it.each(['throw', 'exit'])(
    'a worker that fails (%s) fails the run, naming its files and the way to read on one thread',
    async (fault) => {
      const dir = project(FILES);
      const run = withEnv({ ...TWO_SHARDS, TOOLWRIGHT_GEN_SHARD_FAULT: fault }, () =>
        generate({ cwd: dir, json: 'tools.json', threads: 2 }),
      );
      await expect(run).rejects.toThrow(
        /the worker reading 2 of its files \(.*b\.ts, \.\.\.\) (failed: .*injected|stopped \(exit code 3\)).*--threads 1/,
      );
    },
    budget(60_000),
  );
});
