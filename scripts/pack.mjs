// `npm run tarballs [-- <folder>]`: the packages as npm would get them, from this clone: installs and builds what is
// missing (scripts/bootstrap.mjs), packs every package with pnpm (workspace: ranges become versions) into <folder>
// (default .tarballs/), and prints the npm command that installs them into another project.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const destination = resolve(process.argv[2] ?? join(root, '.tarballs'));

execFileSync(process.execPath, [join(root, 'scripts/bootstrap.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
rmSync(destination, { recursive: true, force: true });
runPnpm(['-r', '--filter', './packages/*', 'pack', '--pack-destination', destination], { stdio: 'pipe' });
const tarballs = readdirSync(destination).filter((name) => name.endsWith('.tgz')).sort();
console.log(`Packed ${tarballs.length} packages into ${destination}. In your project:`);
console.log(`  npm install ${tarballs.map((name) => join(destination, name)).join(' ')} @google/genai`);
