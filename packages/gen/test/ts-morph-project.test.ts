// gen's API reads a ts-morph Project as it is (files not saved included), for code generation that already has one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, UsageError } from '@toolwright/gen';
import { typeCheckModule } from './helpers/module-checks.js';
import { repoRoot, TEST_TSCONFIG } from './helpers/temp-project.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolwright-gen-ts-morph-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TEST_TSCONFIG));
  writeFileSync(
    join(dir, 'src/weather.ts'),
    [
      "import { tool } from '@toolwright/core';",
      'export class Weather {',
      '  /** Gets the weather. @param city A city. */',
      '  @tool()',
      '  now(city: string): string { return city; }',
      '}',
    ].join('\n'),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The project as a code generator holds it: read from the tsconfig, plus a file it made and has not saved. */
function projectWithUnsavedFile(): Project {
  const project = new Project({ tsConfigFilePath: join(dir, 'tsconfig.json') });
  project.createSourceFile(
    join(dir, 'src/made.ts'),
    [
      "import { tool } from '@toolwright/core';",
      'export class Made {',
      '  /** Made by a generator. */',
      '  @tool()',
      '  made(count: number, label?: string): string { return `${label}${count}`; }',
      '}',
    ].join('\n'),
  );
  return project;
}

describe('generate({ program }) with a ts-morph Project', () => {
  it("bundles a TypeScript of gen's major and minor version", () => {
    const ours = JSON.parse(readFileSync(join(repoRoot, 'packages/gen/node_modules/typescript/package.json'), 'utf8'));
    expect(ts.versionMajorMinor).toBe((ours.version as string).split('.').slice(0, 2).join('.'));
  });

  it('reads every file of the Project, unsaved ones too, and writes a module that type-checks', async () => {
    const result = await generate({ program: projectWithUnsavedFile(), cwd: dir, out: 'src/tools.generated.ts' });
    expect(result.diagnostics).toEqual([]);
    expect(result.cached).toBe(false);
    expect(result.manifest.tools.map((tool) => `${tool.file} ${tool.class}.${tool.method}`)).toEqual([
      'src/made.ts Made.made',
      'src/weather.ts Weather.now',
    ]);
    expect(result.manifest.tools[0]!.parameters).toMatchObject({
      properties: { count: { type: 'number' }, label: { type: 'string' } },
      required: ['count'],
    });
    // The module imports made.ts, which exists only in the Project: save it, as the generator would, to compile.
    writeFileSync(join(dir, 'src/made.ts'), projectWithUnsavedFile().getSourceFileOrThrow('made.ts').getFullText());
    expect(typeCheckModule(join(dir, 'tsconfig.json'), join(dir, 'src/tools.generated.ts'))).toEqual([]);
    rmSync(join(dir, 'src/made.ts'));
  });

  it('looks only in the files given, as ts-morph SourceFiles or paths', async () => {
    const project = projectWithUnsavedFile();
    const made = project.getSourceFileOrThrow('made.ts');
    const one = await generate({ program: project, files: [made], cwd: dir, out: false, check: true });
    expect(one.manifest.tools.map((tool) => tool.name)).toEqual(['made']);
    const byPath = await generate({ program: project, files: ['src/weather.ts'], cwd: dir, out: false, check: true });
    expect(byPath.manifest.tools.map((tool) => tool.name)).toEqual(['now']);
    // The compiler's own Program works the same.
    const compiler = await generate({ program: project.getProgram().compilerObject, cwd: dir, out: false });
    expect(compiler.manifest.tools.map((tool) => tool.name)).toEqual(['made', 'now']);
  });

  it('refuses a file outside the program, files without a program, and a program of another TypeScript', async () => {
    const project = projectWithUnsavedFile();
    await expect(generate({ program: project, files: ['src/none.ts'], cwd: dir, out: false })).rejects.toThrow(
      new UsageError(`files: ${join(dir, 'src/none.ts')} is not a file of the program`),
    );
    await expect(generate({ files: ['src/weather.ts'], cwd: dir, out: false })).rejects.toThrow(UsageError);
    // A program whose nodes number their kinds otherwise (another minor version of TypeScript) is refused, not misread.
    const compiler = project.getProgram().compilerObject;
    const shifted = new Proxy(compiler, {
      get: (target, key) =>
        key === 'getSourceFiles' ? () => [{ ...target.getSourceFiles()[0]!, kind: 1 }] : Reflect.get(target, key),
    });
    await expect(generate({ program: shifted, cwd: dir, out: false })).rejects.toThrow(
      /program: it was built by a TypeScript other than gen's \d+\.\d+/,
    );
  });
});
