// `gen-tools --watch` as a user runs it: a child process on a copy of a fixture project, edited while it runs.
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

// A hook run as a folder starts being watched, before its watcher exists: the window after a run read a file.
const beforeWatch = vi.hoisted(() => ({ run: (_folder: string): void => {} }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const watch = ((folder: string, ...rest: unknown[]) => {
    beforeWatch.run(folder);
    return (fs.watch as (...args: unknown[]) => unknown)(folder, ...rest);
  }) as typeof fs.watch;
  return { ...fs, default: { ...fs, watch }, watch };
});
import { resolveOptions } from '../src/options.js';
import { watchProject } from '../src/cli/watch.js';
import { repoRoot, tempProject } from './helpers/temp-project.js';
import { childOutput, waitForLine } from './helpers/run-cli.js';
import { budget } from '../../../test/support/time-budget.js';

const cli = join(repoRoot, 'packages/gen/src/cli.ts');
const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

describe('gen-tools --watch', () => {
  const project = tempProject('weather');
  afterAll(() => project.remove());

  it(
    'regenerates on an edit, leaves the output alone on a no-op save, ' + 'survives an error, exits on SIGINT',
    async () => {
      const child = spawn(
        process.execPath,
        ['--conditions=@toolwright/source', '--import', tsx, cli, '--watch', '--no-cache'],
        {
          cwd: project.dir,
          env: { ...process.env, NODE_OPTIONS: '' },
        },
      );
      const { output, closed } = childOutput(child);
      const out = join(project.dir, 'src/tools.generated.ts');
      const source = join(project.dir, 'src/weather-service.ts');
      // Saved the way editors that write atomically save: a whole new file renamed into place. (A save that truncates
      // and then writes can be seen half done when the machine is loaded: the watcher then runs once more, correctly,
      // but prints an extra line, which would make the line counts below depend on the machine's load.)
      const save = (text: string) => {
        writeFileSync(`${source}.saving`, text);
        renameSync(`${source}.saving`, source);
      };
      try {
        expect(await waitForLine(output, 1)).toMatch(/^gen-tools: wrote src\/tools\.generated\.ts \(3 tools\)$/);
        const original = readFileSync(source, 'utf8');

        save(original.replace('Gets the current weather', 'Reads the current weather'));
        expect(await waitForLine(output, 2)).toMatch(/^gen-tools: wrote src\/tools\.generated\.ts \(3 tools\)$/);
        expect(readFileSync(out, 'utf8')).toContain('Reads the current weather');
        const mtime = statSync(out).mtimeMs;

        // The same bytes saved again: no run, no line, the output untouched.
        save(readFileSync(source, 'utf8'));
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(output.stdout.split('\n').filter(Boolean)).toHaveLength(2);
        expect(statSync(out).mtimeMs).toBe(mtime);

        save(`${original}\nexport const broken = (;\n`);
        expect(await waitForLine(output, 3)).toMatch(/^gen-tools: 1 error: nothing written$/);
        expect(output.stderr).toMatch(/src\/weather-service\.ts:\d+:\d+: error TW1002: Expression expected\./);
        expect(readFileSync(out, 'utf8')).toContain('Reads the current weather');

        save(original);
        expect(await waitForLine(output, 4)).toMatch(/^gen-tools: wrote src\/tools\.generated\.ts \(3 tools\)$/);
        expect(readFileSync(out, 'utf8')).toContain('Gets the current weather');
      } finally {
        child.kill('SIGINT');
      }
      expect((await closed).code).toBe(0);
    },
    budget(60_000),
  );

  it('sees an edit made the moment a run reports', async () => {
    // Whoever waits for the line may edit at once: the folders are watched before the line is written.
    const edited = tempProject('weather');
    const source = join(edited.dir, 'src/weather-service.ts');
    const original = readFileSync(source, 'utf8');
    const lines: string[] = [];
    const controller = new AbortController();
    const options = resolveOptions({ project: join(edited.dir, 'tsconfig.json'), cwd: edited.dir, cache: false });
    let nextLine: () => void = () => {};
    const io = {
      cwd: edited.dir,
      err: () => {},
      out: (line: string) => {
        lines.push(line);
        // Saved inside the report of the first run, before the old code started watching.
        if (lines.length === 1) writeFileSync(source, original.replace('Gets the current', 'Reads the current'));
        nextLine();
      },
    };
    const waitFor = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line ${count}: ${lines.join(' | ')}`)), 10_000);
        nextLine = () => {
          if (lines.length >= count) clearTimeout(timer), resolve();
        };
        nextLine();
      });
    const done = watchProject(options, io, controller.signal);
    try {
      await waitFor(2);
      expect(readFileSync(join(edited.dir, 'src/tools.generated.ts'), 'utf8')).toContain('Reads the current weather');
    } finally {
      controller.abort();
      expect(await done).toBe(0);
      edited.remove();
    }
  });

  it('sees an edit made after a run read the file and before its folder was watched', async () => {
    // No event tells of that edit: the run looks at its inputs once when it starts watching a folder.
    const edited = tempProject('weather');
    const source = join(edited.dir, 'src/weather-service.ts');
    const original = readFileSync(source, 'utf8');
    let once = true;
    beforeWatch.run = () => {
      if (once) writeFileSync(source, original.replace('Gets the current', 'Reads the current'));
      once = false;
    };
    const lines: string[] = [];
    const controller = new AbortController();
    const options = resolveOptions({ project: join(edited.dir, 'tsconfig.json'), cwd: edited.dir, cache: false });
    const done = watchProject(
      options,
      { cwd: edited.dir, err: () => {}, out: (line) => lines.push(line) },
      controller.signal,
    );
    try {
      for (let waited = 0; lines.length < 2; waited += 25) {
        if (waited > 10_000) throw new Error(`no line 2: ${lines.join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(readFileSync(join(edited.dir, 'src/tools.generated.ts'), 'utf8')).toContain('Reads the current weather');
    } finally {
      beforeWatch.run = () => {};
      controller.abort();
      expect(await done).toBe(0);
      edited.remove();
    }
  });
});
