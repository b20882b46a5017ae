// `npm run screenshots:dev-ui`: the screenshots in docs/dev-ui.md, taken in the same headless Chromium the browser
// test drives (Debian's chromium; CHROMIUM_PATH names another), of the weather example's `npm run dev:ui` running
// offline on FakeGemini. Each is written only when its picture changed, so an unchanged UI leaves the PNGs alone.
//   node --conditions=@toolwright/source --import tsx scripts/dev-ui-screenshots.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { OFFLINE_QUESTION } from '../examples/weather/src/agent-offline-model.js';
import { chromiumMissing, findChromium } from '../test/support/chromium.js';
import { startProcess, stopProcess } from '../test/support/child-process.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const missing = chromiumMissing();
if (missing) {
  console.error(`screenshots: ${missing}`);
  process.exit(1);
}

const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', NO_COLOR: '1' };
delete env.GEMINI_API_KEY;
const ui = await startProcess('npm', ['run', 'dev:ui'], {
  cwd: join(root, 'examples/weather'),
  env,
  ready: /Developer UI: (http:\S+)/,
  what: 'npm run dev:ui',
});
const browser = await chromium.launch({ executablePath: findChromium()!, headless: true });
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 820 }, deviceScaleFactor: 1 });
  await page.goto(ui.ready[1]!);

  // Tools: a call through the generated form, with the declaration beside it.
  const form = page.getByTestId('tool-form-getCurrentWeather');
  await form.getByLabel('location').fill('Boston, MA');
  await form.getByLabel('unit').selectOption({ label: 'fahrenheit' });
  await form.getByRole('button', { name: 'Call' }).click();
  await page.getByTestId('tool-result').waitFor();
  await shoot(page, 'dev-ui-tools.png');

  // The error payload the model gets for an argument out of range.
  await page
    .getByTestId('tool-list')
    .getByRole('button', { name: /listAlerts/ })
    .click();
  const alerts = page.getByTestId('tool-form-listAlerts');
  await alerts.getByLabel('latitude').fill('59.9');
  await alerts.getByLabel('longitude').fill('10.7');
  await alerts.getByLabel('radiusKm').fill('900');
  await alerts.getByRole('button', { name: 'Call' }).click();
  await page.getByTestId('tool-result').locator('.badge.error').waitFor();
  await shoot(page, 'dev-ui-tool-error.png');

  // The chat, streamed, beside the run's trace with one call opened.
  await page.getByRole('tab', { name: /Chat/ }).click();
  await page.getByTestId('chat-input').fill(OFFLINE_QUESTION);
  await page.getByTestId('chat-send').click();
  await page.locator('[data-testid="chat-answer"][data-done="true"]').waitFor();
  await page.locator('[data-testid="trace"][data-status="done"]').waitFor();
  await page.getByTestId('trace').locator('details.row.tool summary').first().click();
  await shoot(page, 'dev-ui-chat-trace.png');
} finally {
  await browser.close();
  await stopProcess(ui.child);
}

async function shoot(page: Page, name: string): Promise<void> {
  const file = join(root, 'docs', name);
  const png = await page.screenshot({ fullPage: true });
  if (existsSync(file) && readFileSync(file).equals(png)) return;
  writeFileSync(file, png);
  console.log(`wrote docs/${name} (${Math.round(png.length / 1024)} KiB)`);
}
