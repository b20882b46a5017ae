// The programmatic API: options, results, and what it refuses.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, UsageError, type NameStyle } from '@toolwright/gen';
import { tempProject } from './helpers/temp-project.js';

describe('generate()', () => {
  let project: ReturnType<typeof tempProject>;
  beforeAll(() => {
    project = tempProject('weather');
  });
  afterAll(() => project.remove());

  it('writes only the JSON when out is false, and reports what it wrote', async () => {
    const result = await generate({ cwd: project.dir, out: false, json: 'out/tools.json' });
    expect(result.diagnostics).toEqual([]);
    expect(result.written).toEqual([join(project.dir, 'out/tools.json')]);
    expect(result.outputs.map((output) => output.file)).toEqual([join(project.dir, 'out/tools.json')]);
    expect(existsSync(join(project.dir, 'src/tools.generated.ts'))).toBe(false);
    expect(JSON.parse(readFileSync(join(project.dir, 'out/tools.json'), 'utf8'))).toEqual(result.manifest);
    const again = await generate({ cwd: project.dir, out: false, json: 'out/tools.json' });
    expect(again.written).toEqual([]);
  });

  it('check mode writes nothing and says what is stale', async () => {
    writeFileSync(join(project.dir, 'tools.json'), '{ "version": 1, "tools": [ { "name": "gone" } ] }\n');
    const result = await generate({ cwd: project.dir, json: 'tools.json', check: true });
    expect(result.written).toEqual([]);
    expect(result.stale).toEqual([
      {
        file: join(project.dir, 'src/tools.generated.ts'),
        missing: true,
        tools: ['getCurrentWeather', 'listAlerts', 'forecast_v1'].map((name) => ({ name, change: 'added' })),
      },
      {
        file: join(project.dir, 'tools.json'),
        missing: false,
        tools: [
          ...['getCurrentWeather', 'listAlerts', 'forecast_v1'].map((name) => ({ name, change: 'added' })),
          { name: 'gone', change: 'removed' },
        ],
      },
    ]);
    expect(existsSync(join(project.dir, 'src/tools.generated.ts'))).toBe(false);
  });

  it('refuses bad options with UsageError', async () => {
    await expect(generate({ cwd: project.dir, project: 'missing.json' })).rejects.toThrow(UsageError);
    await expect(generate({ cwd: project.dir, nameStyle: 'kebab' as NameStyle })).rejects.toThrow(
      /unknown name style "kebab"/,
    );
    await expect(generate({ cwd: project.dir, out: 'same.json', json: 'same.json' })).rejects.toThrow(/same file/);
  });

  it('holds a project to --max-tools: 3 tools pass a limit of 3 and fail a limit of 2, naming the flag', async () => {
    const within = await generate({ cwd: project.dir, out: false, json: 'out/max.json', maxTools: 3 });
    expect(within.diagnostics).toEqual([]);
    const over = await generate({ cwd: project.dir, out: false, json: 'out/max.json', maxTools: 2 });
    expect(over.written).toEqual([]);
    expect(over.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([
      ['error', 'TW6003', '3 tools, and this is number 3: the limit set with --max-tools is 2'],
    ]);
    await expect(generate({ cwd: project.dir, maxTools: 0 })).rejects.toThrow(
      /--max-tools takes a whole number from 1/,
    );
  });

  it('returns the manifest with diagnostics even when it writes nothing', async () => {
    const bad = join(project.dir, 'src/bad.ts');
    writeFileSync(
      bad,
      "import { tool } from '@toolwright/core';\nexport class Bad {\n  /** x */\n  @tool()\n  go<T>(value: T): " +
        'void {}\n}\n',
    );
    try {
      const result = await generate({ cwd: project.dir });
      expect(result.written).toEqual([]);
      expect(result.outputs).toEqual([]);
      expect(
        result.diagnostics
          .filter((diagnostic) => diagnostic.severity === 'error')
          .map((d) => [d.file, d.line, d.column]),
      ).toEqual([
        [bad, 5, 6],
        [bad, 5, 9],
      ]);
      expect(result.manifest.tools.map((tool) => tool.name)).toEqual([
        'go',
        'getCurrentWeather',
        'listAlerts',
        'forecast_v1',
      ]);
    } finally {
      writeFileSync(bad, '');
    }
  });
});
