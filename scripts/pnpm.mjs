// The workspace's pnpm, kept inside the clone: the version pinned in package.json "packageManager" (the one place
// it lives), installed by npm into .tools/pnpm-<version>/ on first use. Nothing is installed outside the clone, and
// no global pnpm is needed (a global pnpm 10 works too: `pnpm install` reads the same lockfile).
//   node scripts/pnpm.mjs <args>      runs the pinned pnpm with <args> (npm run pnpm -- <args> does the same)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The pinned version, from `"packageManager": "pnpm@<version>"`. */
export function pnpmVersion() {
  const field = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager ?? '';
  const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(field);
  if (!match)
    throw new Error(`package.json "packageManager" must read "pnpm@<version>", found ${JSON.stringify(field)}`);
  return match[1];
}

/** The path of the pinned pnpm's entry script, installed into .tools/ when missing. */
export function pnpmEntry() {
  const version = pnpmVersion();
  const prefix = join(root, '.tools', `pnpm-${version}`);
  const entry = join(prefix, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (!existsSync(entry)) {
    console.error(`pnpm: installing pnpm@${version} into ${prefix}`);
    // npm.cmd on Windows; the npm beside this node elsewhere.
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(
      npm,
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `pnpm@${version}`],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        shell: process.platform === 'win32',
      },
    );
  }
  return entry;
}

/** Runs the pinned pnpm in `cwd`; throws when it fails. */
export function runPnpm(args, { cwd = root, stdio = 'inherit' } = {}) {
  return execFileSync(process.execPath, [pnpmEntry(), ...args], { cwd, stdio, encoding: 'utf8' });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { status, error } = spawnSync(process.execPath, [pnpmEntry(), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (error) throw error;
  process.exit(status ?? 1);
}
