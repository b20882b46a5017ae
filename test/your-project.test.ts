// docs/your-project.md as a user follows it: its package.json, tsconfig and two source files written into a project,
// gen-tools run, the project compiled by TypeScript 6 and by TypeScript 7 with that tsconfig, and the output run on
// this Node (offline, on FakeGemini). The DTO tsconfig compiles a DTO with class-validator decorators.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '@toolwright/gen';
import { root } from './helpers/markdown.js';
import {
  projectFile,
  projectSources as sources,
  writeProject,
  YOUR_PROJECT_PAGE as PAGE,
} from './helpers/your-project-page.js';

const run = promisify(execFile);
// Inside the repository (and ignored by git), so that the packages resolve as a user's installed ones do.
const dir = join(root, 'docs/.samples/your-project-build');
const fromGen = createRequire(join(root, 'packages/gen/package.json'));
const compilers = {
  'TypeScript 6': createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc'),
  'TypeScript 7': join(fromGen.resolve('typescript7/package.json'), '../bin/tsc'),
};

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeProject(dir, ['package.json', 'tsconfig.json', 'tsconfig.dto.json']);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(PAGE, () => {
  it('its scripts name gen-tools with --check for CI, and its sources are the service and main.ts', () => {
    const scripts = (JSON.parse(projectFile('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['gen:check']).toBe(`${scripts.gen} --check`);
    expect(sources.map(({ path }) => path)).toEqual(['src/weather-service.ts', 'src/main.ts']);
  });

  it('gen-tools, then tsc 6 and tsc 7 with its tsconfig, then node on the output', async () => {
    const generated = await generate({ cwd: dir, project: 'tsconfig.json', out: 'src/tools.generated.ts' });
    expect(generated.diagnostics).toEqual([]);
    for (const [name, tsc] of Object.entries(compilers)) {
      rmSync(join(dir, 'dist'), { recursive: true, force: true });
      const compiled = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir }).catch(
        (failed: { stdout: string }) => ({ stdout: `${name}: ${failed.stdout}` }),
      );
      expect(compiled.stdout, name).toBe('');
      // Decorators compiled to functions: Node runs the output.
      expect(readFileSync(join(dir, 'dist/weather-service.js'), 'utf8'), name).not.toMatch(/^\s*@tool/m);
      const { GEMINI_API_KEY: _, ...env } = process.env;
      const started = await run(process.execPath, ['dist/main.js'], { cwd: dir, env });
      expect(started.stdout, name).toBe('Oslo: {"city":"Oslo","temperature":21}\n');
    }
  }, 180_000);

  it("the DTO tsconfig compiles class-validator's decorators, which standard decorators reject", async () => {
    writeFileSync(
      join(dir, 'src/signup.ts'),
      [
        "import { IsEmail } from 'class-validator';",
        'export class Signup {',
        '  @IsEmail()',
        '  email!: string;',
        '}',
      ].join('\n'),
    );
    const tsc = compilers['TypeScript 6'];
    const standard = await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], { cwd: dir }).catch(
      (failed: { stdout: string }) => failed,
    );
    expect(standard.stdout).toContain('error TS1240');
    const dto = await run(process.execPath, [tsc, '-p', 'tsconfig.dto.json', '--noEmit'], { cwd: dir });
    expect(dto.stdout).toBe('');
    rmSync(join(dir, 'src/signup.ts'));
  }, 120_000);
});
