// gen-tools as a user runs it, checked by exit code, output and files: the command's main() in this process (what
// the bin runs, with the same argv, folder and output lines), and the bin itself as a child process once for each
// way it exits. In-process, TypeScript loads once for the file instead of once per run (a run was a second or more).
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childOutput, cliScript as cli, genTools, type CliRun as Run } from './helpers/run-cli.js';
import { repoRoot, tempProject } from './helpers/temp-project.js';

const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

/** The bin in a child process, as npm's `gen-tools` link runs it. */
function genToolsBin(cwd: string, ...args: string[]): Promise<Run> {
  const child = spawn(process.execPath, ['--conditions=@toolwright/source', '--import', tsx, cli, ...args], {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return childOutput(child).closed;
}

const OUT = ['--out', 'src/tools.generated.ts', '--json', 'tools.json'];

describe('gen-tools CLI', () => {
  let project: ReturnType<typeof tempProject>;
  beforeAll(() => {
    project = tempProject('weather');
  });
  afterAll(() => project.remove());

  it('prints help and version (exit 0)', async () => {
    const help = await genTools(project.dir, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: gen-tools [options]');
    const version = await genTools(project.dir, '--version');
    expect(version.code).toBe(0);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'packages/gen/package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(pkg.version);
  });

  it('exits 2 with the usage on an unknown flag, a bad value, a missing value or a missing tsconfig', async () => {
    for (const args of [['--wait'], ['--name-style', 'kebab'], ['--out'], ['stray']]) {
      const run = await genTools(project.dir, ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^gen-tools: /);
      expect(run.stderr).toContain('Usage: gen-tools');
    }
    const notTs = await genTools(project.dir, '--out', 'tools.js');
    expect(notTs.code).toBe(2);
    expect(notTs.stderr).toContain('give it a .ts, .mts or .cts name (not tools.js)');
    const missing = await genTools(project.dir, '--project', 'nope/tsconfig.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot find the tsconfig nope/tsconfig.json (no ');
    expect(missing.stderr).toContain("run gen-tools in the project's folder, or name its tsconfig with --project");
    expect(existsSync(join(project.dir, 'src/tools.generated.ts'))).toBe(false);
  });

  it('never overwrites a file it did not write, nor a folder: exit 2, nothing written, no stack trace', async () => {
    const source = join(project.dir, 'src/weather-service.ts');
    const before = readFileSync(source, 'utf8');
    const cases: Array<[string[], RegExp]> = [
      [['--out', 'src/weather-service.ts'], /--out src\/weather-service.ts is a file gen-tools did not write/],
      [['--json', 'src/weather-service.ts'], /--json src\/weather-service.ts is a file gen-tools did not write/],
      [['--json', 'tsconfig.json'], /--json tsconfig.json is a file gen-tools did not write/],
      [['--json', 'src'], /--json src is a folder: give the file to write \(e.g. src\/tools.json\)/],
      [['--out', 'src'], /--out writes a TypeScript module/],
      [['--out', 'nested.ts', '--json', '.'], /--json \. is a folder/],
    ];
    for (const [args, message] of cases) {
      const run = await genTools(project.dir, ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readFileSync(source, 'utf8')).toBe(before);
    expect(existsSync(join(project.dir, 'src/tools.generated.ts'))).toBe(false);
    expect(existsSync(join(project.dir, 'nested.ts'))).toBe(false);
    // A path through a file cannot be written: said in a line, exit 1.
    const through = await genTools(project.dir, '--out', 'src/weather-service.ts/tools.generated.ts');
    expect(through.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(through.code).toBe(1);
    expect(through.stderr).toMatch(/^gen-tools: E[A-Z]+: .*weather-service\.ts.*: nothing was replaced$/m);
  });

  it('overwrites a JSON manifest of its own that a formatter rewrote (read whole only then)', async () => {
    const json = join(project.dir, 'tools.json');
    // Longer than the first bytes read: only the whole text tells it is a manifest.
    writeFileSync(json, JSON.stringify({ version: 1, hash: 'old', tools: [], note: 'x'.repeat(1000) }));
    const run = await genTools(project.dir, '--json', 'tools.json', '--out', 'reformatted.generated.ts');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(json, 'utf8')).toMatch(/^\{\n {2}"version": 1,\n {2}"hash": "/);
    rmSync(json);
    rmSync(join(project.dir, 'reformatted.generated.ts'));
  });

  it('writes the TS module and the JSON (exit 0), then finds them up to date without touching them', async () => {
    const first = await genTools(project.dir, ...OUT);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe('gen-tools: wrote src/tools.generated.ts, tools.json (3 tools)');
    const module = readFileSync(join(project.dir, 'src/tools.generated.ts'), 'utf8');
    expect(module).toContain("import { WeatherService } from './weather-service.js';");
    expect(module).toContain('//   gen-tools --project tsconfig.json --out src/tools.generated.ts --json tools.json\n');
    const json = JSON.parse(readFileSync(join(project.dir, 'tools.json'), 'utf8')) as { tools: { name: string }[] };
    expect(json.tools.map((tool) => tool.name)).toEqual(['getCurrentWeather', 'listAlerts', 'forecast_v1']);

    const modified = statSync(join(project.dir, 'tools.json')).mtimeMs;
    const again = await genTools(project.dir, ...OUT);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe('gen-tools: up to date (3 tools)');
    expect(statSync(join(project.dir, 'tools.json')).mtimeMs).toBe(modified);

    const check = await genTools(project.dir, ...OUT, '--check');
    expect(check.code).toBe(0);
    expect(check.stdout.trim()).toBe('gen-tools: up to date (3 tools)');
  });

  it('--check exits 1 and names the stale tools when the sources changed, writing nothing', async () => {
    const service = join(project.dir, 'src/weather-service.ts');
    const original = readFileSync(service, 'utf8');
    const before = readFileSync(join(project.dir, 'tools.json'), 'utf8');
    try {
      const edited = original
        .replace('Gets the current weather for a city.', 'Gets the weather for a city right now.')
        .replace("@tool({ name: 'forecast_v1' })", '')
        .replace(
          '  /** Not a tool: no decorator. */',
          '  /** Says hello. */\n  @tool()\n  hello(): string {\n    return "hi";\n  }\n',
        );
      writeFileSync(service, edited);
      const run = await genTools(project.dir, ...OUT, '--check');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('gen-tools: src/tools.generated.ts is out of date');
      expect(run.stderr).toContain('gen-tools: tools.json is out of date');
      const lines = run.stderr.split('\n');
      expect(lines).toContain('  changed: getCurrentWeather');
      expect(lines).toContain('  added: hello');
      expect(lines).toContain('  removed: forecast_v1');
      expect(lines).not.toContain('  changed: listAlerts');
      expect(readFileSync(join(project.dir, 'tools.json'), 'utf8')).toBe(before);

      const missing = await genTools(project.dir, '--out', 'src/other.generated.ts', '--check');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('gen-tools: src/other.generated.ts is missing');
      expect(existsSync(join(project.dir, 'src/other.generated.ts'))).toBe(false);
    } finally {
      writeFileSync(service, original);
    }
  });

  it('exits 1 on diagnostics, printed as file:line:col relative to cwd, and leaves existing outputs untouched', async () => {
    const module = readFileSync(join(project.dir, 'src/tools.generated.ts'), 'utf8');
    const json = readFileSync(join(project.dir, 'tools.json'), 'utf8');
    const bad = join(project.dir, 'src/bad.ts');
    writeFileSync(
      bad,
      "import { tool } from '@toolwright/core';\n\nexport class Bad {\n  /** Sums. */\n  @tool()\n  " +
        'sum(...values: number[]): number {\n    return values.length;\n  }\n}\n',
    );
    try {
      const run = await genTools(project.dir, ...OUT);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'src/bad.ts:6:7: error TW5003: rest parameter ...values: a tool takes named arguments; use an array parameter instead',
      );
      expect(run.stderr).toContain('gen-tools: 1 error: nothing written');
      expect(run.stdout).toBe('');
      expect(readFileSync(join(project.dir, 'src/tools.generated.ts'), 'utf8')).toBe(module);
      expect(readFileSync(join(project.dir, 'tools.json'), 'utf8')).toBe(json);
      expect(readdirSync(join(project.dir, 'src')).filter((name) => name.endsWith('.tmp'))).toEqual([]);

      // From another folder, paths are relative to that folder.
      const fromSrc = await genTools(
        join(project.dir, 'src'),
        '--project',
        '../tsconfig.json',
        '--out',
        'tools.generated.ts',
      );
      expect(fromSrc.code).toBe(1);
      expect(fromSrc.stderr).toMatch(/^bad\.ts:6:7: error TW5003: rest parameter/m);
    } finally {
      writeFileSync(bad, '');
    }
  });

  it('prints warnings without failing', async () => {
    const service = join(project.dir, 'src/weather-service.ts');
    const original = readFileSync(service, 'utf8');
    try {
      appendFileSync(service, '\nexport class Quiet {\n  @tool()\n  ping(): string {\n    return "pong";\n  }\n}\n');
      const run = await genTools(project.dir, '--out', 'src/tools.generated.ts', '--name-style', 'snake');
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(
        /^src\/weather-service\.ts:\d+:3: warning TW5501: tool Quiet\.ping has no description/m,
      );
      expect(run.stdout.trim()).toBe('gen-tools: wrote src/tools.generated.ts (4 tools)');
      expect(readFileSync(join(project.dir, 'src/tools.generated.ts'), 'utf8')).toContain(
        'name: "get_current_weather",',
      );
    } finally {
      writeFileSync(service, original);
    }
  });

  it('the bin exits with the code main() gives and prints its lines: 0, 1 and 2', async () => {
    const help = await genToolsBin(project.dir, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: gen-tools [options]');
    const usage = await genToolsBin(project.dir, '--wait');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^gen-tools: /);
    const missing = await genToolsBin(project.dir, '--out', 'src/other.generated.ts', '--check');
    expect(missing.stderr).toContain('gen-tools: src/other.generated.ts is missing');
    expect(missing.code).toBe(1);
  });
});
