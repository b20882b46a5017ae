#!/usr/bin/env node
// The `gen-tools` bin. All logic lives in main.ts, which tests and other tools import without running anything.
// V8's tiering is set and the code cache turned on before main.ts is loaded: what it imports may load TypeScript
// (and V8 checks a cached code's flags against the process's). A build runs main.ts from the CLI's bundle, one
// script (cli/bundled-main.cts); the sources run it as modules.
import { bundledMain } from './cli/bundled-main.cjs';
import { raiseTieringBudget } from './cli/tiering.js';
import { enableCodeCache } from './program/code-cache.cjs';

raiseTieringBudget();
enableCodeCache();
Promise.resolve()
  .then(() => bundledMain() ?? import('./cli/main.js').then(({ main }) => main))
  .then((main) => main(process.argv))
  .then(
    (code) => {
      process.exitCode = code;
    },
    async (error: unknown) => {
      // Loaded only now: a run that goes well never needs it.
      const { internalErrorText } = await import('./cli/internal-error.js');
      process.stderr.write(`gen-tools: internal error: ${internalErrorText(error)}\n`);
      process.exitCode = 1;
    },
  );
