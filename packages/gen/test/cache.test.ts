// The cache (a second run with no change reads nothing but hashes; after any change, the same bytes as a run
// without cache), determinism (file order does not matter), the content hash, and `T | undefined` parameters.
import { readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, type GenerateOptions, type GenerateResult } from '@toolwright/gen';
import { manifestHash } from '../src/emit/index.js';
import { projectWithFiles, repoRoot, TEST_TSCONFIG, writeProjectFile } from './helpers/temp-project.js';
import { budget } from '../../../test/support/time-budget.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with `@toolwright/core` linked in, and the given files (relative paths). */
function project(files: Record<string, string>, tsconfig: object = TEST_TSCONFIG): string {
  const dir = projectWithFiles('cache', files, tsconfig);
  made.push(dir);
  return dir;
}

const write = writeProjectFile;

const shared = (fields: string[]) =>
  `/** A place. */\nexport interface Place ` +
  `{\n${fields.map((field) => `  /** The ${field}. */\n  ${field}: string;\n`).join('')}}\n`;

const service = (n: number, importPath = './shared.js') => `import { tool } from '@toolwright/core';
import type { Place } from '${importPath}';

export class Service${n} {
  /**
   * Visits a place (${n}).
   * @param place Where.
   * @param note A note.
   */
  @tool()
  visit${n}(place: Place, note: string | undefined): string {
    return place + String(note);
  }
}
`;

function outputsOf(result: GenerateResult) {
  return { outputs: result.outputs, diagnostics: result.diagnostics, manifest: result.manifest };
}

describe('cache', () => {
  it(
    'a second run with no change comes from the cache; any change gives what a run without cache gives',
    async () => {
      // Edits drawn at random, applied in sequence to one project; after each, a cached and an uncached run agree.
      const edit = fc.oneof(
        fc.record({
          kind: fc.constant('fields' as const),
          fields: fc.subarray(['city', 'street', 'country', 'zip'], { minLength: 1 }),
        }),
        fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 0, max: 4 }) }),
        fc.record({ kind: fc.constant('delete' as const), n: fc.integer({ min: 0, max: 4 }) }),
        fc.record({ kind: fc.constant('rename' as const), n: fc.integer({ min: 0, max: 4 }) }),
        fc.record({ kind: fc.constant('move-shared' as const) }),
        fc.record({ kind: fc.constant('tsconfig' as const), style: fc.constantFrom('nodenext', 'bundler') }),
        fc.record({
          kind: fc.constant('options' as const),
          nameStyle: fc.constantFrom('preserve' as const, 'snake' as const),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (edits) => {
          const dir = project({
            'src/shared.ts': shared(['city']),
            'src/service0.ts': service(0),
            'src/service1.ts': service(1),
          });
          const cacheDir = join(dir, '.cache');
          let options: GenerateOptions = { cwd: dir, json: 'tools.json', out: 'src/tools.generated.ts' };
          let sharedPath = './shared.js';
          const first = await generate({ ...options, cache: true, cacheDir });
          expect(first.cached).toBe(false);
          expect((await generate({ ...options, cache: true, cacheDir })).cached).toBe(true);
          for (const step of edits) {
            switch (step.kind) {
              case 'fields':
                write(dir, sharedPath === './shared.js' ? 'src/shared.ts' : 'src/types/shared.ts', shared(step.fields));
                break;
              case 'add':
                write(dir, `src/service${step.n}.ts`, service(step.n, sharedPath));
                break;
              case 'delete':
                rmSync(join(dir, `src/service${step.n}.ts`), { force: true });
                break;
              case 'rename':
                try {
                  renameSync(join(dir, `src/service${step.n}.ts`), join(dir, `src/renamed${step.n}.ts`));
                } catch {
                  // Nothing to rename.
                }
                break;
              case 'move-shared': {
                // The imported type moves to another file; every importer follows.
                const from = sharedPath === './shared.js' ? 'src/shared.ts' : 'src/types/shared.ts';
                const to = sharedPath === './shared.js' ? 'src/types/shared.ts' : 'src/shared.ts';
                write(dir, to, readFileSync(join(dir, from), 'utf8'));
                rmSync(join(dir, from));
                const next = sharedPath === './shared.js' ? './types/shared.js' : './shared.js';
                for (let n = 0; n <= 4; n++) {
                  for (const name of [`src/service${n}.ts`, `src/renamed${n}.ts`]) {
                    try {
                      write(dir, name, readFileSync(join(dir, name), 'utf8').replace(`'${sharedPath}'`, `'${next}'`));
                    } catch {
                      // Not there.
                    }
                  }
                }
                sharedPath = next;
                break;
              }
              case 'tsconfig':
                writeFileSync(
                  join(dir, 'tsconfig.json'),
                  JSON.stringify({
                    ...TEST_TSCONFIG,
                    compilerOptions: {
                      ...TEST_TSCONFIG.compilerOptions,
                      ...(step.style === 'bundler' ? { module: 'ESNext', moduleResolution: 'bundler' } : {}),
                    },
                  }),
                );
                break;
              case 'options':
                options = { ...options, nameStyle: step.nameStyle };
                break;
            }
            const cached = await generate({ ...options, cache: true, cacheDir, check: true });
            const fresh = await generate({ ...options, cache: false, check: true });
            expect(outputsOf(cached)).toEqual(outputsOf(fresh));
            const again = await generate({ ...options, cache: true, cacheDir, check: true });
            if (!fresh.diagnostics.some((diagnostic) => diagnostic.severity === 'error'))
              expect(again.cached).toBe(true);
            expect(outputsOf(again)).toEqual(outputsOf(fresh));
          }
        }),
        { numRuns: 6 },
      );
    },
    budget(120_000),
  );

  it('a changed imported type invalidates the cache (same bytes as without it)', async () => {
    const dir = project({ 'src/shared.ts': shared(['city']), 'src/service0.ts': service(0) });
    const options: GenerateOptions = { cwd: dir, json: 'tools.json', cache: true, cacheDir: join(dir, '.cache') };
    await generate(options);
    write(dir, 'src/shared.ts', shared(['city', 'street']));
    const after = await generate(options);
    expect(after.cached).toBe(false);
    expect(JSON.stringify(after.manifest)).toContain('"street"');
    expect((await generate(options)).cached).toBe(true);
  });

  it('writes no cache for a run with errors, and the cache never hides them', async () => {
    const dir = project({ 'src/service0.ts': service(0, './missing.js') });
    const options: GenerateOptions = { cwd: dir, cache: true, cacheDir: join(dir, '.cache') };
    const first = await generate(options);
    expect(first.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
    const second = await generate(options);
    expect(second.cached).toBe(false);
    expect(second.diagnostics).toEqual(first.diagnostics);
  });

  it('warns of a DTO library the TS module imports and cannot resolve, until it is installed, cache or not', async () => {
    const dir = project({
      'src/shop.ts': `import { tool } from '@toolwright/core';

export class Order {
  sku!: string;
}

export class Shop {
  /** Places an order. */
  @tool()
  order(order: Order): string {
    return order.sku;
  }
}
`,
    });
    const options: GenerateOptions = { cwd: dir, cache: true, cacheDir: join(dir, '.cache') };
    const missing = {
      file: join(dir, 'src/shop.ts'),
      line: 9,
      column: 3,
      severity: 'warning',
      code: 'TW6503',
      message:
        'Shop.order takes a DTO class, which the Toolbox builds with class-transformer: the generated module imports ' +
        'class-transformer, which is not installed where it can resolve it (npm install class-transformer)',
    };
    const first = await generate(options);
    expect(first.diagnostics).toEqual([missing]);
    expect(first.outputs[0]!.text).toContain("import * as classTransformer from 'class-transformer';");
    const second = await generate(options);
    expect(second.cached).toBe(true);
    expect(second.diagnostics).toEqual([missing]);
    // Installed (the workspace's copy linked in): the cached run's answer to module resolution no longer holds.
    symlinkSync(join(repoRoot, 'node_modules/class-transformer'), join(dir, 'node_modules/class-transformer'), 'dir');
    const installed = await generate(options);
    expect(installed.cached).toBe(false);
    expect(installed.diagnostics).toEqual([]);
  });
});

describe('determinism and the content hash', () => {
  it(
    'gives the same bytes whatever the order of the tsconfig files and of file creation',
    async () => {
      const names = [0, 1, 2, 3, 4].map((n) => `src/service${n}.ts`);
      // Random orders (fixed seed, so that a failure can be replayed); each gives its own project folder.
      const texts = new Set<string>();
      for (const [creation, listed] of fc.sample(
        fc.tuple(fc.shuffledSubarray(names, { minLength: 5 }), fc.shuffledSubarray(names, { minLength: 5 })),
        { numRuns: 4, seed: 7 },
      )) {
        const files: Record<string, string> = { 'src/shared.ts': shared(['city', 'zip']) };
        for (const name of creation) files[name] = service(Number(/\d/.exec(name)![0]));
        const dir = project(files, {
          compilerOptions: TEST_TSCONFIG.compilerOptions,
          files: ['src/shared.ts', ...listed],
        });
        const result = await generate({ cwd: dir, json: 'tools.json', check: true });
        expect(result.diagnostics).toEqual([]);
        texts.add(result.outputs.map((output) => output.text).join('\0'));
      }
      expect(texts.size).toBe(1);
    },
    budget(60_000),
  );

  it('puts the manifest content hash in both outputs', async () => {
    const dir = project({ 'src/shared.ts': shared(['city']), 'src/service0.ts': service(0) });
    const result = await generate({ cwd: dir, json: 'tools.json' });
    const json = JSON.parse(readFileSync(join(dir, 'tools.json'), 'utf8')) as { hash: string; tools: unknown[] };
    expect(json.hash).toBe(manifestHash(result.manifest.tools));
    expect(json.hash).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(result.manifest.hash).toBe(json.hash);
    expect(readFileSync(join(dir, 'src/tools.generated.ts'), 'utf8')).toContain(`  hash: "${json.hash}",\n`);
  });
});

describe('parameters', () => {
  it('a parameter typed T | undefined (without ?) is optional, as on properties', async () => {
    const dir = project({ 'src/shared.ts': shared(['city']), 'src/service0.ts': service(0) });
    const result = await generate({ cwd: dir, out: false, json: 'tools.json' });
    const [tool] = result.manifest.tools;
    expect(tool!.parameters.required).toEqual(['place']);
    expect(tool!.params.find((param) => param.name === 'note')).toMatchObject({ optional: true });
    expect(tool!.parameters.properties!.note).toMatchObject({ type: 'string' });
  });
});
