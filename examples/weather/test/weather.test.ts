import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Toolbox } from '@toolwright/core';
import { generate } from '@toolwright/gen';
import { describe, expect, it } from 'vitest';
import { manifest } from '../src/tools.generated.js';
import { WeatherService } from '../src/weather-service.js';

const exampleDir = fileURLToPath(new URL('..', import.meta.url));

describe('the weather example', () => {
  it('has its generated manifest up to date (npm run gen)', async () => {
    const result = await generate({
      project: 'tsconfig.json',
      out: 'src/tools.generated.ts',
      json: 'tools.json',
      check: true,
      cwd: exampleDir,
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.stale.map((stale) => stale.file)).toEqual([]);
    expect(result.outputs.map((output) => output.file)).toEqual([
      join(exampleDir, 'src/tools.generated.ts'),
      join(exampleDir, 'tools.json'),
    ]);
  });

  it('binds the service and answers calls through the Toolbox', async () => {
    const toolbox = new Toolbox([new WeatherService(() => new Date('2025-05-01T12:00:00Z'))], manifest);
    expect(toolbox.declarations().map((declaration) => declaration.name)).toEqual([
      'getCurrentWeather',
      'getForecast',
      'listAlerts',
    ]);

    const boston = await toolbox.call({
      id: '1',
      name: 'getCurrentWeather',
      args: { location: 'Boston, MA', unit: 'fahrenheit' },
    });
    expect(boston.functionResponse.response).toEqual({
      output: { location: 'Boston, MA', temperature: 57, unit: 'fahrenheit', conditions: 'light rain', humidity: 81 },
    });

    const forecast = await toolbox.call({ name: 'getForecast', args: { location: 'Paris' } });
    const days = (forecast.functionResponse.response as { output: { date: string }[] }).output;
    expect(days.map((day) => day.date)).toEqual(['2025-05-02', '2025-05-03', '2025-05-04']);

    const alerts = await toolbox.call({
      name: 'listAlerts',
      args: { near: { latitude: 59.9, longitude: 10.7 }, minSeverity: 'watch' },
    });
    expect(alerts.functionResponse.response).toEqual({
      output: [{ location: 'Oslo, Norway', severity: 'warning', headline: 'Heavy snow: up to 30 cm overnight' }],
    });

    const unknown = await toolbox.call({ name: 'getCurrentWeather', args: { location: 'Atlantis' } });
    expect(JSON.stringify(unknown.functionResponse.response)).toContain('No station for \\"Atlantis\\"');

    const tooMany = await toolbox.call({ name: 'getForecast', args: { location: 'Paris', days: 30 } });
    expect(tooMany.functionResponse.response).toHaveProperty('error');
  });
});
