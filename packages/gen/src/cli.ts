#!/usr/bin/env node
// The `gen-tools` bin. All logic lives in main.ts, which tests and other tools import without running anything.
// The code cache is turned on before main.ts is imported: what it imports may load TypeScript.
import { enableCodeCache } from './program/code-cache.cjs';

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
