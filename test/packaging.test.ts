// The packages as users install them: built once to ESM and CommonJS, each entry loadable both ways with the same
// exports and with type declarations beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const packages = readdirSync(join(root, 'packages')).filter((name) => existsSync(join(root, 'packages', name, 'src/index.ts')));

function exportsOf(dir: string, name: string, format: 'cjs' | 'esm'): string[] {
  const script =
    format === 'cjs'
      ? `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(name)})).sort()))`
      : `import(${JSON.stringify(name)}).then((m) => console.log(JSON.stringify(Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports').sort())))`;
  const args = format === 'cjs' ? ['-e', script] : ['--input-type=module', '-e', script];
  // Run from the package's own folder: Node resolves a package's own name through its "exports" (self-reference).
  return JSON.parse(execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8' })) as string[];
}

describe('published packages', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'pipe' });
  }, 240_000);

  it.each(packages)('%s loads as CommonJS and as ESM with the same exports and types', (dir) => {
    const pkgDir = join(root, 'packages', dir);
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { name: string };
    const esm = exportsOf(pkgDir, pkg.name, 'esm');
    const cjs = exportsOf(pkgDir, pkg.name, 'cjs');
    expect(esm.length).toBeGreaterThan(0);
    expect(cjs).toEqual(esm);
    expect(existsSync(join(pkgDir, 'dist/esm/index.d.ts'))).toBe(true);
    expect(existsSync(join(pkgDir, 'dist/cjs/index.d.ts'))).toBe(true);
  });

  it("gen's build reads TypeScript's lib files from dist/libs, the same texts @ts-morph/common holds", () => {
    const script = `
      const built = require('./dist/cjs/ts-morph-common-require.cjs');
      const bundled = require('@ts-morph/common');
      const texts = (files) => files.map(({ fileName, text }) => fileName + '\\0' + text).sort();
      console.log(JSON.stringify({
        same: JSON.stringify(texts(built.getLibFiles())) === JSON.stringify(texts(bundled.getLibFiles())),
        count: built.getLibFiles().length,
        ts: built.ts.version === bundled.ts.version,
        folder: built.libFolderInMemoryPath === bundled.libFolderInMemoryPath,
      }));`;
    const result = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: join(root, 'packages/gen'), encoding: 'utf8' })) as Record<string, unknown>;
    expect(result).toEqual({ same: true, count: expect.any(Number), ts: true, folder: true });
    expect(result.count).toBeGreaterThan(50);
  });

  it('the gen-tools bin runs the build', () => {
    const version = execFileSync(process.execPath, [join(root, 'packages/gen/bin/gen-tools.mjs'), '--version'], { encoding: 'utf8' });
    const { version: expected } = JSON.parse(readFileSync(join(root, 'packages/gen/package.json'), 'utf8')) as { version: string };
    expect(version.trim()).toContain(expected);
  });
});
