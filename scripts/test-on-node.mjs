// `node scripts/test-on-node.mjs <major> [--deps <folder>] [--report <file>] [vitest args...]`: runs vitest on
// another Node major (npm's `node` package, through `npx -y node@<major>`; nothing is installed outside npm's cache)
// with the workspace's own node_modules, and writes vitest's JSON report (default .vitest-results-node<major>.json).
// `--deps <folder>` tests other versions of dependencies without touching the workspace's: the folder holds a
// package.json (and package-lock.json) that names them; it is installed there with `npm ci`, and vitest.config.ts
// resolves each dependency it names from that folder (TOOLWRIGHT_TEST_DEPS) for this run.
// Exits with vitest's code; CI reads the report with scripts/test-summary.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'usage: node scripts/test-on-node.mjs <major> [--deps <folder>] [--report <file>] [vitest args...]';

const [major, ...rest] = process.argv.slice(2);
if (!major || !/^\d+$/.test(major)) {
  console.error(usage);
  process.exit(2);
}
let deps;
let report = join(root, `.vitest-results-node${major}.json`);
const vitestArgs = [];
for (let i = 0; i < rest.length; i++) {
  const arg = rest[i];
  if ((arg === '--deps' || arg === '--report') && !rest[i + 1]) {
    console.error(`${arg} needs a value\n${usage}`);
    process.exit(2);
  }
  if (arg === '--deps') deps = resolve(rest[++i]);
  else if (arg === '--report') report = resolve(rest[++i]);
  else vitestArgs.push(arg);
}

const env = { ...process.env };
if (deps) {
  if (!existsSync(join(deps, 'package-lock.json'))) {
    console.error(`test-on-node: ${deps} has no package-lock.json (run npm install there once and commit it)`);
    process.exit(2);
  }
  // npm ci: exactly the versions of the folder's lockfile. Their engines may ask for a newer Node than this
  // script's, which is why they run on <major>: npm only warns.
  const install = ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', deps];
  execFileSync('npm', install, { stdio: 'inherit', cwd: root });
  env.TOOLWRIGHT_TEST_DEPS = deps;
}

const version = execFileSync('npx', ['-y', `node@${major}`, '--version'], { encoding: 'utf8', cwd: root }).trim();
console.log(
  `test-on-node: Node ${version}${deps ? `, dependencies from ${deps}` : ''}: vitest run ${vitestArgs.join(' ')}`,
);
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
const run = spawnSync('npx', ['-y', `node@${major}`, vitest, 'run', ...reporters, ...vitestArgs], {
  stdio: 'inherit',
  cwd: root,
  env,
});
process.exit(run.status ?? 1);
