// Builds every package (or the ones named) to dist/esm (ES modules) and dist/cjs (CommonJS), each with type
// declarations, in dependency order. Workspace imports resolve to the built dist of the package they name.
// `--stale` builds only the packages whose dist is missing or older than their sources or package.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CLI_BUNDLE, isStale } from './stale-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
const order = ['testing', 'core', 'gen', 'genai', 'fs-tools', 'mcp', 'restate', 'dev-ui'];
// Packages loaded at run time: the main ES module entry is bundled into one file (see bundleEntry). gen runs at build
// time, from its CLI, which is bundled on its own (see bundleCli).
const bundledEntries = new Set(['testing', 'core', 'genai', 'fs-tools', 'mcp', 'restate', 'dev-ui']);

const args = process.argv.slice(2);
const staleOnly = args.includes('--stale');
const named = args.filter((arg) => arg !== '--stale').map((arg) => basename(resolve(arg)));
const targets = (named.length ? order.filter((name) => named.includes(name)) : order).filter(
  (name) => !staleOnly || isStale(join(root, 'packages', name), name),
);

if (staleOnly && targets.length) console.error(`build: ${targets.join(', ')} (missing or older than the sources)`);

/** A package's "imports" as seen from dist/cjs: targets in dist/esm become the same file in dist/cjs. */
function cjsImports(imports) {
  const remap = (target) => {
    if (typeof target === 'string') return target.startsWith('./dist/esm/') ? `./${target.slice(11)}` : target;
    const conditions = Object.entries(target).filter(([condition]) => condition !== '@toolwright/source');
    return Object.fromEntries(conditions.map(([condition, inner]) => [condition, remap(inner)]));
  };
  return Object.fromEntries(Object.entries(imports).map(([name, target]) => [name, remap(target)]));
}

/**
 * Bundles the package's main ES module entry (dist/esm/index.js) into one file, in place. Node loads an ES module
 * graph file by file (resolve, read, compile, link each): core's 60-odd modules took 50 ms or more to import, one
 * file takes a few. Other packages and the package's own "imports" targets (`#validator-compiler`, loaded on demand)
 * stay imports; the per-file modules stay beside it for those targets and the other subpath exports, which share no
 * state with the entry. The type declarations are tsc's, file by file; the source map maps back to the sources.
 */
async function bundleEntry(dir) {
  await bundleInPlace(join(dir, 'dist/esm/index.js'), { packages: 'external', external: ['#*'] });
}

/**
 * core's `validator-runtime` entry (what precompiled validators call) is bundled into one file, with the ajv runtime
 * helpers and ajv-formats' formats it re-exports inside: a Node server importing it then loads one file and no
 * CommonJS (those helpers are CommonJS), where its ten modules cost a 100-tool app's cold start 11.5 M instructions
 * more. A bundler still takes only what an app's validators call: every top-level statement of the file is pure,
 * those of the CommonJS helpers made so here (esbuild cannot know that initialising them does nothing else).
 */
async function bundleValidatorRuntime(dir) {
  const file = join(dir, 'dist/esm/validator-runtime.js');
  // No source map: it would name files inside other packages, which the tarball does not hold.
  await bundleInPlace(file, { sourcemap: false });
  rmSync(`${file}.map`, { force: true });
  const code = readFileSync(file, 'utf8');
  // `__toESM(require_x())`: the outer call and the inner one, each pure.
  const pure = code
    .replace(/= __commonJS\(/g, '= /* @__PURE__ */ __commonJS(')
    .replace(/= __toESM\(require_/g, '= /* @__PURE__ */ __toESM(/* @__PURE__ */ require_');
  if (pure === code) throw new Error(`${file}: no CommonJS helper to mark pure (did esbuild change its output?)`);
  writeFileSync(file, pure);
}

/**
 * gen's CLI (dist/esm/cli/main.js and all it imports, @toolwright/core's linear-regexp and re2js included) bundled
 * into one CommonJS script, which the bin loads through gen's code cache (packages/gen/src/cli/bundled-main.cts): Node
 * 20 has no compile cache for ES modules, and resolving, reading and compiling the graph's 120 modules took 60 to 130
 * ms of every run there (docs/performance.md). TypeScript (its own cached script), ajv and the validator builder of
 * core (loaded only for --validators, through their public entry points) stay requires, and so does the code cache
 * itself, which the bin's thread shares with the bundle. The source map maps back to gen's sources, in the tarball;
 * the other packages' code is named by package and carried in the map (the tarball has no copy of it).
 */
async function bundleCli(dir) {
  const codeCache = {
    name: 'code-cache',
    setup(build) {
      build.onResolve({ filter: /\/code-cache\.cjs$/ }, () => ({ path: './program/code-cache.cjs', external: true }));
    },
  };
  // `import ts from '#typescript'` (program/typescript.ts) is an ES module's default import of a CommonJS module:
  // esbuild's interop would copy every one of TypeScript's ~2,000 exports onto a new object as a getter (9 ms of
  // every run). Here it resolves to a module whose default export is the require itself, which needs no copy.
  const typescriptDefault = {
    name: 'typescript-default',
    setup(build) {
      build.onResolve({ filter: /^#typescript$/ }, () => ({ path: '#typescript', namespace: 'typescript-default' }));
      build.onLoad({ filter: /.*/, namespace: 'typescript-default' }, () => ({
        contents: 'export default require("./program/typescript-cjs.cjs");',
        resolveDir: join(dir, 'dist/esm'),
        loader: 'js',
      }));
    },
  };
  const outfile = join(dir, CLI_BUNDLE);
  await bundleInPlace(join(dir, 'dist/esm/cli/main.js'), {
    outfile,
    allowOverwrite: false,
    format: 'cjs',
    external: ['typescript', 'ajv', 'ajv/*', 'ajv-formats', '@toolwright/core/validator-*', 'tsx/cjs/api'],
    plugins: [codeCache, typescriptDefault],
    logOverride: { 'require-resolve-not-external': 'silent' },
  });
  const map = JSON.parse(readFileSync(`${outfile}.map`, 'utf8'));
  // A module a plugin made (`typescript-default:#typescript`) has no file: its map keeps its text, as for other
  // packages' code.
  const made = (source) => /^[\w-]+:/.test(source);
  const outside = (source) => relative(dir, resolve(dirname(outfile), source)).startsWith('..');
  map.sourcesContent = map.sources.map((source, index) =>
    made(source) || outside(source) ? map.sourcesContent[index] : null,
  );
  map.sources = map.sources.map((source) =>
    !made(source) && outside(source) ? packagePath(resolve(dirname(outfile), source)) : source,
  );
  writeFileSync(`${outfile}.map`, JSON.stringify(map));
}

/** A file inside some package, named as a user would: `@toolwright/core/src/x.ts`, `re2js/build/index.cjs`. */
function packagePath(file) {
  const inWorkspace = relative(join(root, 'packages'), file);
  if (!inWorkspace.startsWith('..')) return `@toolwright/${inWorkspace.split(sep).join('/')}`;
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  return parts.slice(at + 1).join('/');
}

/**
 * Writes the package's version in place of `__PACKAGE_VERSION__` in every built JavaScript file (both builds, the
 * bundled entry included): a string literal then, which holds in any bundle, so package.json is where the version is
 * written, once (see packages/mcp/src/package-version.ts).
 */
function writeVersion(dir, version) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) writeVersion(path, version);
    else if (/\.[cm]?js$/.test(entry.name)) {
      const code = readFileSync(path, 'utf8');
      if (code.includes('__PACKAGE_VERSION__'))
        writeFileSync(path, code.replaceAll('__PACKAGE_VERSION__', JSON.stringify(version)));
    }
  }
}

async function bundleInPlace(file, options) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    ...options,
  });
}

for (const name of targets) {
  const dir = join(root, 'packages', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  // --stripInternal: members marked `@internal` stay out of the shipped .d.ts (test/packaging.test.ts checks it).
  const base = [
    '-p',
    join(dir, 'tsconfig.json'),
    '--customConditions',
    'null',
    '--declarationMap',
    'false',
    '--stripInternal',
  ];
  execFileSync(process.execPath, [tsc, ...base, '--outDir', join(dir, 'dist/esm')], { stdio: 'inherit' });
  if (bundledEntries.has(name)) await bundleEntry(dir);
  if (name === 'core') await bundleValidatorRuntime(dir);
  if (name === 'gen') await bundleCli(dir);
  execFileSync(
    process.execPath,
    [tsc, ...base, '--module', 'commonjs', '--moduleResolution', 'bundler', '--outDir', join(dir, 'dist/cjs')],
    { stdio: 'inherit' },
  );
  // dist/cjs holds .js files that are CommonJS inside a "type": "module" package. Its package.json starts a package
  // scope of its own, so it carries the package's "imports" too, pointed at the CommonJS build.
  mkdirSync(join(dir, 'dist/cjs'), { recursive: true });
  const cjsScope = { type: 'commonjs', ...(pkg.imports ? { imports: cjsImports(pkg.imports) } : {}) };
  writeFileSync(join(dir, 'dist/cjs/package.json'), `${JSON.stringify(cjsScope, null, 2)}\n`);
  writeVersion(join(dir, 'dist'), pkg.version);
  console.log(`built ${pkg.name}`);
}
