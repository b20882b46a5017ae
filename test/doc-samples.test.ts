// Every TypeScript sample in the READMEs and docs/ compiles, in one TypeScript program, as a user's ES module would
// (strict, NodeNext, the packages by name); samples marked to run also run, offline. A sample is a fenced block with
// the info string `ts` or `typescript`; an HTML comment right before the fence says what else to do with it:
//   <!-- sample: run -->                      also run it (node + tsx); it must exit 0 within 60 s
//   <!-- sample: vitest -->                   a test file: also run it with vitest; its tests must pass
//   <!-- sample: fragment                     a fragment: the lines after "fragment" are declarations put before it
//   declare const toolbox: Toolbox; -->       (imports go there too), so that it type-checks
//   <!-- sample: skip (why) -->               not compiled: say why (an excerpt with "...", a listing of a type)
// A sample whose first line is `// name.ts` or `// src/name.ts` is the file of that name: the other samples of the
// same Markdown file import it as './name.js'. When samples import './tools.generated.js' and none is that file,
// gen-tools' generate() writes it from the samples, as a user's build would.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '@toolwright/gen';
import { codeBlocks, markdownFiles, root, type CodeBlock } from './helpers/markdown.js';
import { budget } from './support/time-budget.js';

const run = promisify(execFile);
// Samples are written beside their page (<page folder>/.samples/<page>/), so that a package's README resolves
// what that package depends on, and the package itself by its name.
const folderOf = (file: string) => join(root, dirname(file), '.samples', basename(file, '.md'));

interface Sample extends CodeBlock {
  kind: 'module' | 'fragment' | 'skip';
  runs: 'node' | 'vitest' | undefined;
  /** Where the sample is written. */
  path: string;
  /** Lines put before the sample's code (a fragment's declarations). */
  prelude: string[];
}

const defaultName = (index: number, head: string) =>
  `sample-${index + 1}${head.startsWith('vitest') ? '.test' : ''}.ts`;

function samplesOf(file: string): Sample[] {
  const folder = folderOf(file);
  return codeBlocks(file)
    .filter((block) => block.lang === 'ts' || block.lang === 'typescript')
    .map((block, index) => {
      const directive = block.directive ?? '';
      const [head = '', ...rest] = directive.split('\n');
      const kind = head.startsWith('skip') ? 'skip' : head.startsWith('fragment') ? 'fragment' : 'module';
      const named = /^\/\/\s*((?:[\w-]+\/)*[\w.-]+\.ts)\s*$/.exec(block.code.split('\n')[0] ?? '');
      const prelude = kind === 'fragment' ? [head.slice('fragment'.length).trim(), ...rest].filter(Boolean) : [];
      return {
        ...block,
        kind,
        runs: head.startsWith('run') ? 'node' : head.startsWith('vitest') ? 'vitest' : undefined,
        path: join(folder, named ? basename(named[1]!) : defaultName(index, head)),
        prelude,
      };
    });
}

const samples = markdownFiles().flatMap(samplesOf);
const compiled = samples.filter((sample) => sample.kind !== 'skip');
const where = (sample: Sample) => `${sample.file}:${sample.line}`;

let diagnostics: Map<Sample, string[]>;

describe('code samples in the Markdown files', () => {
  beforeAll(async () => {
    for (const file of new Set(samples.map((sample) => sample.file))) {
      rmSync(folderOf(file), { recursive: true, force: true });
    }
    for (const sample of compiled) {
      mkdirSync(dirname(sample.path), { recursive: true });
      // `export {}` makes every sample a module (top-level await, no globals shared between samples).
      writeFileSync(sample.path, [...sample.prelude, sample.code, 'export {};', ''].join('\n'));
    }
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.esnext.decorators.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ['@toolwright/source'],
      types: ['node'],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      allowImportingTsExtensions: false,
      resolveJsonModule: true,
    };
    // The manifests the samples import, made by gen from the samples of the same file.
    const folders = [...new Set(compiled.map((sample) => dirname(sample.path)))];
    for (const folder of folders) {
      const own = compiled.filter((sample) => dirname(sample.path) === folder);
      const needs = own.some((sample) => sample.code.includes("'./tools.generated.js'"));
      if (!needs || own.some((sample) => basename(sample.path) === 'tools.generated.ts')) continue;
      writeFileSync(
        join(folder, 'tsconfig.json'),
        JSON.stringify({ extends: relative(folder, join(root, 'tsconfig.base.json')), include: ['*.ts'] }),
      );
      const result = await generate({
        project: join(folder, 'tsconfig.json'),
        out: join(folder, 'tools.generated.ts'),
        cwd: folder,
      });
      const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      if (errors.length)
        throw new Error(`gen-tools on the samples of ${relative(root, folder)}: ${JSON.stringify(errors)}`);
    }
    const program = ts.createProgram(
      compiled.map((sample) => sample.path),
      options,
    );
    diagnostics = new Map(compiled.map((sample) => [sample, [] as string[]]));
    const byPath = new Map(compiled.map((sample) => [sample.path, sample]));
    // Semantic errors are asked of the samples and of what gen wrote beside them, not of the packages' sources they
    // import: a user's tsc reads those as declaration files (skipLibCheck), and `tsc -p tsconfig.json` checks the
    // sources. Asking the whole program checked every package again, most of this file's time.
    const samplesFolders = new Set(folders);
    const found = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSyntacticDiagnostics(),
      ...program
        .getSourceFiles()
        .filter((file) => samplesFolders.has(dirname(file.fileName)))
        .flatMap((file) => program.getSemanticDiagnostics(file)),
    ];
    for (const diagnostic of found) {
      const sample = diagnostic.file && byPath.get(diagnostic.file.fileName);
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!sample) {
        // An error outside the samples (a generated manifest, a package): charge it to every sample.
        for (const list of diagnostics.values()) list.push(`${diagnostic.file?.fileName ?? ''}: ${message}`);
        continue;
      }
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      diagnostics.get(sample)!.push(`${sample.file}:${sample.line + line - sample.prelude.length}: ${message}`);
    }
  }, budget(300_000));

  it('finds the samples of the READMEs and docs', () => {
    expect(compiled.length).toBeGreaterThan(10);
    expect(new Set(compiled.map((sample) => sample.file))).toContain('README.md');
  });

  it.each(samples.filter((sample) => sample.kind === 'skip').map((sample) => [where(sample), sample] as const))(
    '%s is skipped with a reason',
    (_, sample) => {
      expect(sample.directive!.replace(/^skip/, '').trim()).not.toBe('');
    },
  );

  it.each(compiled.map((sample) => [where(sample), sample] as const))('%s compiles', (_, sample) => {
    expect(diagnostics.get(sample)).toEqual([]);
  });

  it.each(compiled.filter((sample) => sample.runs).map((sample) => [where(sample), sample] as const))(
    '%s runs',
    async (_, sample) => {
      const folder = dirname(sample.path);
      const options = { cwd: folder, timeout: budget(60_000), env: { ...process.env, GEMINI_API_KEY: '' } };
      if (sample.runs === 'node') {
        await run(process.execPath, ['--conditions=@toolwright/source', '--import', 'tsx', sample.path], options);
        return;
      }
      // A vitest sample runs alone, with the packages' sources as in the workspace's own tests.
      const config = join(folder, `${basename(sample.path, '.ts')}.vitest.config.mjs`);
      const conditions = { resolve: { conditions: ['@toolwright/source'] } };
      const include = [basename(sample.path)];
      const settings = { ...conditions, ssr: conditions, test: { include } };
      writeFileSync(config, `export default ${JSON.stringify(settings)};\n`);
      const vitest = join(root, 'node_modules/vitest/vitest.mjs');
      await run(process.execPath, [vitest, 'run', '--root', folder, '--config', config, '--reporter', 'dot'], options);
    },
    budget(90_000),
  );
});
