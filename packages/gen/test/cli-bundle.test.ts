// The built gen-tools bin (bin/gen-tools.mjs, as npm links it) runs the CLI from its bundle, dist/esm/cli.bundle.cjs
// (scripts/build.mjs), through gen's code cache on every Node (CI runs it on 20, 22 and 24): written at the first run's exit, accepted by V8 after (so
// not written again), never written with NODE_DISABLE_COMPILE_CACHE=1. From the bundle, shard workers start from the
// build beside it, the incremental cache and --watch work, and an internal error's stack names gen's sources.
// It runs the build as a user does, so it needs one (`node scripts/bootstrap.mjs`, which rebuilds a stale one).
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipUnless } from '../../../test/support/skip-unless.js';
import { internalErrorText, mapBundleFrames } from '../src/cli/internal-error.js';
import { generate } from '../src/generate.js';
import type { CliIo, main as Main } from '../src/cli/main.js';
import { childOutput, type CliRun, waitForLine } from './helpers/run-cli.js';
import { fixturesDir, repoRoot, tempProject, writeProjectFile } from './helpers/temp-project.js';

const bin = join(repoRoot, 'packages/gen/bin/gen-tools.mjs');
const bundle = join(repoRoot, 'packages/gen/dist/esm/cli.bundle.cjs');
// The fixture's expected outputs are written by this command line (the header of each names it).
const OUT = ['--out', 'expected.generated.ts', '--json', 'expected.json'];

function genToolsBuilt(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '', NODE_DISABLE_COMPILE_CACHE: '', ...env },
  });
  return childOutput(child).closed;
}

describe(
  'the built gen-tools bin',
  skipUnless(existsSync(bundle), 'needs the build: node scripts/bootstrap.mjs'),
  () => {
    let project: ReturnType<typeof tempProject>;
    const caches = mkdtempSync(join(tmpdir(), 'toolwright-gen-cli-bundle-'));
    beforeAll(() => {
      project = tempProject('weather');
    });
    afterAll(() => {
      project.remove();
      rmSync(caches, { recursive: true, force: true });
    });
    const expected = (file: string) => readFileSync(join(fixturesDir, 'weather', file), 'utf8');

    it('runs from the bundle, its code cached at the first exit and accepted after', async () => {
      const root = join(caches, 'first-and-second');
      const folder = join(root, 'toolwright-gen');
      const first = await genToolsBuilt(project.dir, [...OUT, '--no-cache'], { NODE_COMPILE_CACHE: root });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      for (const file of ['expected.generated.ts', 'expected.json'])
        expect(readFileSync(join(project.dir, file), 'utf8')).toBe(expected(file));
      // The bundle's own file (named by the bundle and a digest of its folder) beside TypeScript's.
      const cached = readdirSync(folder).filter((name) => name.startsWith('cli.bundle.cjs-'));
      expect(cached).toHaveLength(1);
      const cacheFile = join(folder, cached[0]!);
      const size = statSync(bundle).size;
      expect(cached[0]).toMatch(
        new RegExp(`^cli\\.bundle\\.cjs-[0-9a-f]{16}-${process.version}-\\w+-${size}-\\d+\\.v8$`),
      );
      const compiler = readdirSync(folder).filter((name) => name.startsWith(`typescript-${process.version}-`));
      expect(compiler).toHaveLength(1);
      const compilerFile = join(folder, compiler[0]!);
      const written = statSync(cacheFile).mtimeMs;
      const compilerWritten = statSync(compilerFile).mtimeMs;
      const second = await genToolsBuilt(project.dir, [...OUT, '--no-cache'], { NODE_COMPILE_CACHE: root });
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('gen-tools: up to date');
      // Both accepted by V8: a refused or missing cache would have been written again at exit.
      expect(statSync(cacheFile).mtimeMs).toBe(written);
      expect(statSync(compilerFile).mtimeMs).toBe(compilerWritten);
    });

    it('writes no cache with NODE_DISABLE_COMPILE_CACHE=1, checks with --check, and says its version', async () => {
      const root = join(caches, 'disabled');
      const env = { NODE_COMPILE_CACHE: root, NODE_DISABLE_COMPILE_CACHE: '1' };
      const run = await genToolsBuilt(project.dir, ['--out', 'disabled.generated.ts', '--no-cache'], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const check = await genToolsBuilt(project.dir, ['--out', 'disabled.generated.ts', '--no-cache', '--check'], env);
      expect(check.code, check.stderr).toBe(0);
      expect(check.stdout).toBe('gen-tools: up to date (3 tools)\n');
      expect(existsSync(root)).toBe(false);
      const version = await genToolsBuilt(project.dir, ['--version'], { NODE_COMPILE_CACHE: root });
      const pkg = JSON.parse(readFileSync(join(repoRoot, 'packages/gen/package.json'), 'utf8')) as { version: string };
      expect(version.stdout.trim()).toBe(pkg.version);
    });

    it('reads on two threads from the bundle: the worker starts from the build beside it', async () => {
      const second = `import { tool } from '@toolwright/core';
export class SecondService {
  /** Says the text back. */
  @tool()
  echoText(text: string): string {
    return text;
  }
}
`;
      writeProjectFile(project.dir, 'src/second-service.ts', second);
      const run = await genToolsBuilt(project.dir, ['--out', 'two.generated.ts', '--threads', '2', '--no-cache'], {
        TOOLWRIGHT_GEN_SHARD_BYTES: '0',
        TOOLWRIGHT_GEN_TIMING: '1',
        NODE_COMPILE_CACHE: join(caches, 'threads'),
      });
      rmSync(join(project.dir, 'src/second-service.ts'));
      expect(run.stderr).toContain('gen-tools: shard 2 worker started');
      expect(run.code, run.stderr).toBe(0);
      const written = readFileSync(join(project.dir, 'two.generated.ts'), 'utf8');
      expect(written).toContain('echoText');
      expect(written).toContain('getCurrentWeather');
    });

    it('keeps its cache: the second run is served without reading the project', async () => {
      const env = { TOOLWRIGHT_GEN_TIMING: '1', NODE_COMPILE_CACHE: join(caches, 'incremental') };
      // A cache folder of its own: no other test's run can have filled it.
      const args = ['--out', 'cached.generated.ts', '--cache-dir', join(caches, 'incremental-cache')];
      const first = await genToolsBuilt(project.dir, args, env);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toMatch(/^gen-tools: program \d+ ms\b/m);
      expect(first.stderr).toMatch(/^gen-tools: cache write \d+ ms$/m);
      const second = await genToolsBuilt(project.dir, args, env);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).not.toMatch(/^gen-tools: program /m);
      expect(second.stdout).toContain('gen-tools: up to date');
    });

    it('--validators: writes what generate() from the sources writes (ajv and the validator builder required)', async () => {
      const outputs = ['v/tools.generated.ts', 'v/validators.ts'];
      const run = await genToolsBuilt(project.dir, ['--out', outputs[0]!, '--validators', outputs[1]!, '--no-cache'], {
        NODE_COMPILE_CACHE: join(caches, 'validators'),
      });
      expect(run.code, run.stderr).toBe(0);
      const read = () => outputs.map((file) => readFileSync(join(project.dir, file), 'utf8'));
      const fromBin = read();
      expect(fromBin[0]).toContain("from './validators.js'");
      await generate({ cwd: project.dir, out: outputs[0]!, validators: outputs[1]!, cache: false });
      expect(fromBin).toEqual(read());
    });

    it('--watch: writes, writes again after an edit, and exits 0 on SIGINT', async () => {
      const child = spawn(process.execPath, [bin, '--watch', '--no-cache', '--out', 'watched.generated.ts'], {
        cwd: project.dir,
        env: { ...process.env, NODE_OPTIONS: '', NODE_COMPILE_CACHE: join(caches, 'watch') },
      });
      const { output, closed } = childOutput(child);
      const source = join(project.dir, 'src/weather-service.ts');
      const original = readFileSync(source, 'utf8');
      try {
        expect(await waitForLine(output, 1)).toBe('gen-tools: wrote watched.generated.ts (3 tools)');
        // Saved as an editor that writes atomically does (see watch.test.ts).
        writeFileSync(`${source}.saving`, original.replace('Gets the current weather', 'Reads the current weather'));
        renameSync(`${source}.saving`, source);
        expect(await waitForLine(output, 2)).toBe('gen-tools: wrote watched.generated.ts (3 tools)');
        expect(readFileSync(join(project.dir, 'watched.generated.ts'), 'utf8')).toContain('Reads the current weather');
      } finally {
        child.kill('SIGINT');
        writeFileSync(source, original);
      }
      expect((await closed).code).toBe(0);
      expect(output.stderr).toBe('');
    });

    it("takes TypeScript's module object as it is: no interop copy of its ~2,000 exports", () => {
      // scripts/build.mjs resolves '#typescript' to a default export of the require itself (9 ms of every run).
      const text = readFileSync(bundle, 'utf8');
      expect(text).toMatch(/= require_typescript_cjs\(\);/);
      expect(text).not.toMatch(/__toESM\(require_typescript_cjs\(\)/);
    });

    it("names the sources in an internal error's stack, from the bundle's source map", async () => {
      const { main } = createRequire(import.meta.url)(bundle) as { main: typeof Main };
      const io: CliIo = {
        out: () => {
          throw new Error('stdout is gone');
        },
        err: () => {},
        cwd: project.dir,
      };
      const error = await main(['node', 'gen-tools', '--help'], io).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect((error as Error).stack).toMatch(/at main \(.*cli\.bundle\.cjs:\d+:\d+\)/);
      const text = internalErrorText(error);
      expect(text).not.toContain('cli.bundle.cjs');
      const [, file, line, column] = /at main \((.+):(\d+):(\d+)\)/.exec(text)!;
      expect(file).toBe(join(repoRoot, 'packages/gen/src/cli/main.ts'));
      expect(readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]).toContain('io.out(USAGE)');
      // The same place in a copy of the bundle's map in a folder with a space, in a frame with a name and one without.
      const [, place] = /at main \(.*cli\.bundle\.cjs:(\d+:\d+)\)/.exec((error as Error).stack!)!;
      const folder = join(caches, 'a folder', 'dist', 'esm');
      mkdirSync(folder, { recursive: true });
      copyFileSync(`${bundle}.map`, join(folder, 'cli.bundle.cjs.map'));
      const copied = join(folder, 'cli.bundle.cjs');
      const stack = `Error: x\n    at main (${copied}:${place})\n    at async ${copied}:${place}\n    at elsewhere (${copied}.js:1:1)`;
      const mapped = join(caches, 'a folder', 'src/cli/main.ts');
      expect(mapBundleFrames(stack)).toBe(
        `Error: x\n    at main (${mapped}:${line}:${column})\n    at async ${mapped}:${line}:${column}\n    at elsewhere (${copied}.js:1:1)`,
      );
    });
  },
);
