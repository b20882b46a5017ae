import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Imports @toolwright/core in a fresh Node (sources through tsx, as the benchmarks and the demo run) and lists every
 * module it loaded: ES modules through a resolve hook, CommonJS ones from require.cache.
 */
function modulesLoadedByImporting(specifier: string, extra = ''): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tw-import-'));
  try {
    const log = join(dir, 'loaded.txt');
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
    );
    const register = join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const script = `
      const core = await import(${JSON.stringify(specifier)});
      if (typeof core.Toolbox !== 'function') throw new Error('no Toolbox export');
      ${extra}
      const { createRequire } = await import('node:module');
      const cache = Object.keys(createRequire(import.meta.url).cache);
      (await import('node:fs')).appendFileSync(${JSON.stringify(log)}, cache.join('\\n') + '\\n');
    `;
    const result = spawnSync(
      process.execPath,
      [
        '--conditions=@toolwright/source',
        '--import',
        'tsx',
        '--import',
        pathToFileURL(register).href,
        '--input-type=module',
        '-e',
        script,
      ],
      {
        cwd: join(__dirname, '..', '..'),
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`node exited ${result.status}: ${result.stderr}`);
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
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

  it('loads no class-transformer or class-validator until a tool needs them', () => {
    const loaded = modulesLoadedByImporting('@toolwright/core');
    expect(loaded.filter((url) => /class-(transformer|validator)/.test(url))).toEqual([]);
  });
});
