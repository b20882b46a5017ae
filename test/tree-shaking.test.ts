// core's built entries are one module each (scripts/build.mjs bundles them): a bundler can leave out only what that
// module's top-level code lets it drop. An app that binds a Toolbox must not carry the renderers for other vendors, or
// the cleaning of foreign schemas, into every worker and cold start; validators that name no format must not carry
// ajv-formats' formats, and those that do evaluate them on the first format read.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = join(__dirname, '../packages/core/dist/esm/index.js');
const validatorRuntime = join(__dirname, '../packages/core/dist/esm/validator-runtime.js');

/**
 * The minified bundle of an app that imports `names` from core's built ES module (and whose own code is `more`).
 * `peersInstalled`: class-transformer and class-validator resolve, as in an app that has them installed.
 */
async function bundleOf(names: string[], from = entry, { more = '', peersInstalled = false } = {}): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from ${JSON.stringify(from)};\n${more}console.log(${names});`,
      resolveDir: peersInstalled ? join(__dirname, '../packages/core') : __dirname,
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    conditions: ['toolwright-precompiled'],
    external: ['ajv', 'ajv-formats', ...(peersInstalled ? [] : ['class-transformer', 'class-validator'])],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** A text only each part's code holds. */
const parts = {
  toOpenAITool: '(strict mode has no allOf)',
  toAnthropicTool: 'input_schema',
  toMcpTool: 'inputSchema',
  cleanForeignSchema: 'the allOf at the root became one schema',
};

describe("core's built entry, bundled", () => {
  it('leaves out the other renderers and foreign-schema cleaning where an app binds a Toolbox', async () => {
    const app = await bundleOf(['Toolbox', 'defineManifest', 'tool']);
    for (const text of Object.values(parts)) expect(app).not.toContain(text);
  });

  it('takes each of them where the app imports it', async () => {
    for (const [name, text] of Object.entries(parts)) expect(await bundleOf(['Toolbox', name])).toContain(text);
  });
});

/** A text only each part of the validator runtime holds. */
const runtimeParts = {
  schemaChecker: 'must NOT have additional properties',
  fullFormats: 'iso-date-time',
  ValidationError: 'validation failed',
};

describe('class-transformer and class-validator, installed beside core', () => {
  /** A text of each library's code. */
  const libraries = {
    'class-transformer': 'TransformOperationExecutor',
    'class-validator': 'an unknown value was passed to the validate function',
  };

  it('are in no bundle of an app that binds a Toolbox: they are 400 KB that every cold start would parse', async () => {
    const app = await bundleOf(['Toolbox', 'defineManifest', 'tool'], entry, { peersInstalled: true });
    for (const text of Object.values(libraries)) expect(app).not.toContain(text);
  });

  it('nor is any other package a run-time entry loads on demand: none names one in a literal import()', () => {
    // A bundler takes in every module a literal import() names. Only a package's own `#` imports may be loaded so:
    // export conditions choose what they are (core's #validator-compiler is nothing in an edge bundle).
    const literal = /\bimport\((?:\s*\/\*[^*]*\*\/)*\s*["']([^"']+)["']/g;
    for (const name of ['core', 'genai', 'testing', 'mcp', 'fs-tools', 'restate']) {
      const code = readFileSync(join(__dirname, `../packages/${name}/dist/esm/index.js`), 'utf8');
      const named = [...code.matchAll(literal)].map((match) => match[1]!);
      expect(
        named.filter((specifier) => !specifier.startsWith('#')),
        name,
      ).toEqual([]);
    }
    expect(readFileSync(entry, 'utf8')).toMatch(literal);
  });

  it("are in the bundle where the app imports them, as gen-tools' TS module does for a DTO tool", async () => {
    const more =
      "import * as classTransformer from 'class-transformer';\nimport * as classValidator from 'class-validator';\n" +
      'console.log(defineManifest({ version: 1, dtoModules: { classTransformer, classValidator }, tools: [] }));\n';
    const app = await bundleOf(['Toolbox', 'defineManifest'], entry, { more, peersInstalled: true });
    for (const text of Object.values(libraries)) expect(app).toContain(text);
  });
});

describe("core's built validator runtime, bundled", () => {
  it('is one file: a Node server loads no other module for it', () => {
    const code = readFileSync(validatorRuntime, 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s*["']/m);
    expect(code).not.toMatch(/\bimport\s*\(/);
  });

  it('takes only the parts the validators call', async () => {
    for (const [name, text] of Object.entries(runtimeParts)) {
      const app = await bundleOf([name], validatorRuntime);
      expect(app).toContain(text);
      for (const [other, otherText] of Object.entries(runtimeParts)) {
        if (other !== name) expect(app, `${name} takes ${other}`).not.toContain(otherText);
      }
    }
    const helpersOnly = await bundleOf(['equal', 'lazyFormatTest', 'duplicateItems', 'verboseError'], validatorRuntime);
    for (const text of Object.values(runtimeParts)) expect(helpersOnly).not.toContain(text);
  });

  it("evaluates ajv-formats' module on the first read of a format, not on import", () => {
    // V8's call counts, in a fresh Node: the function esbuild wraps ajv-formats' module in runs once, and not before.
    const script = `
      import { Session } from 'node:inspector/promises';
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      const runtime = await import(${JSON.stringify(pathToFileURL(validatorRuntime).href)});
      async function runs() {
        const { result } = await session.post('Profiler.takePreciseCoverage');
        const file = result.find((script) => script.url.endsWith('/validator-runtime.js'));
        const module = file.functions.filter((fn) => /ajv-formats.*formats\\.js$/.test(fn.functionName));
        return module.map((fn) => fn.ranges[0].count);
      }
      const onImport = await runs();
      if (typeof runtime.fullFormats['date-time'] !== 'object') throw new Error('no date-time format');
      console.log(JSON.stringify({ onImport, onRead: await runs() }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ onImport: [0], onRead: [1] });
  });
});
