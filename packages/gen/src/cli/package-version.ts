import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The version of @toolwright/gen, read from its package.json above the running script (`src/cli.ts` from source,
 * `dist/esm/cli.js` or `dist/cjs/cli.js` when built), since the sources may not use `import.meta`.
 */
export function packageVersion(scriptPath: string | undefined): string {
  if (!scriptPath) return 'unknown';
  let dir: string;
  try {
    dir = dirname(realpathSync(scriptPath));
  } catch {
    return 'unknown';
  }
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@toolwright/gen' && pkg.version) return pkg.version;
    } catch {
      // No package.json in this folder.
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}
