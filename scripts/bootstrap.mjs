// Makes a fresh clone runnable and installs nothing outside it: runs the pinned pnpm from the clone (scripts/pnpm.mjs,
// version in package.json "packageManager"), installs the workspace's dependencies from the lockfile when they are
// missing or older than the lockfile, then builds the packages whose dist is missing or older than their sources, so
// that projects inside the clone resolve `@toolwright/core`'s types and `gen-tools` runs its build, as they do for an
// installed package.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const marker = join(root, 'node_modules', '.modules.yaml');
const lock = join(root, 'pnpm-lock.yaml');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  console.error('bootstrap: installing dependencies from pnpm-lock.yaml');
  runPnpm(['install', '--frozen-lockfile', ...(process.env.CI ? ['--reporter=append-only'] : [])]);
}

execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--stale'], { cwd: root, stdio: 'inherit' });
