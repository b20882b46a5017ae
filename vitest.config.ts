import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import { budget } from './test/support/time-budget.js';

// scripts/test-on-node.mjs --deps <folder>: each dependency that folder's package.json names resolves from its
// node_modules for this run (another @google/genai major, say), everything else from the workspace's.
const depsFolder = process.env.TOOLWRIGHT_TEST_DEPS;
const depsAliases = depsFolder
  ? Object.keys(JSON.parse(readFileSync(join(depsFolder, 'package.json'), 'utf8')).dependencies ?? {}).map((name) => ({
      find: new RegExp(`^${name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}(?=/|$)`),
      replacement: join(depsFolder, 'node_modules', name),
    }))
  : [];

const EXCLUDE = ['**/node_modules/**', '**/fixtures/**'];
// gen's test files that share a worker's modules (see projects below); watch.test.ts mocks node:fs, so not it.
const genShared = readdirSync('packages/gen/test', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.split(sep).includes('fixtures') && file !== 'watch.test.ts')
  .map((file) => `packages/gen/test/${file.split(sep).join('/')}`);

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources, so tests never need a build.
  resolve: { conditions: ['@toolwright/source'], alias: depsAliases },
  // .cts too (Vite strips the types of .ts and .mts only): core's formats loader is CommonJS (formats-loader.cts).
  esbuild: { include: /\.([cm]?ts|[jt]sx)$/ },
  ssr: { resolve: { conditions: ['@toolwright/source'] } },
  test: {
    // Two projects of the same settings, but that gen's test files share their worker's modules (isolate: false):
    // each would otherwise load TypeScript and parse its lib files again, about half of gen's test time. They leave
    // no global state behind (env and spies are restored in finally). include and exclude are set per project (a
    // project's lists add to the root's).
    projects: [
      { extends: true, test: { name: 'gen', include: genShared, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
          exclude: [...EXCLUDE, ...genShared],
        },
      },
    ],
    // Limits that catch hangs, stretched on a busy machine (test/support/time-budget.ts); a test that starts
    // processes sets its own budget() beside it.
    testTimeout: budget(30_000),
    hookTimeout: budget(60_000),
    pool: 'forks',
    // One test file per core. vitest's default is one fewer than the cores, which on a 2-core machine runs every file
    // after the other while many of them wait on child processes (servers, the CLI, restate).
    maxWorkers: availableParallelism(),
    // CI reads the pass/fail counts from the JSON report (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest-results.json' },
    coverage: { provider: 'v8', include: ['packages/*/src/**'] },
  },
});
