// core's built entry is one module (scripts/build.mjs bundles it): a bundler can leave out only what that module's
// top-level code lets it drop. An app that binds a Toolbox must not carry the renderers for other vendors, or the
// cleaning of foreign schemas, into every worker and cold start.
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = join(__dirname, '../packages/core/dist/esm/index.js');

/** The minified bundle of an app that imports `names` from core's built ES module. */
async function bundleOf(names: string[]): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from ${JSON.stringify(entry)};\nconsole.log(${names});`,
      resolveDir: __dirname,
    },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    conditions: ['toolwright-precompiled'],
    external: ['ajv', 'ajv-formats', 'class-transformer', 'class-validator'],
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
