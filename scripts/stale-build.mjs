// Whether a package's build is stale: scripts/build.mjs --stale (which `node scripts/bootstrap.mjs` runs) rebuilds a
// package when one of the files its build makes last is missing or older than its sources or package.json. gen's
// CLI bundle is one of them: a bin that ran an old bundle after an edit would run code that is no longer there.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** gen's CLI, bundled into one CommonJS script by scripts/build.mjs. */
export const CLI_BUNDLE = 'dist/esm/cli.bundle.cjs';

/** The files a package's build makes last of their kind (paths inside the package). */
export function builtMarkers(name) {
  return ['dist/cjs/index.js', ...(name === 'gen' ? [CLI_BUNDLE] : [])];
}

function newestFile(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether the package in `dir` (named `name`) must be built again. */
export function isStale(dir, name) {
  const sources = Math.max(newestFile(join(dir, 'src')), statSync(join(dir, 'package.json')).mtimeMs);
  return builtMarkers(name).some((file) => !existsSync(join(dir, file)) || statSync(join(dir, file)).mtimeMs < sources);
}
