// The CLI's code as one script: scripts/build.mjs bundles dist/esm/cli/main.js and everything it imports into
// dist/esm/cli.bundle.cjs. Node 20 compiles each ES module of a graph anew on every run (it has no compile cache for
// them): the bundle's code comes from gen's code cache instead, as TypeScript's does (code-cache.cts), on every
// Node. Without a build beside this file (gen run from its sources) there is no bundle.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { requireCached } from '../program/code-cache.cjs';

type Main = typeof import('./main.js').main;

/** The CLI's `main` from the bundle, or undefined where there is none. */
export function bundledMain(): Main | undefined {
  const bundle = join(__dirname, '../cli.bundle.cjs');
  if (!existsSync(bundle)) return undefined;
  return (requireCached(bundle) as { main: Main }).main;
}
