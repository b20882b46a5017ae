// Makes a fresh clone runnable: installs the pinned pnpm (package.json engines.pnpm, the one place the version
// lives) and the workspace's dependencies from the lockfile, when they are missing or older than the lockfile,
// then builds the packages whose dist is missing or older than their sources, so that projects inside the clone
// resolve `@toolwright/core`'s types and `gen-tools` runs its build, as they do for an installed package.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.pnpm;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

let current = '';
try {
  current = execSync('pnpm --version', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
} catch {}
if (current !== wanted) {
  console.error(`bootstrap: installing pnpm@${wanted} (found ${current || 'none'})`);
  run(`npm install -g pnpm@${wanted}`);
}

const marker = join(root, 'node_modules', '.modules.yaml');
const lock = join(root, 'pnpm-lock.yaml');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  console.error('bootstrap: installing dependencies from pnpm-lock.yaml');
  run(`pnpm install --frozen-lockfile${process.env.CI ? ' --reporter=append-only' : ''}`);
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const stale = readdirSync(join(root, 'packages')).filter((name) => {
  const dir = join(root, 'packages', name);
  if (!existsSync(join(dir, 'src', 'index.ts'))) return false;
  const built = join(dir, 'dist', 'cjs', 'index.js');
  return !existsSync(built) || statSync(built).mtimeMs < Math.max(newestSource(join(dir, 'src')), statSync(join(dir, 'package.json')).mtimeMs);
});
if (stale.length) {
  console.error(`bootstrap: building ${stale.join(', ')}`);
  run(`node scripts/build.mjs ${stale.join(' ')}`);
}
