import { defineConfig } from 'vitest/config';
import { budget } from './test/support/time-budget.js';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources, so tests never need a build.
  resolve: { conditions: ['@toolwright/source'] },
  // .cts too (Vite strips the types of .ts and .mts only): core's formats loader is CommonJS (formats-loader.cts).
  esbuild: { include: /\.([cm]?ts|[jt]sx)$/ },
  ssr: { resolve: { conditions: ['@toolwright/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    // Limits that catch hangs, stretched on a busy machine (test/support/time-budget.ts); a test that starts
    // processes sets its own budget() beside it.
    testTimeout: budget(30_000),
    hookTimeout: budget(60_000),
    pool: 'forks',
    // CI reads the pass/fail counts from the JSON report (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest-results.json' },
    coverage: { provider: 'v8', include: ['packages/*/src/**'] },
  },
});
