import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleLogging } from '../../../../test/support/modules-loaded.js';

/**
 * Imports a module of @toolwright/core in a fresh Node (sources through tsx, as the benchmarks and the demo run),
 * runs `extra`, and lists every module it loaded.
 */
function modulesLoadedByImporting(specifier: string, extra = '', expectedExport = 'Toolbox'): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tw-import-'));
  try {
    const { nodeArgs, loadedModules } = moduleLogging(dir);
    const script = `
      ${loadedModules}
      const core = await import(${JSON.stringify(specifier)});
      if (typeof core[${JSON.stringify(expectedExport)}] !== 'function') throw new Error('no ${expectedExport} export');
      ${extra}
      console.log(JSON.stringify(await loadedModules()));
    `;
    const result = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], {
      cwd: join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`node exited ${result.status}: ${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A call of a one-tool Toolbox without a manifest validator, whose parameter `a` has `schema`: valid, then not. */
const callWith = (schema: object) =>
  `
      class S { run(a) { return a; } }
      core.tool()(S.prototype, 'run', Object.getOwnPropertyDescriptor(S.prototype, 'run'));
      const manifest = { version: 1, tools: [{ name: 'run', class: 'S', method: 'run', file: 's.ts', target: () => S,
        parameters: { type: 'object', properties: { a: ${JSON.stringify(schema)} } }, params: [{ ` +
  `name: 'a', kind: 'value' }] }] };
      const toolbox = new core.Toolbox([new S()], manifest);
      const reply = await toolbox.call({ name: 'run', args: { a: '2025-01-01T00:00:00Z' } });
      if (reply.functionResponse.response.output !== '2025-01-01T00:00:00Z') throw new Error(JSON.stringify(reply));
      const refused = await toolbox.call({ name: 'run', args: { a: 'soon' } });
      if (refused.functionResponse.response.error?.name !== 'InvalidArguments') throw new Error(JSON.stringify(refused));
      `;
/** ajv itself: not its small runtime helpers (`ajv/dist/runtime/`), which the checker's validators share. */
const isAjv = (url: string) => /[/\\]ajv[/\\]/.test(url) && !/[/\\]ajv[/\\]dist[/\\]runtime[/\\]/.test(url);

describe('importing @toolwright/core stays cheap', () => {
  it('loads neither typescript nor ts-morph, nor ajv, after calls that check their arguments', () => {
    const loaded = modulesLoadedByImporting('@toolwright/core', callWith({ type: 'string', format: 'date-time' }));
    // The check is only meaningful if the log saw the package and its dependencies.
    expect(loaded.some((url) => url.includes('/packages/core/src/index.ts'))).toBe(true);
    expect(loaded.some((url) => url.includes('/packages/core/src/toolbox/runtime-validator.ts'))).toBe(true);
    // The schema checker takes the schema: a cold start's first call loads no ajv (its largest dependency).
    expect(loaded.filter(isAjv)).toEqual([]);
    const heavy = loaded.filter((url) =>
      /[/\\]node_modules[/\\](\.pnpm[/\\])?(typescript|ts-morph|@ts-morph)[@/\\]/.test(url),
    );
    expect(heavy).toEqual([]);
  });

  it('loads ajv for a schema the checker does not take', () => {
    const schema = { type: 'string', format: 'date-time', not: { const: 'now' } };
    expect(modulesLoadedByImporting('@toolwright/core', callWith(schema)).some(isAjv)).toBe(true);
  });

  it('the check does see typescript when something loads it', () => {
    const loaded = modulesLoadedByImporting('@toolwright/core', "await import('typescript');");
    expect(
      loaded.filter((url) => /[/\\]node_modules[/\\](\.pnpm[/\\])?typescript[@/\\]/.test(url)).length,
    ).toBeGreaterThan(0);
  });

  it('loads no re2js until a pattern is compiled, and loads it for the first', () => {
    const isRe2js = (url: string) => /[/\\]re2js[/\\]/.test(url);
    // A schema without a pattern is walked, and compiles nothing.
    const walked = modulesLoadedByImporting(
      '@toolwright/core/linear-regexp',
      "if (core.schemaPatternProblems({ type: 'object', properties: { a: { type: 'string' } } }).length) throw 1;",
      'linearRegExp',
    );
    expect(walked.some((url) => url.includes('/packages/core/src/linear-regexp.ts'))).toBe(true);
    expect(walked.filter(isRe2js)).toEqual([]);
    const compiled = modulesLoadedByImporting(
      '@toolwright/core/linear-regexp',
      "if (!core.linearRegExp('^[a-z]+$').test('ab') || !core.linearPatternProblem('(?=a)')) throw 1;",
      'linearRegExp',
    );
    expect(compiled.some(isRe2js)).toBe(true);
  });

  it('loads no class-transformer or class-validator until a tool needs them', () => {
    const loaded = modulesLoadedByImporting('@toolwright/core');
    expect(loaded.filter((url) => /class-(transformer|validator)/.test(url))).toEqual([]);
  });
});
