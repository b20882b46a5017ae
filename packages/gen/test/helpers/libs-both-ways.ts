// Projects read with lib files left out (src/program/host-libs.ts, es-libs.ts) and with every lib, compared.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { analyze, type Analysis } from '../../src/analyze.js';
import { describeFiles } from '../../src/describe/describe-files.js';
import { Diagnostics } from '../../src/diagnostics.js';
import type { WatchState } from '../../src/incremental/watch-state.js';
import { loadTools, type LoadedTools } from '../../src/load-tools.js';
import { resolveOptions, type ResolvedOptions } from '../../src/options.js';
import { SourceFileCache } from '../../src/program/lean-host.js';
import { repoRoot, TEST_COMPILER_OPTIONS } from './temp-project.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with `@toolwright/core` linked in and the given files (removed after the test file). */
export function libsProject(files: Record<string, string>, compilerOptions: object = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-gen-libs-'));
  made.push(dir);
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...TEST_COMPILER_OPTIONS, ...compilerOptions }, include: ['src'] }),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** The options of a project's tsconfig, its outputs in `generated/`. */
export function libsOptions(tsconfig: string): ResolvedOptions {
  return resolveOptions({
    project: tsconfig,
    out: join(dirname(tsconfig), 'generated/tools.generated.ts'),
    json: join(dirname(tsconfig), 'generated/tools.json'),
  });
}

/** The analysis of a project, with lib files left out where they can be and with all libs. */
export function bothWays(tsconfig: string): { auto: Analysis; all: Analysis } {
  const options = libsOptions(tsconfig);
  return { auto: analyze(options), all: withAllLibs(options) };
}

export function withAllLibs(options: ResolvedOptions): Analysis {
  process.env.TOOLWRIGHT_GEN_ALL_LIBS = '1';
  try {
    return analyze(options);
  } finally {
    delete process.env.TOOLWRIGHT_GEN_ALL_LIBS;
  }
}

/** The same diagnostics, manifest and outputs; `all` read with every lib. */
export function same(auto: Analysis, all: Analysis): void {
  expect(all.hostLibs).toBeUndefined();
  expect(all.esLibs).toBeUndefined();
  expect(auto.diagnostics).toEqual(all.diagnostics);
  expect(auto.manifest).toEqual(all.manifest);
  expect(auto.outputs.map((output) => output.rendered.text)).toEqual(all.outputs.map((output) => output.rendered.text));
}

/** One service file around the given tool methods (and declarations before the class). */
export const service = (methods: string, before = '') => `import { tool } from '@toolwright/core';
${before}
export class Service {
${methods}
}
`;

/**
 * The first program's own reading of a project's tools, never built again, asserted to differ from every lib's
 * reading (so that a probe blind to what it needs would fail the equality tests); the loaded tools, to ask its probe.
 */
export function firstReadingDiffers(options: ResolvedOptions): LoadedTools {
  const diagnostics = new Diagnostics();
  const loaded = loadTools(options, diagnostics);
  const firstReading = describeFiles(loaded.files, loaded, options.nameStyle, diagnostics).flatMap((file) =>
    file.entries.map((entry) => ({ tool: entry.tool, diagnostics: diagnostics.sorted() })),
  );
  const all = withAllLibs(options);
  expect(firstReading).not.toEqual(all.manifest.tools.map((tool) => ({ tool, diagnostics: all.diagnostics })));
  return loaded;
}

/** `--watch` runs of a project on one state, each compared with every lib's reading; `runs` what `pick` read of each. */
export function watchedRuns<T>(options: ResolvedOptions, pick: (analysis: Analysis) => T): { run(): void; runs: T[] } {
  const state: WatchState = { sourceFiles: new SourceFileCache() };
  const runs: T[] = [];
  const run = () => {
    const watched = analyze(options, { state });
    same(watched, withAllLibs(options));
    runs.push(pick(watched));
  };
  return { run, runs };
}

/**
 * `--watch` over two tool files, to see a lib need leave (each run's decision, as `pick` reads it): A's tool takes a
 * `Page` from shared.ts, declared `needing` (reaching a left-out lib there, where the probe sees it and no signature
 * shows it), B's never does. Then shared.ts declares `Page` as `plain` (A needs nothing; B is kept from the run that
 * needed the libs), and B is edited twice (read again, then kept from a run that needed nothing).
 */
export function keptMarkRuns<T>(needing: string, plain: string, pick: (analysis: Analysis) => T): T[] {
  const methodB = (body: string) => `  @tool()\n  add(a: number, b: number): number {\n    ${body}\n  }`;
  const dir = libsProject({
    'src/shared.ts': `export interface Page ${needing}\n`,
    'src/a.ts': service(
      `  @tool()\n  open(page: Page): string {\n    return String(page);\n  }`,
      "import type { Page } from './shared.js';",
    ),
    'src/b.ts': service(methodB('return a + b;')),
  });
  const { run, runs } = watchedRuns(libsOptions(join(dir, 'tsconfig.json')), pick);
  run();
  writeFileSync(join(dir, 'src/shared.ts'), `export interface Page ${plain}\n`);
  run();
  writeFileSync(join(dir, 'src/b.ts'), service(methodB('return b + a;')));
  run();
  writeFileSync(join(dir, 'src/b.ts'), service(methodB('return a + b;')));
  run();
  return runs;
}
