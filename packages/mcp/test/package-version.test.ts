// The version the MCP client and server tell the other side is package.json's, written there once: the build writes
// it into both builds (scripts/build.mjs), and it holds in a bundle. The fixture runs the built packages in plain node
// (vitest would load the sources, where there is no version): the ES module build's server and client against the
// CommonJS build's, as they are, and with the ES module side bundled into one file by esbuild.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
import { budget } from '../../../test/support/time-budget.js';

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as { version: string };
const fixture = join(__dirname, 'fixtures/built-versions.mjs');
const env = { ...process.env, NODE_OPTIONS: '' };
const expected = { esmServer: { name: 'toolwright', version }, cjsClient: { name: 'toolwright', version } };
const work = mkdtempSync(join(tmpdir(), 'toolwright-mcp-version-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("the built client and server tell package.json's version, in both builds", { timeout: budget(30_000) }, async () => {
  const { stdout } = await run(process.execPath, [fixture], { cwd: __dirname, env });
  expect(JSON.parse(stdout)).toEqual(expected);
  // No built file is left with the name the build replaces.
  const left = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? left(join(dir, entry.name))
        : /\.js$/.test(entry.name) && readFileSync(join(dir, entry.name), 'utf8').includes('__PACKAGE_VERSION__')
          ? [join(dir, entry.name)]
          : [],
    );
  expect(left(join(__dirname, '../dist'))).toEqual([]);
});

it('a bundle of the ES module build tells it too', { timeout: budget(60_000) }, async () => {
  const bundle = join(work, 'bundle.mjs');
  await build({
    entryPoints: [fixture],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    // The CommonJS modules inside (the SDK's dependencies) call require: give the bundle one.
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    logLevel: 'silent',
  });
  // The CommonJS build is still required at run time, from the workspace's node_modules.
  const nodePath = join(__dirname, '../../../node_modules');
  const { stdout } = await run(process.execPath, [bundle], { cwd: work, env: { ...env, NODE_PATH: nodePath } });
  expect(readFileSync(bundle, 'utf8')).not.toMatch(/from ['"]@toolwright\/(mcp|core)['"]/);
  expect(JSON.parse(stdout)).toEqual(expected);
});
