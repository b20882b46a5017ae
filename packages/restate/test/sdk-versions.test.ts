// The newest @restatedev/restate-sdk 1.x and @google/genai 3.x, as `npm install` gives them to a user, on the Node
// versions users run (22 and 24, from npm's `node` package), against a real Restate server: twenty conversations with
// parallel calls each charged once, and a kill between a charge and its journaled result. On Node 20 the same worker
// refuses at once with the versions that work, instead of hanging every invocation.
// It installs from the registry, so it runs in CI (CI set) and with `npm run test:sdk-versions`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startProcess, stopProcess } from '../../../test/support/child-process.js';
import { skipUnless } from '../../../test/support/skip-unless.js';
import { budget } from '../../../test/support/time-budget.js';
import { crowdRunsOnce } from './support/crowd.js';
import { bundleSweepWorker, doneText, lines, Sweep } from './support/sweep.js';

const enabled = Boolean(process.env.CI) || process.env.npm_lifecycle_event === 'test:sdk-versions';
const dir = mkdtempSync(join(tmpdir(), 'toolwright-sdk-versions-'));
const worker = join(dir, 'sweep-worker.mjs');
const installed: Record<string, string> = {};

/** The binary of Node `major`, from npm's `node` package. */
function nodeBinary(major: number): string {
  return execFileSync('npx', ['-y', `node@${major}`, '-p', 'process.execPath'], { encoding: 'utf8' }).trim();
}

describe('the newest Restate SDK and @google/genai, installed with npm', {
  ...skipUnless(enabled, 'runs in CI (CI set) and with npm run test:sdk-versions: it installs from the npm registry'),
  timeout: budget(240_000),
}, () => {
  beforeAll(async () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'sdk-versions',
        private: true,
        type: 'module',
        dependencies: { '@restatedev/restate-sdk': '^1.17.0', '@google/genai': '^3.0.0' },
      }),
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe' });
    for (const name of ['@restatedev/restate-sdk', '@google/genai']) {
      const pkg = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      };
      installed[name] = pkg.version;
    }
    await bundleSweepWorker(worker);
  }, 240_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const major of [22, 24]) {
    it(`on Node ${major}: twenty conversations with parallel calls, and a kill after a charge, each booked once`, async () => {
      expect(Number(installed['@restatedev/restate-sdk']!.split('.')[1])).toBeGreaterThanOrEqual(17);
      expect(installed['@google/genai']!.split('.')[0]).toBe('3');
      const sweep = await Sweep.start(worker, nodeBinary(major));
      try {
        const files = (name: string) => ({
          log: join(dir, `log-${major}-${name}`),
          provider: join(dir, `book-${major}-${name}`),
        });
        await crowdRunsOnce(sweep, `Crowd${major}`, files('crowd'), await freePort());

        const port = await freePort();
        const killed = files('killed');
        const first = await sweep.startWorker(`Killed${major}`, port, killed, 'effect chargeCard');
        await sweep.server.register(`http://127.0.0.1:${port}`);
        const died = new Promise((resolve) => first.child.once('exit', resolve));
        const pending = sweep.send(`Killed${major}`, `Please buy order-n${major}.`);
        await died;
        const second = await sweep.startWorker(`Killed${major}`, port, killed);
        const { status, json } = await pending;
        expect(status, JSON.stringify(json)).toBe(200);
        expect(json.text).toBe(doneText(`order-n${major}`));
        expect(lines(killed.log).filter((line) => line.startsWith('effect chargeCard'))).toHaveLength(2);
        expect(
          lines(killed.provider)
            .map((line) => line.split(' ')[1])
            .sort(),
        ).toEqual(['charge', 'receipt']);
        expect(sweep.asked(`order-n${major}`)).toEqual([1, 1, 1]);
        await stopProcess(second.child, 'SIGKILL');
      } finally {
        await sweep.close();
      }
    });
  }

  it(
    'on Node 20: the worker refuses at once, naming the versions that work',
    skipUnless(Number(process.versions.node.split('.')[0]) < 22, 'the refusal is for Node 20; this is a later Node'),
    async () => {
      const started = startProcess(process.execPath, [worker], {
        env: {
          ...process.env,
          PORT: '1',
          OBJECT: 'Never',
          LOG: '/dev/null',
          PROVIDER: '/dev/null',
          GEMINI_BASE_URL: 'http://127.0.0.1:1',
        },
        ready: /listening on/,
        what: 'The worker on Node 20',
      });
      const error = (await started.then(
        () => undefined,
        (caught: unknown) => caught,
      )) as Error;
      expect(error.message).toMatch(/exited \(1\) before it was ready/);
      expect(error.message).toContain('needs Node 22 or later');
      expect(error.message).toContain('@restatedev/restate-sdk@1.14.5');
    },
  );
});
