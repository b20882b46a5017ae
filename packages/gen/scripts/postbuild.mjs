// Run by scripts/build.mjs after the package is compiled: writes dist/libs, the lib files of the TypeScript gen runs
// (as @ts-morph/common bundles them), one file each, for src/program/ts-morph-common-require.cts to read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('..', import.meta.url));
const { getLibFiles } = createRequire(join(dir, 'package.json'))('@ts-morph/common');
mkdirSync(join(dir, 'dist/libs'), { recursive: true });
for (const { fileName, text } of getLibFiles()) writeFileSync(join(dir, 'dist/libs', fileName), text);
