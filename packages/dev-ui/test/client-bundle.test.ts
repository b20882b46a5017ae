// The page the server sends is the one client/ makes: src/client-bundle.generated.ts is what bundle-client.mjs
// writes from the page's sources now (and the page type-checks, which the script does first).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { clientScript } from '../src/client-bundle.generated.js';
import { budget } from '../../../test/support/time-budget.js';

const packageDir = join(__dirname, '..');

describe('the bundled page', () => {
  it(
    'is up to date with client/ (pnpm --filter @toolwright/dev-ui bundle-client)',
    async () => {
      const run = promisify(execFile);
      await expect(
        run(process.execPath, [join(packageDir, 'scripts/bundle-client.mjs'), '--check'], { cwd: packageDir }),
      ).resolves.toBeDefined();
    },
    budget(60_000),
  );

  it('loads nothing from elsewhere', () => {
    expect(clientScript).not.toMatch(/\bimport\s*\(?\s*["']https?:/);
    expect(clientScript).not.toMatch(/fetch\(\s*["']https?:/);
  });
});
