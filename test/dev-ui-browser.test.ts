// The developer UI in a real headless Chromium (Debian's package, driven by playwright-core), on the weather example
// as `npm run dev:ui` starts it offline: the tools and a call through the generated form (the answer compared with
// the Toolbox's own), a bad argument's error payload, a streamed chat answer, and the run's trace with its calls.
// In CI (CI set) a missing Chromium fails the test; elsewhere it skips with the reason.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weatherToolbox } from '../examples/weather/src/agent.js';
import { OFFLINE_QUESTION } from '../examples/weather/src/agent-offline-model.js';
import { findChromium, chromiumMissing } from './support/chromium.js';
import { startProcess, stopProcess } from './support/child-process.js';
import { skipUnless } from './support/skip-unless.js';
import { budget } from './support/time-budget.js';

const example = join(__dirname, '../examples/weather');
const missing = chromiumMissing();
const inCi = Boolean(process.env.CI);

let ui: ChildProcess | undefined;
let url: string;
let browser: Browser | undefined;
let page: Page;

describe('the developer UI in Chromium (examples/weather, npm run dev:ui)', {
  ...skipUnless(!missing || inCi, missing ?? ''),
  timeout: budget(30_000),
}, () => {
  beforeAll(async () => {
    if (missing) throw new Error(`CI runs the browser test, and ${missing} (.ci/run installs it)`);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', NO_COLOR: '1' };
    delete env.GEMINI_API_KEY;
    const [started, launched] = await Promise.all([
      startProcess('npm', ['run', 'dev:ui'], {
        cwd: example,
        env,
        ready: /Developer UI: (http:\S+)/,
        what: 'npm run dev:ui',
      }),
      chromium.launch({ executablePath: findChromium()!, headless: true }),
    ]);
    ui = started.child;
    url = started.ready[1]!;
    browser = launched;
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(budget(10_000));
    await page.goto(url);
  }, budget(60_000));

  afterAll(async () => {
    await browser?.close();
    await stopProcess(ui);
  });

  it('lists the tools', async () => {
    const list = page.getByTestId('tool-list');
    await expect.poll(() => list.getByRole('button').allInnerTexts()).toHaveLength(3);
    const names = await list.locator('.tool-name').allInnerTexts();
    expect(names).toEqual(['getCurrentWeather', 'getForecast', 'listAlerts']);
  });

  it('shows the declaration in both Gemini dialects', async () => {
    const [expectedOpenApi] = weatherToolbox().declarations({ dialect: 'openapi' });
    const [expectedJsonSchema] = weatherToolbox().declarations({ dialect: 'json-schema' });
    expect(JSON.parse(await page.getByTestId('declaration-openapi').innerText())).toEqual(expectedOpenApi);
    await page.getByRole('tab', { name: 'parametersJsonSchema' }).click();
    expect(JSON.parse(await page.getByTestId('declaration-jsonSchema').innerText())).toEqual(expectedJsonSchema);
  });

  it('calls a tool from its form and shows what the Toolbox answered', async () => {
    const form = page.getByTestId('tool-form-getCurrentWeather');
    await form.getByLabel('location').fill('Paris, France');
    await form.getByLabel('unit').selectOption({ label: 'fahrenheit' });
    await form.getByRole('button', { name: 'Call' }).click();
    const result = page.getByTestId('tool-result');
    await expect.poll(() => result.locator('pre').innerText()).toContain('temperature');
    const expected = await weatherToolbox().call({
      name: 'getCurrentWeather',
      args: { location: 'Paris, France', unit: 'fahrenheit' },
    });
    expect(JSON.parse(await result.locator('pre').innerText())).toEqual(expected);
    expect(await result.locator('.badge').innerText()).toBe('output');
  });

  it('shows the error payload the model would get for a bad argument', async () => {
    await page
      .getByTestId('tool-list')
      .getByRole('button', { name: /getForecast/ })
      .click();
    const form = page.getByTestId('tool-form-getForecast');
    await form.getByLabel('location').fill('Paris');
    await form.getByLabel('days').fill('30');
    await form.getByRole('button', { name: 'Call' }).click();
    const result = page.getByTestId('tool-result');
    await expect.poll(() => result.locator('.badge').innerText()).toBe('error');
    const expected = await weatherToolbox().call({ name: 'getForecast', args: { location: 'Paris', days: 30 } });
    expect(expected.functionResponse.response).toHaveProperty('error');
    expect(JSON.parse(await result.locator('pre').innerText())).toEqual(expected);
  });

  it('streams a chat answer, and the trace shows the run with its tool calls', async () => {
    await page.getByRole('tab', { name: /Chat/ }).click();
    await page.getByTestId('chat-input').fill(OFFLINE_QUESTION);
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-answer');
    await expect.poll(() => answer.getAttribute('data-done'), { timeout: budget(15_000) }).toBe('true');
    expect(await answer.innerText()).toContain('Paris is warmer right now.');
    // The scripted model sends its answer in 16 pieces: more than one arrived on their own.
    expect(Number(await answer.getAttribute('data-deltas'))).toBeGreaterThan(1);

    const trace = page.getByTestId('trace');
    await expect.poll(() => trace.getAttribute('data-status')).toBe('done');
    const text = await trace.innerText();
    expect(text).toContain('turn 1 · model');
    expect(text).toContain('turn 2 · model');
    expect(text).toMatch(/2 tool calls/);
    const calls = trace.locator('details.row.tool');
    expect(await calls.count()).toBe(2);
    await calls.first().locator('summary').click();
    const detail = JSON.parse(await calls.first().locator('pre').innerText());
    expect(detail).toEqual({
      args: { location: 'Boston, MA' },
      response: { output: expect.objectContaining({ location: 'Boston, MA', temperature: 14 }) },
    });
  });

  it('keeps earlier runs in the session', async () => {
    await page.getByTestId('chat-input').fill('And now?');
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-answer');
    await expect.poll(() => page.locator('.run-item').count()).toBe(2);
    await expect.poll(() => answer.getAttribute('data-done'), { timeout: budget(15_000) }).toBe('true');
    await page.locator('.run-item').first().click();
    expect(await page.getByTestId('trace').locator('.trace-input').innerText()).toBe(OFFLINE_QUESTION);
    // A reload keeps the runs: they live in the server's session, not in the page.
    await page.reload();
    await page.getByRole('tab', { name: /Chat/ }).click();
    await expect.poll(() => page.locator('.run-item').count()).toBe(2);
  });
});
