// `npm test [-- <vitest args>]`: makes the clone runnable (scripts/bootstrap.mjs), runs vitest with its JSON report,
// then prints the summary (scripts/test-summary.mjs): what was skipped and why, and `N passed, N failed`.
// Exits non-zero when anything failed, a suite did not load, or vitest did not finish.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(root, '.vitest-results.json');
const node = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (node([join(root, 'scripts/bootstrap.mjs')]) !== 0) process.exit(1);
// A report left by an earlier run must not stand in for this one.
rmSync(report, { force: true });
const vitest = node([
  join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
const summary = node([join(root, 'scripts/test-summary.mjs'), report]);
process.exit(vitest !== 0 ? vitest : summary);
