// Builds every package (or the ones named) to dist/esm (ES modules) and dist/cjs (CommonJS), each with type
// declarations, in dependency order. Workspace imports resolve to the built dist of the package they name.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
const order = ['testing', 'core', 'gen', 'genai', 'fs-tools', 'mcp'];

const named = process.argv.slice(2).map((arg) => basename(resolve(arg)));
const targets = named.length ? order.filter((name) => named.includes(name)) : order;

for (const name of targets) {
  const dir = join(root, 'packages', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const base = ['-p', join(dir, 'tsconfig.json'), '--customConditions', 'null', '--declarationMap', 'false'];
  execFileSync(process.execPath, [tsc, ...base, '--outDir', join(dir, 'dist/esm')], { stdio: 'inherit' });
  execFileSync(
    process.execPath,
    [tsc, ...base, '--module', 'commonjs', '--moduleResolution', 'bundler', '--outDir', join(dir, 'dist/cjs')],
    { stdio: 'inherit' },
  );
  // dist/cjs holds .js files that are CommonJS inside a "type": "module" package.
  mkdirSync(join(dir, 'dist/cjs'), { recursive: true });
  writeFileSync(join(dir, 'dist/cjs/package.json'), '{ "type": "commonjs" }\n');
  // What a package needs in dist besides compiled code (gen: TypeScript's lib files).
  if (existsSync(join(dir, 'scripts/postbuild.mjs'))) execFileSync(process.execPath, [join(dir, 'scripts/postbuild.mjs')], { stdio: 'inherit' });
  console.log(`built ${pkg.name}`);
}
