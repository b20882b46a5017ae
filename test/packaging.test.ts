// The packages as a user gets them: each packed with `pnpm pack` (workspace: ranges become versions), the tarballs
// installed with npm into a project outside the workspace (the rest from the registry), and that project generated
// with the installed gen-tools, compiled with TypeScript 6 and with TypeScript 7, and run: an Agent on FakeGemini,
// as ES modules (standard decorators) and as CommonJS (legacy decorators, a class-validator DTO). On Node 22 and 24,
// docs/your-project.md is followed there too (support/your-project-walk.ts): its scripts, tsconfig and sources,
// stale manifests, a DTO, tsc --init.
// It installs from the registry and takes about a minute, so it runs in CI (CI set) and with `npm run test:packaging`.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { promisify } from 'node:util';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { filterProblems } from '@arethetypeswrong/core/problems';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budget } from './support/time-budget.js';
import { skipUnless } from './support/skip-unless.js';
import { describeYourProjectWalk } from './support/your-project-walk.js';

const run = promisify(execFile);
const root = join(__dirname, '..');
const enabled = Boolean(process.env.CI) || process.env.npm_lifecycle_event === 'test:packaging';

interface PackageJson {
  name: string;
  version: string;
  license?: string;
  private?: boolean;
  files?: string[];
  main?: string;
  module?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: unknown;
  publishConfig?: { access?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const rootPkg = readJson<PackageJson>(join(root, 'package.json'));
const packages = readdirSync(join(root, 'packages'))
  .filter((dir) => existsSync(join(root, 'packages', dir, 'package.json')))
  .map((dir) => ({ dir, pkg: readJson<PackageJson>(join(root, 'packages', dir, 'package.json')) }))
  .filter(({ pkg }) => !pkg.private);
const tarballName = (pkg: PackageJson) => `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;

/** Every string a package.json points at as a file: main, module, types, bin and each leaf of exports. */
function entryPaths(pkg: PackageJson): string[] {
  const leaves = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(leaves)
        : [];
  return [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin ?? {}), ...leaves(pkg.exports)]
    .filter((path): path is string => typeof path === 'string')
    .map((path) => posix.normalize(path));
}

let work: string;
let consumer: string;
const unpacked = (pkg: PackageJson) => join(work, 'unpacked', pkg.name);

// A slow machine takes long for TypeScript 6 (several seconds per compile on an idle one).
describe('the packed packages, installed with npm outside the workspace', {
  ...skipUnless(enabled, 'runs in CI (CI set) and with npm run test:packaging: it installs from the npm registry'),
  timeout: budget(120_000),
}, () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'toolwright-packaging-'));
    const tarballs = join(work, 'tarballs');
    // What the README tells a user to run today (`npm run tarballs`): build what is stale, pack every package.
    execFileSync(process.execPath, [join(root, 'scripts/pack.mjs'), tarballs], { cwd: root, stdio: 'pipe' });
    for (const { pkg } of packages) {
      mkdirSync(unpacked(pkg), { recursive: true });
      execFileSync('tar', ['xzf', join(tarballs, tarballName(pkg)), '-C', unpacked(pkg)]);
    }

    // A user's project: our tarballs, and from the registry what a user adds (the versions the workspace tests).
    consumer = join(work, 'consumer');
    cpSync(join(__dirname, 'fixtures/consumer'), consumer, { recursive: true });
    const registry = (name: string) => rootPkg.devDependencies![name]!;
    const dependencies: Record<string, string> = {
      ...Object.fromEntries(packages.map(({ pkg }) => [pkg.name, `file:${join(tarballs, tarballName(pkg))}`])),
      '@google/genai': registry('@google/genai'),
      '@types/node': registry('@types/node'),
      'class-transformer': registry('class-transformer'),
      'class-validator': registry('class-validator'),
      'reflect-metadata': registry('reflect-metadata'),
      // `npm install typescript` gives TypeScript 7 now; 6 beside it under another name.
      typescript: '^7.0.0',
      typescript6: `npm:typescript@${registry('typescript')}`,
    };
    writeFileSync(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, dependencies }, null, 2),
    );
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: consumer });
    // gen-tools, as the installed bin, writes each project's manifest.
    await Promise.all(
      ['esm', 'cjs'].map((project) =>
        run(
          join(consumer, 'node_modules/.bin/gen-tools'),
          ['--project', 'tsconfig.json', '--out', 'src/tools.generated.ts'],
          {
            cwd: join(consumer, project),
          },
        ),
      ),
    );
  }, budget(300_000));

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('a LICENSE that matches every package\'s "license"', () => {
    const license = readFileSync(join(root, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n/);
    for (const { pkg } of packages) {
      expect(pkg.license, pkg.name).toBe('MIT');
      expect(readFileSync(join(unpacked(pkg), 'package/LICENSE'), 'utf8'), pkg.name).toBe(license);
    }
  });

  it.each(packages)(
    '$pkg.name: the tarball holds the build, the sources its maps name, README, LICENSE (and CHANGELOG)',
    ({ pkg }) => {
      const dir = join(unpacked(pkg), 'package');
      const files = execFileSync('tar', ['tzf', join(work, 'tarballs', tarballName(pkg))], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((line) => line.replace(/^package\//, ''));
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
      const topLevel = ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md'];
      const extra = files.filter((file) => !/^(dist|src|bin)\//.test(file) && !topLevel.includes(file));
      expect(extra).toEqual([]);
      expect(files.filter((file) => /(\.test\.|\/test\/|\/fixtures\/|tsconfig|\.tsbuildinfo$)/.test(file))).toEqual([]);
      // Every file a source map names is in the tarball (src is shipped for them, and only for them), but for the code
      // of other packages that gen's CLI bundle holds: its map carries that text (sourcesContent).
      const mapped = new Set<string>();
      for (const map of files.filter((file) => /\.[cm]?js\.map$/.test(file))) {
        const { sources, sourcesContent } = readJson<{ sources: string[]; sourcesContent?: (string | null)[] }>(
          join(dir, map),
        );
        sources.forEach((source, index) => {
          if (typeof sourcesContent?.[index] !== 'string') mapped.add(posix.join(posix.dirname(map), source));
        });
      }
      expect([...mapped].filter((file) => !files.includes(file))).toEqual([]);
      expect(files.filter((file) => file.startsWith('src/') && !mapped.has(file))).toEqual([]);
      // Members marked @internal are built with --stripInternal: no declaration file ships one.
      const declarations = files.filter((file) => file.endsWith('.d.ts'));
      expect(declarations.length).toBeGreaterThan(0);
      expect(declarations.filter((file) => readFileSync(join(dir, file), 'utf8').includes('@internal'))).toEqual([]);

      const packed = readJson<PackageJson>(join(dir, 'package.json'));
      expect(JSON.stringify(packed)).not.toContain('workspace:');
      expect(packed.publishConfig?.access).toBe('public');
      expect(entryPaths(packed).filter((path) => !files.includes(path))).toEqual([]);
    },
  );

  it.each(packages)(
    '$pkg.name: types resolve for ESM, CommonJS and bundler users (arethetypeswrong)',
    async ({ pkg }) => {
      const tarball = readFileSync(join(work, 'tarballs', tarballName(pkg)));
      const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)));
      if (!analysis.types) throw new Error(`${pkg.name}: no types found`);
      // node10 (moduleResolution "node") is left out: it cannot read package "imports", and TypeScript 7 dropped it.
      const problems = (['node16-cjs', 'node16-esm', 'bundler'] as const).flatMap((resolutionKind) =>
        filterProblems(analysis, { resolutionKind }).map((problem) => ({ resolutionKind, ...problem })),
      );
      expect(problems).toEqual([]);
    },
  );

  // Each entry point: the main one and every subpath export (`@toolwright/core/validator-build`, ...).
  const entryPoints = packages.flatMap(({ pkg }) =>
    Object.keys((pkg.exports ?? { '.': '' }) as object)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => ({ entry: `${pkg.name}${subpath.slice(1)}` })),
  );

  it.each(entryPoints)('$entry: require() and import() give the same exports', ({ entry }) => {
    const keys = (format: 'cjs' | 'esm') => {
      const script =
        format === 'cjs'
          ? `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(entry)})).sort()))`
          : `import(${JSON.stringify(entry)}).then((m) => console.log(JSON.stringify(Object.keys(m)` +
            `.filter((k) => k !== 'default' && k !== 'module.exports').sort())))`;
      const args = format === 'cjs' ? ['-e', script] : ['--input-type=module', '-e', script];
      return JSON.parse(execFileSync(process.execPath, args, { cwd: consumer, encoding: 'utf8' })) as string[];
    };
    const esm = keys('esm');
    expect(esm.length).toBeGreaterThan(0);
    expect(keys('cjs')).toEqual(esm);
  });

  it('the installed gen-tools runs its build, using dependencies only through their public entry points', async () => {
    const gen = packages.find(({ pkg }) => pkg.name === '@toolwright/gen')!.pkg;
    // The CLI's bundle comes through gen's code cache: its cache file shows the bin ran the bundle.
    const codeCache = join(work, 'code-cache');
    const { stdout } = await run(join(consumer, 'node_modules/.bin/gen-tools'), ['--version'], {
      cwd: consumer,
      env: { ...process.env, NODE_COMPILE_CACHE: codeCache, NODE_DISABLE_COMPILE_CACHE: '' },
    });
    expect(stdout.trim()).toContain(gen.version);
    expect(
      readdirSync(join(codeCache, 'toolwright-gen')).filter((name) => name.startsWith('cli.bundle.cjs-')),
    ).toHaveLength(1);
    const installed = dirname(
      execFileSync(process.execPath, ['-p', 'require.resolve("@toolwright/gen/package.json")'], {
        cwd: consumer,
        encoding: 'utf8',
      }).trim(),
    );
    expect(installed.startsWith(join(consumer, 'node_modules'))).toBe(true);
    // core through its exports; TypeScript is the typescript package's main entry (no file inside it); ajv's entry
    // points are the ones its docs name.
    const core = packages.find(({ pkg }) => pkg.name === '@toolwright/core')!.pkg;
    const coreEntries = Object.keys(core.exports as object).map((subpath) => `@toolwright/core${subpath.slice(1)}`);
    const publicEntries = new Set([...coreEntries, 'typescript', 'ajv-formats', 'ajv/package.json']);
    for (const entry of ['2020.js', 'standalone/index.js']) publicEntries.add(`ajv/dist/${entry}`);
    const specifiers = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.c?js$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          const imports = /^(?:import|export)\b[^;\n]*? from ['"]([^'"]+)['"]|\brequire\(['"]([^'"]+)['"]\)/gm;
          for (const match of text.matchAll(imports)) {
            const specifier = match[1] ?? match[2]!;
            // Relative paths and the package's own "imports" (`#name`) stay inside it.
            if (!/^(\.|#|node:)/.test(specifier)) specifiers.add(specifier);
          }
        }
      }
    };
    walk(join(installed, 'dist'));
    expect([...specifiers].filter((specifier) => !publicEntries.has(specifier))).toEqual([]);
    for (const project of ['esm', 'cjs']) {
      expect(readFileSync(join(consumer, project, 'src/tools.generated.ts'), 'utf8')).toContain(
        'export const manifest = defineManifest(',
      );
    }
  });

  // The bin loads gen as ES modules; this is its CommonJS build (dist/cjs is a package scope of its own).
  it("gen's generate() runs when required as CommonJS", () => {
    const script = `require('@toolwright/gen').generate({ project: 'esm/tsconfig.json', out: false })
      .then((result) => console.log(result.manifest.tools.map((tool) => tool.name).join()))`;
    expect(execFileSync(process.execPath, ['-e', script], { cwd: consumer, encoding: 'utf8' }).trim()).toBe(
      'priceTrip',
    );
  });

  // A large project is read on worker threads (packages/gen/src/shard/). Forced here on the small one (its two files
  // that may declare tools, main.ts and trip-service.ts, one per thread): the workers start from the installed build,
  // under the bin (ES modules) and under require (CommonJS), and give what one thread wrote.
  it('gen-tools reads on worker threads from the installed build: the bin and generate() required as CommonJS', async () => {
    const env = {
      ...process.env,
      TOOLWRIGHT_GEN_THREADS: '2',
      TOOLWRIGHT_GEN_SHARD_BYTES: '0',
      TOOLWRIGHT_GEN_TIMING: '1',
    };
    const { stderr } = await run(
      join(consumer, 'node_modules/.bin/gen-tools'),
      ['--project', 'tsconfig.json', '--out', 'src/tools.generated.ts', '--check', '--no-cache'],
      { cwd: join(consumer, 'esm'), env },
    );
    expect(stderr).toContain('gen-tools: shard 2 worker started');
    const script = `require('@toolwright/gen').generate({ project: 'esm/tsconfig.json', out: 'esm/src/tools.generated.ts', check: true })
      .then((result) => console.log(result.stale.length, result.manifest.tools.map((tool) => tool.name).join()))`;
    const required = await run(process.execPath, ['-e', script], { cwd: consumer, env });
    expect(required.stdout.trim()).toBe('0 priceTrip');
    expect(required.stderr).toContain('gen-tools: shard 2 worker started');
  });

  const compilers = [
    { label: 'TypeScript 6', bin: 'typescript6/bin/tsc', major: '6.' },
    { label: 'TypeScript 7', bin: 'typescript/bin/tsc', major: '7.' },
  ];

  it.each(compilers)(
    'ESM, $label: compiles the decorated service and runs an Agent on FakeGemini',
    async ({ bin, major }) => {
      const project = join(consumer, 'esm');
      const tsc = join(consumer, 'node_modules', bin);
      expect((await run(process.execPath, [tsc, '--version'])).stdout).toContain(`Version ${major}`);
      const outDir = `dist-${major}`;
      await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--outDir', outDir], { cwd: project });
      const { stdout } = await run(process.execPath, [join(outDir, 'main.js')], { cwd: project });
      const result = JSON.parse(stdout) as {
        text: string;
        stopReason: string;
        declarations: Array<{ name: string; parameters: unknown }>;
      };
      expect(result.stopReason).toBe('stop');
      // The Date argument was revived before the call (2 June 2025 is a Monday) and the Integer became INTEGER.
      expect(JSON.parse(result.text)).toEqual({ output: { city: 'Lisbon, Portugal', total: 360, weekday: 1 } });
      expect(result.declarations.map((declaration) => declaration.name)).toEqual(['priceTrip']);
      expect(JSON.stringify(result.declarations[0]!.parameters)).toContain('"nights":{"type":"INTEGER"');
    },
  );

  it.each(compilers)(
    'CommonJS, $label: compiles legacy decorators and a class-validator DTO, and runs the Agent',
    async ({ bin, major }) => {
      const project = join(consumer, 'cjs');
      const tsc = join(consumer, 'node_modules', bin);
      const outDir = `dist-${major}`;
      await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--outDir', outDir], { cwd: project });
      expect(readFileSync(join(project, outDir, 'main.js'), 'utf8')).toContain('require("@toolwright/core")');
      const { stdout } = await run(process.execPath, [join(outDir, 'main.js')], { cwd: project });
      const result = JSON.parse(stdout) as {
        text: string;
        stopReason: string;
        firstReply: { error: { name: string; message: string } };
      };
      expect(result.firstReply.error.name).toBe('InvalidArguments');
      expect(result.firstReply.error.message).toContain('/signup/email');
      expect(JSON.parse(result.text)).toEqual({ output: { welcome: 'Welcome, Ada', plan: 'pro', dto: true } });
      expect(result.stopReason).toBe('stop');
    },
  );

  describeYourProjectWalk(() => consumer);
});
