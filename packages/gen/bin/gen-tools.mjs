#!/usr/bin/env node
// The gen-tools command. An installed package runs its build (dist/esm/cli.js). A checkout of the toolwright
// repository that has not been built runs the TypeScript sources through tsx instead, so that the command works
// right after `pnpm install` (a bin must exist when it is linked, before any build).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1+ keeps V8's compiled code of the modules a run loads (TypeScript is most of it) for the next run, as
// tsc does for itself; older Node has no such cache and skips this.
module.enableCompileCache?.();

const built = new URL('../dist/esm/cli.js', import.meta.url);
if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  const source = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const args = ['--conditions=@toolwright/source', '--import', 'tsx', source, ...process.argv.slice(2)];
  const { status, error } = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (error) {
    console.error(
      `gen-tools: no build in ${fileURLToPath(new URL('..', import.meta.url))} and the sources could not be ` +
        `run: ${error.message}`,
    );
  }
  process.exit(status ?? 1);
}
