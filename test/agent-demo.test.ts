// `pnpm demo` as a user runs it without an API key: it must say it is offline, run gen-tools, show the declarations,
// each call with its arguments, each result, and the streamed answer.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { budget } from './support/time-budget.js';

const root = join(__dirname, '..');

describe('the demo', () => {
  it(
    'runs offline on FakeGemini and says so',
    async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
      delete env.GEMINI_API_KEY;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=@toolwright/source', '--import', 'tsx', 'scripts/demo.ts'],
        { cwd: root, env, timeout: budget(120_000) },
      );
      const lines = stdout.split('\n');
      expect(lines[0]).toMatch(/offline.*GEMINI_API_KEY is not set.*FakeGemini/);
      expect(stdout).toMatch(/3 tools \(getCurrentWeather, getForecast, listAlerts\)/);
      expect(stdout).toContain('"name": "getCurrentWeather"');
      expect(stdout).toContain('→ getCurrentWeather({"location":"Boston, MA"})');
      expect(stdout).toContain('← getCurrentWeather: {"location":"Paris, France","temperature":19');
      expect(stdout).toContain('Paris is warmer right now.');
      expect(stdout).toMatch(/\[stop: 2 model turns, 2 tool calls/);
    },
    budget(120_000),
  );
});
