// The README's recipe for runtimes without eval, as a user copies it: both blocks are written into a project folder,
// type-checked under NodeNext as they are, then the build script runs and the Toolbox it feeds answers a call.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { manifest } from './toolbox/weather-service.js';
import { budget } from '../../../test/support/time-budget.js';

const packageDir = join(__dirname, '..');
const repoRoot = join(packageDir, '..', '..');
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

function block(name: string): string {
  // The marker, then perhaps the docs test's own directive, then the fence.
  const found = new RegExp(
    `<!-- readme-example: ${name} -->\\n(?:<!-- sample:[^\\n]*-->\\n)?\`\`\`ts\\n([\\s\\S]*?)\\n\`\`\``,
  ).exec(readme);
  expect(found, name).not.toBeNull();
  return `${found![1]!}\n`;
}

// Inside the package, so that `@toolwright/core` (the package's own name), ajv and ajv-formats resolve as they do in
// a project that depends on them.
const dir = mkdtempSync(join(__dirname, '.recipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('README: runtimes without eval', () => {
  it(
    'type-checks under NodeNext as written, builds the validators and binds a Toolbox that compiles nothing',
    () => {
      mkdirSync(join(dir, 'src'));
      const service = relative(join(dir, 'src'), join(__dirname, 'toolbox', 'weather-service.js'))
        .split('\\')
        .join('/');
      writeFileSync(join(dir, 'src/weather-service.ts'), `export { WeatherService } from '${service}';\n`);
      writeFileSync(join(dir, 'src/tools.generated.ts'), `export { manifest } from '${service}';\n`);
      writeFileSync(join(dir, 'tools.json'), JSON.stringify(manifest));
      writeFileSync(join(dir, 'build-validators.ts'), block('eval-free-build'));
      writeFileSync(join(dir, 'src/agent.ts'), block('eval-free-run'));

      const node = (file: string) =>
        execFileSync(process.execPath, ['--conditions=@toolwright/source', '--import', tsx, file], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, NODE_OPTIONS: '' },
        });
      node('build-validators.ts');

      // Type-checked after the build, which writes the declarations of validators.cjs that the run-time block imports.
      const program = ts.createProgram([join(dir, 'build-validators.ts'), join(dir, 'src/agent.ts')], {
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        customConditions: ['@toolwright/source'],
        experimentalDecorators: false,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter((diagnostic) => diagnostic.file === undefined || diagnostic.file.fileName.startsWith(dir))
        .map(
          (diagnostic) =>
            `${diagnostic.file?.fileName.slice(dir.length + 1)}: ` +
            `${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
        );
      expect(problems).toEqual([]);

      // The run-time block, then a call through it with `new Function` taken away.
      writeFileSync(
        join(dir, 'src/agent.ts'),
        `${block('eval-free-run')}globalThis.Function = (() => { throw new Error('code generated at run time'); ` +
          `}) as never;\n` +
          "const reply = await toolbox.call({ name: 'getForecast', args: { city: 'Oslo', days: 2.0 } });\n" +
          "const bad = await toolbox.call({ name: 'getForecast', args: { city: 'Oslo', days: 0.5 } });\n" +
          'console.log(JSON.stringify([reply.functionResponse.response, bad.functionResponse.response]));\n',
      );
      const [reply, bad] = JSON.parse(node('src/agent.ts')) as [unknown, unknown];
      expect(reply).toEqual({ output: { city: 'Oslo', days: 2, unit: 'celsius' } });
      expect(bad).toMatchObject({
        error: { name: 'InvalidArguments', issues: [{ path: '/days', expected: 'integer' }] },
      });
    },
    budget(60_000),
  );
});
