import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** The compiler options of the projects tests write from source text (core resolved from its sources). */
export const TEST_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'nodenext',
  customConditions: ['@toolwright/source'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
};

/** The tsconfig.json of such a project: its files under `src`. */
export const TEST_TSCONFIG = { compilerOptions: TEST_COMPILER_OPTIONS, include: ['src'] };

/**
 * A copy of a fixture project in a fresh temporary folder, with `@toolwright/core` linked into its node_modules
 * (as an installed dependency would be), so that tests may write into it.
 */
export function tempProject(fixture: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `toolwright-gen-${fixture}-`));
  cpSync(join(fixturesDir, fixture, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(fixturesDir, fixture, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A project in a fresh temporary folder (named after `prefix`), with `@toolwright/core` linked in, the tsconfig and
 * the given files (relative paths). The caller removes it.
 */
export function projectWithFiles(
  prefix: string,
  files: Record<string, string>,
  tsconfig: object = TEST_TSCONFIG,
): string {
  const dir = mkdtempSync(join(tmpdir(), `toolwright-gen-${prefix}-`));
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [name, text] of Object.entries(files)) writeProjectFile(dir, name, text);
  return dir;
}

/** Writes a file of a project (a relative path), with the folders it needs. */
export function writeProjectFile(dir: string, name: string, text: string): void {
  mkdirSync(dirname(join(dir, name)), { recursive: true });
  writeFileSync(join(dir, name), text);
}
