// `npm run tarballs [-- <folder>]`: the packages as npm would get them, from this clone: installs and builds what is
// missing (scripts/bootstrap.mjs), packs every package with pnpm (workspace: ranges become versions) into <folder>
// (default .tarballs/), and prints the npm commands that install them into another project.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const destination = resolve(process.argv[2] ?? join(root, '.tarballs'));

execFileSync(process.execPath, [join(root, 'scripts/bootstrap.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
rmSync(destination, { recursive: true, force: true });
runPnpm(['-r', '--filter', './packages/*', 'pack', '--pack-destination', destination], { stdio: 'pipe' });
const tarballs = readdirSync(destination)
  .filter((name) => name.endsWith('.tgz'))
  .sort();
// The command a user copies: what runs in production as dependencies, the build step and the test server as dev
// dependencies, and the rest named for when it is needed.
const packageOf = (name) => /^toolwright-(.+)-\d[^-]*\.tgz$/.exec(name)?.[1];
const pathsOf = (...names) =>
  tarballs.filter((name) => names.includes(packageOf(name))).map((name) => join(destination, name));
const runtime = pathsOf('core', 'genai');
const development = pathsOf('gen', 'testing');
const optional = tarballs
  .map((name) => join(destination, name))
  .filter((path) => ![...runtime, ...development].includes(path));
console.log(`Packed ${tarballs.length} packages into ${destination}. In your project:`);
console.log(`  npm install ${[...runtime, '@google/genai'].join(' ')}`);
console.log(`  npm install -D ${[...development, 'typescript', '@types/node'].join(' ')}`);
console.log(`and where you need them (MCP, file tools, Restate), with npm install: ${optional.join(' ')}`);
