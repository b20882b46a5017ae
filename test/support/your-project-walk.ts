// docs/your-project.md followed as written, from the packed packages that test/packaging.test.ts installs: its
// package.json scripts run with npm (gen-tools and TypeScript 7 from node_modules/.bin), its tsconfig, its sources;
// then a manifest made stale each way a user does it, a DTO with class-validator, and tsc --init's tsconfig changed
// as the page says. The page's files in the workspace on Node 20: test/your-project.test.ts; this, from the
// tarballs, on the Node releases users start on now.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeProject } from '../helpers/your-project-page.js';
import { skipUnless } from './skip-unless.js';
import { budget } from './time-budget.js';

const run = promisify(execFile);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The walkthrough's tests, in a project made beside the others in `consumer()` (npm installed the packages there). */
export function describeYourProjectWalk(consumerDir: () => string): void {
  describe('docs/your-project.md, followed with npm from the tarballs', {
    ...skipUnless(
      nodeMajor >= 22,
      'runs on Node 22 and 24 (CI: scripts/test-on-node.mjs); Node 20 runs the page in the workspace',
    ),
    timeout: budget(60_000),
  }, () => {
    let project: string;
    let consumer: string;
    const { GEMINI_API_KEY: _gemini, GOOGLE_API_KEY: _google, ...offline } = process.env;
    // The page's scripts through npm once; the rest runs the same commands directly (each npm run costs a second).
    const npmRun = (script: string) => run('npm', ['run', '--silent', script], { cwd: project, env: offline });
    const gen = (...flags: string[]) =>
      run(
        join(consumer, 'node_modules/.bin/gen-tools'),
        ['--project', 'tsconfig.json', '--out', 'src/tools.generated.ts', ...flags],
        {
          cwd: project,
        },
      );
    const node = (file: string) => run(process.execPath, [file], { cwd: project, env: offline });
    const tsc = () =>
      run(process.execPath, [join(consumer, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
        cwd: project,
      });
    /** The output of a command that must fail. */
    const failure = (started: Promise<unknown>) =>
      started.then(
        () => {
          throw new Error('it succeeded');
        },
        (failed: { stdout: string; stderr: string }) => `${failed.stdout}${failed.stderr}`,
      );
    const edit = (file: string, from: string, to: string) => {
      const path = join(project, file);
      const text = readFileSync(path, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer holds ${from}`);
      writeFileSync(path, text.replace(from, to));
    };

    beforeAll(() => {
      consumer = consumerDir();
      project = join(consumer, 'your-project');
      mkdirSync(project);
      writeProject(project, ['package.json', 'tsconfig.json']);
    });

    it('npm run build, npm start (on FakeGemini, no key), npm run gen:check', async () => {
      expect(realpathSync(join(consumer, 'node_modules/.bin/tsc'))).toBe(
        join(realpathSync(consumer), 'node_modules/typescript/bin/tsc'),
      );
      await npmRun('build');
      expect((await npmRun('start')).stdout).toBe('Oslo: {"city":"Oslo","temperature":21}\n');
      await npmRun('gen:check');
    });

    it('a parameter inserted without npm run gen: tsc fails at the tool, gen:check names it', async () => {
      const signature = "current(city: string, unit: 'celsius' | 'fahrenheit' = 'celsius')";
      edit('src/weather-service.ts', signature, signature.replace('city: string, ', 'city: string, country: string, '));
      expect(await failure(tsc())).toContain(
        "error TS2344: Type '\"WeatherService.current: the method's parameters no longer fit the manifest: run gen-tools\"'",
      );
      expect(await failure(gen('--check'))).toContain('changed: current');
      edit('src/weather-service.ts', 'city: string, country: string, ', 'city: string, ');
    });

    it('same-typed parameters swapped without npm run gen: tsc passes, the Toolbox refuses to bind', async () => {
      writeFileSync(
        join(project, 'src/names-service.ts'),
        [
          "import { tool } from '@toolwright/core';",
          'export class NamesService {',
          '  /** Greets a person. */',
          '  @tool()',
          '  greet(first: string, last: string): string {',
          '    return `Hello ${first} ${last}`;',
          '  }',
          '}',
        ].join('\n'),
      );
      writeFileSync(
        join(project, 'src/bind.ts'),
        [
          "import { Toolbox } from '@toolwright/core';",
          "import { NamesService } from './names-service.js';",
          "import { manifest } from './tools.generated.js';",
          'const toolbox = new Toolbox([new NamesService()], manifest);',
          "const { functionResponse } = await toolbox.call({ name: 'greet', args: { first: 'Ada', last: 'Lovelace' } });",
          'console.log(JSON.stringify(functionResponse.response));',
        ].join('\n'),
      );
      await gen();
      await tsc();
      const bind = () => node('dist/bind.js');
      expect((await bind()).stdout).toBe('{"output":"Hello Ada Lovelace"}\n');
      edit('src/names-service.ts', 'greet(first: string, last: string)', 'greet(last: string, first: string)');
      await tsc();
      expect(await failure(bind())).toContain(
        'NamesService.greet takes (last, first), but the manifest lists (first, last)',
      );
      for (const file of ['src/names-service.ts', 'src/bind.ts']) rmSync(join(project, file));
    });

    it('a DTO with class-validator: gen-tools warns under standard decorators; with experimentalDecorators it runs', async () => {
      // The page's reflect-metadata section: the import first in the file that declares the DTO classes.
      writeFileSync(
        join(project, 'src/signup.ts'),
        [
          "import 'reflect-metadata';",
          "import { Type } from 'class-transformer';",
          "import { IsEmail, ValidateNested } from 'class-validator';",
          "import { tool } from '@toolwright/core';",
          'export class Address {',
          '  city!: string;',
          '}',
          'export class Signup {',
          '  @IsEmail()',
          '  email!: string;',
          '  @ValidateNested()',
          '  @Type(() => Address)',
          '  address!: Address;',
          '}',
          'export class SignupService {',
          '  /** Signs a user up. */',
          '  @tool()',
          '  signUp(signup: Signup): string {',
          '    return `${signup.email} ${signup.address instanceof Address}`;',
          '  }',
          '}',
        ].join('\n'),
      );
      writeFileSync(
        join(project, 'src/dto.ts'),
        [
          "import { Toolbox } from '@toolwright/core';",
          "import { SignupService } from './signup.js';",
          "import { manifest } from './tools.generated.js';",
          'const toolbox = new Toolbox([new SignupService()], manifest);',
          "for (const email of ['nope', 'ada@example.com']) {",
          "  const args = { signup: { email, address: { city: 'Oslo' } } };",
          "  console.log(JSON.stringify((await toolbox.call({ name: 'signUp', args })).functionResponse.response));",
          '}',
        ].join('\n'),
      );
      expect((await gen()).stderr).toContain('warning TW6505: DTO class Signup carries class-validator decorators');
      const tsconfig = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8'));
      tsconfig.compilerOptions.experimentalDecorators = true;
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
      expect((await gen()).stderr).toBe('');
      await tsc();
      const [refused, welcomed] = (await node('dist/dto.js')).stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(refused.error.name).toBe('InvalidArguments');
      expect(refused.error.message).toContain('/signup/email');
      expect(welcomed).toEqual({ output: 'ada@example.com true' });
      for (const file of ['src/signup.ts', 'src/dto.ts']) rmSync(join(project, file));
    });

    it("tsc --init's tsconfig, changed as the page says: gen-tools, tsc and node dist/main.js", async () => {
      rmSync(join(project, 'tsconfig.json'));
      rmSync(join(project, 'dist'), { recursive: true, force: true });
      await run(process.execPath, [join(consumer, 'node_modules/typescript/bin/tsc'), '--init'], { cwd: project });
      edit('tsconfig.json', '"target": "esnext"', '"target": "es2022"');
      edit('tsconfig.json', '"types": [],', '');
      edit('tsconfig.json', '// "types": ["node"]', '"types": ["node"]');
      edit('tsconfig.json', '// "rootDir": "./src"', '"rootDir": "./src"');
      edit('tsconfig.json', '// "outDir": "./dist"', '"outDir": "./dist"');
      await gen();
      await tsc();
      expect((await node('dist/main.js')).stdout).toBe('Oslo: {"city":"Oslo","temperature":21}\n');
    });
  });
}
