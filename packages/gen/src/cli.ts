#!/usr/bin/env node
// The `gen-tools` bin. All logic lives in main.ts, which tests and other tools import without running anything.
import { main } from './cli/main.js';

main(process.argv).then(
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
