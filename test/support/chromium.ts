// The headless Chromium the browser tests and the screenshot script drive (with playwright-core): Debian's
// `chromium` package, which .ci/run installs on a CI machine that lacks it. CHROMIUM_PATH names another binary.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const names = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** The path of a Chromium binary on this machine, or undefined. */
export function findChromium(): string | undefined {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : (process.env.PATH ?? '').split(delimiter).flatMap((dir) => names.map((name) => join(dir, name)));
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Why a browser test cannot run here (undefined: it can). */
export function chromiumMissing(): string | undefined {
  if (findChromium()) return undefined;
  return process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH (${process.env.CHROMIUM_PATH}) is not an executable file`
    : 'no Chromium on this machine: apt-get install -y chromium (or set CHROMIUM_PATH)';
}
