#!/usr/bin/env node
// The `gen-tools` bin. All logic lives in main.ts, which tests and other tools import without running anything.
// V8's tiering is set and the code cache turned on before main.ts is imported: what it imports may load TypeScript
// (and V8 checks a cached code's flags against the process's).
import { raiseTieringBudget } from './cli/tiering.js';
import { enableCodeCache } from './program/code-cache.cjs';

raiseTieringBudget();
enableCodeCache();
import('./cli/main.js')
  .then(({ main }) => main(process.argv))
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `gen-tools: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
