// gen-tools --validators: the argument validators compiled at build time, wired into the generated module, used by
// the Toolbox with nothing passed by hand, and no code generated at run time; revivals still apply after them.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import ajvPackage from '#ajv-package';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tool, Toolbox, type ToolManifest } from '@toolwright/core';
import { generate } from '@toolwright/gen';
import { parseArgs } from '../src/cli/parse-args.js';
import { renderValidators } from '../src/emit/render-validators.js';
import { fixturesDir } from './helpers/temp-project.js';
import { budget } from '../../../test/support/time-budget.js';

// A copy of a fixture inside the workspace, where its imports (URL from @types/node, core) resolve as in a project.
const project = { dir: mkdtempSync(join(__dirname, '.validators-')) };
cpSync(join(fixturesDir, 'types-revive/src'), join(project.dir, 'src'), { recursive: true });
cpSync(join(fixturesDir, 'types-revive/tsconfig.json'), join(project.dir, 'tsconfig.json'));
const out = join(project.dir, 'src/tools.generated.ts');
const validatorsFile = join(project.dir, 'src/tools.validators.ts');
const options = {
  project: join(project.dir, 'tsconfig.json'),
  out,
  validators: 'src/tools.validators.ts',
  cwd: project.dir,
  cache: true,
};
let manifest: ToolManifest;
let Recorder: new () => { received: unknown[] };

beforeAll(async () => {
  const result = await generate(options);
  expect(result.diagnostics).toEqual([]);
  expect(result.written.sort()).toEqual([out, validatorsFile].sort());
  ({ manifest } = (await import(pathToFileURL(out).href)) as { manifest: ToolManifest });
  ({ RecorderService: Recorder } = (await import(pathToFileURL(join(project.dir, 'src/recorder-service.ts')).href)) as {
    RecorderService: typeof Recorder;
  });
});
afterAll(() => rmSync(project.dir, { recursive: true, force: true }));

describe('gen-tools --validators', () => {
  it("comes from the cache only while ajv's version is the one that wrote it", async () => {
    await generate(options);
    expect((await generate(options)).cached).toBe(true);
    const written = readFileSync(validatorsFile, 'utf8');
    const cacheDir = join(project.dir, 'node_modules/.cache/toolwright');
    const [file] = readdirSync(cacheDir).map((name) => join(cacheDir, name));
    const text = readFileSync(file!, 'utf8');
    const end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end)) as { key: string };
    expect(JSON.parse(header.key)).toContain(ajvPackage.version);
    // As if another ajv had written it.
    const parts = JSON.parse(header.key) as unknown[];
    header.key = JSON.stringify(parts.map((part) => (part === ajvPackage.version ? '7.0.0' : part)));
    writeFileSync(file!, JSON.stringify(header) + text.slice(end));
    const again = await generate(options);
    expect(again.cached).toBe(false);
    expect(again.diagnostics).toEqual([]);
    expect(readFileSync(validatorsFile, 'utf8')).toBe(written);
    expect((await generate(options)).cached).toBe(true);
  });

  it('reads a parameter named as an inherited property (constructor, toString) only when the model sent it', () => {
    const names = ['query', 'constructor', 'toString', '__proto__', 'valueOf'];
    const tool = {
      name: 'find',
      class: 'Finder',
      method: 'find',
      file: 'src/finder.ts',
      parameters: {
        type: 'object' as const,
        properties: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
      },
      params: names.map((name) => ({ name, kind: 'value' as const })),
    };
    const { text } = renderValidators({ tools: [tool], command: 'gen-tools --validators src/v.ts' });
    const start = text.indexOf('export const readers');
    const body = text.slice(text.indexOf('{', text.indexOf('=', start)), text.indexOf('\n};', start) + 2);
    const readers = new Function(`return (${body});`)() as Record<string, (args: Record<string, unknown>) => unknown[]>;
    expect(readers.find!(JSON.parse('{"query":"q"}'))).toEqual(['q', undefined, undefined, undefined, undefined]);
    const all = JSON.parse('{"query":"q","constructor":"c","toString":"t","__proto__":"p","valueOf":"v"}');
    expect(readers.find!(all)).toEqual(['q', 'c', 't', 'p', 'v']);
  });

  it('keys every tool by its name, __proto__ and inherited names included', () => {
    const names = ['__proto__', 'constructor', 'toString', 'find'];
    const tools = names.map((name) => ({
      name,
      class: 'C',
      method: 'm',
      file: 'src/c.ts',
      parameters: { type: 'object' as const, properties: { q: { type: 'string' as const } } },
      params: [{ name: 'q', kind: 'value' as const }],
    }));
    const { text } = renderValidators({ tools, command: 'gen-tools' });
    const objectAfter = (marker: string) => {
      const start = text.indexOf(marker);
      return text.slice(text.indexOf('{', text.indexOf('=', start)), text.indexOf('\n};', start) + 2);
    };
    const checker = { accepting: (accept: unknown) => ({ accept }) };
    const validators = new Function('checker', `return (${objectAfter('export const validators')});`)(
      checker,
    ) as Record<string, { accept: (data: unknown) => boolean }>;
    const readers = new Function(`return (${objectAfter('export const readers')});`)() as Record<
      string,
      (args: Record<string, unknown>) => unknown[]
    >;
    for (const map of [validators, readers]) {
      expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
      expect(Object.keys(map)).toEqual(names);
    }
    for (const name of names) {
      expect(validators[name]!.accept(JSON.parse('{"q":"x"}'))).toBe(true);
      expect(validators[name]!.accept(JSON.parse('{"q":1}'))).toBe(false);
      expect(readers[name]!(JSON.parse('{"q":"x"}'))).toEqual(['x']);
    }
  });

  it('reads any parameter names as the Toolbox does: own properties only, whatever is present', () => {
    // Every name Object.prototype has, and any other string, each sent or not.
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    const name = fc.oneof(fc.constantFrom(...inherited), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), fc.array(fc.boolean()), (names, sent) => {
        const tool = {
          name: 't',
          class: 'C',
          method: 'm',
          file: 'src/c.ts',
          parameters: { type: 'object' as const, properties: {} },
          params: names.map((param) => ({ name: param, kind: 'value' as const })),
        };
        const { text } = renderValidators({ tools: [tool], command: 'gen-tools' });
        const start = text.indexOf('export const readers');
        const body = text.slice(text.indexOf('{', text.indexOf('=', start)), text.indexOf('\n};', start) + 2);
        const reader = (new Function(`return (${body});`)() as Record<string, (args: object) => unknown[]>).t!;
        const args = JSON.parse(
          JSON.stringify(Object.fromEntries(names.filter((_, i) => sent[i]).map((param) => [param, `v:${param}`]))),
        ) as Record<string, unknown>;
        expect(reader(args)).toEqual(names.map((param) => (Object.hasOwn(args, param) ? `v:${param}` : undefined)));
      }),
    );
  });

  it('is a flag of the CLI', () => {
    expect(parseArgs(['--validators', 'src/v.ts'])).toMatchObject({ kind: 'run', options: { validators: 'src/v.ts' } });
    expect(parseArgs(['--validators'])).toEqual({ kind: 'error', message: '--validators needs a value' });
  });

  it('writes an ES module with imports only, and the manifest module brings its validators', () => {
    const text = readFileSync(validatorsFile, 'utf8');
    expect(text).not.toMatch(/\brequire\s*\(/);
    expect(text).not.toMatch(/\beval\s*\(|new Function\s*\(/);
    const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imports).toEqual(['@toolwright/core', '@toolwright/core/validator-runtime']);
    // Every schema here is one the checker takes: no code per tool. ajv-formats' formats are in (a date-time and a
    // uri are checked).
    expect(text).toContain('const checker = schemaChecker(fullFormats);');
    expect(text).not.toMatch(/function validate\d+/);
    // Each tool's test is written beside its name, an unnamed function.
    for (const tool of manifest.tools) {
      expect(text).toContain(`  ${JSON.stringify(tool.name)}: checker.accepting(function (d) {\n`);
    }
    expect(readFileSync(out, 'utf8')).toContain(
      "import { callers, readers, validators } from './tools.validators.js';",
    );
    expect(Object.keys(manifest.validators ?? {}).sort()).toEqual(manifest.tools.map((tool) => tool.name).sort());
    expect(Object.keys(manifest.readers ?? {}).sort()).toEqual(manifest.tools.map((tool) => tool.name).sort());
    // A direct call beside each reader (no tool here takes a ToolContext), core's own source for it.
    expect(Object.keys(manifest.callers ?? {}).sort()).toEqual(manifest.tools.map((tool) => tool.name).sort());
    expect(text).toContain(`  "scalars"(fn, self, args) {\n    return fn.call(self, args["at"], args["site"],`);
  });

  it('validates and revives (Date, URL, bigint, Set, DTO) with no code generated at run time', async () => {
    const spy = vi.spyOn(globalThis, 'Function');
    try {
      const recorder = new Recorder();
      const toolbox = new Toolbox([recorder], manifest);
      const ok = await toolbox.call({
        name: 'scalars',
        args: {
          at: '2025-01-31T09:30:00Z',
          site: 'https://example.com/a',
          big: '90071992547409930',
          tags: ['a', 'b'],
          maybe: null,
        },
      });
      expect(ok.functionResponse.response).toEqual({ output: null });
      const [at, site, big, tags, maybe] = recorder.received;
      expect(at).toEqual(new Date('2025-01-31T09:30:00Z'));
      expect(site).toBeInstanceOf(URL);
      expect(big).toBe(90071992547409930n);
      expect(tags).toEqual(new Set(['a', 'b']));
      expect(maybe).toBeNull();
      const order = await toolbox.call({
        name: 'place',
        args: {
          order: {
            email: 'ada@example.com',
            placedAt: '2025-01-31T09:30:00Z',
            items: [{ quantity: 3, addedAt: '2025-01-30T10:00:00Z' }],
          },
        },
      });
      expect(order.functionResponse.response).toEqual({ output: 3 });
      const [placed] = recorder.received as [{ placedAt: unknown; items: { addedAt: unknown }[] }];
      expect(placed.placedAt).toBeInstanceOf(Date);
      expect(placed.items[0]!.addedAt).toBeInstanceOf(Date);
      const bad = await toolbox.call({
        name: 'scalars',
        args: { at: 'soon', site: 'https://example.com', big: 1, tags: ['a', 'a'], maybe: null },
      });
      expect(bad.functionResponse.response).toMatchObject({
        error: {
          name: 'InvalidArguments',
          issues: [
            {
              path: '/at',
              expected: 'string in format date-time, e.g. "2025-01-31T09:30:00Z"',
              received: 'string "soon"',
            },
            { path: '/tags', expected: 'no duplicate items (items 0 and 1 are equal)', received: 'array of 2 items' },
          ],
        },
      });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers every call as the validators compiled at run time do', async () => {
    const precompiled = new Toolbox([new Recorder()], manifest);
    const { validators: _, ...plain } = manifest;
    const compiled = new Toolbox([new Recorder()], plain);
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant('2025-01-31T09:30:00Z'),
    );
    const args = fc.dictionary(
      fc.constantFrom('at', 'site', 'big', 'tags', 'maybe', 'order', 'history', 'byDay', 'other'),
      fc.oneof(
        value,
        fc.array(value, { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 2 }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...manifest.tools.map((tool) => tool.name)), args, async (name, args) => {
        expect(await precompiled.call({ name, args })).toEqual(await compiled.call({ name, args }));
      }),
      { numRuns: 150 },
    );
  });

  it('compiles with ajv, at build time, a schema the checker does not take, and the Toolbox runs it', async () => {
    class Clock {
      @tool()
      checked(when: unknown) {
        return when;
      }

      @tool()
      compiled(when: unknown) {
        return when;
      }
    }
    const entry = (name: string, parameters: Record<string, unknown>) => ({
      name,
      class: 'Clock',
      method: name,
      file: 'src/clock.ts',
      target: () => Clock,
      parameters: { type: 'object' as const, properties: {}, ...parameters },
      params: [{ name: 'when', kind: 'value' as const }],
    });
    const when = { type: 'string', format: 'date-time' };
    const tools = [
      entry('checked', { properties: { when: { type: 'string', maxLength: 40 } } }),
      entry('compiled', { properties: { when: { ...when, not: { const: '2025-01-01T00:00:00Z' } } } }),
    ];
    const { text } = renderValidators({ tools, command: 'gen-tools' });
    expect(text).toContain('const checker = schemaChecker();');
    expect(text).toMatch(
      /\n {2}"checked": checker\.accepting\(function \(d\) \{\n[\s\S]*?\n {2}\}\),\n {2}"compiled": v0,\n/,
    );
    expect(text).toMatch(/fullFormats\["date-time"\]/);
    const file = join(project.dir, 'src/mixed.validators.ts');
    writeFileSync(file, text);
    const { validators, readers } = (await import(pathToFileURL(file).href)) as Pick<
      ToolManifest,
      'validators' | 'readers'
    >;
    const spy = vi.spyOn(globalThis, 'Function');
    try {
      const toolbox = new Toolbox([new Clock()], { version: 1, tools, validators, readers });
      const names = ['checked', 'compiled'];
      const calls = await Promise.all(names.map((name) => toolbox.call({ name, args: { when: 5 } })));
      for (const reply of calls)
        expect(reply.functionResponse.response).toMatchObject({ error: { name: 'InvalidArguments' } });
      const refused = await toolbox.call({ name: 'compiled', args: { when: '2025-01-01T00:00:00Z' } });
      expect(refused.functionResponse.response).toMatchObject({
        error: { issues: [{ path: '/when', expected: 'anything but "2025-01-01T00:00:00Z"' }] },
      });
      const bad = await toolbox.call({ name: 'compiled', args: { when: 'soon' } });
      expect(JSON.stringify(bad.functionResponse.response)).toContain('date-time');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('tests patterns on RE2 in both forms it writes: ^(a+)+$ on 10,000 characters answers at once', async () => {
    class Words {
      @tool()
      checked(word: string) {
        return word;
      }

      @tool()
      compiled(word: string) {
        return word;
      }
    }
    const entry = (name: string, word: Record<string, unknown>) => ({
      name,
      class: 'Words',
      method: name,
      file: 'src/words.ts',
      target: () => Words,
      parameters: { type: 'object' as const, properties: { word }, required: ['word'] },
      params: [{ name: 'word', kind: 'value' as const }],
    });
    const evil = { type: 'string', pattern: '^(a+)+$' };
    const tools = [entry('checked', evil), entry('compiled', { ...evil, not: { const: 'aaaa' } })];
    const { text } = renderValidators({ tools, command: 'gen-tools' });
    expect(text).toContain("import { linearRegExp } from '@toolwright/core/linear-regexp';");
    expect(text).toContain('const checker = schemaChecker(undefined, linearRegExp);');
    expect(text).not.toMatch(/new RegExp|\/\^\(a\+\)\+\$\/u/);
    const file = join(project.dir, 'src/patterns.validators.ts');
    writeFileSync(file, text);
    const { validators, readers } = (await import(pathToFileURL(file).href)) as Pick<
      ToolManifest,
      'validators' | 'readers'
    >;
    const toolbox = new Toolbox([new Words()], { version: 1, tools, validators, readers });
    const word = `${'a'.repeat(10_000)}!`;
    const started = Date.now();
    for (const name of ['checked', 'compiled']) {
      const reply = await toolbox.call({ name, args: { word } });
      expect(reply.functionResponse.response).toMatchObject({
        error: { name: 'InvalidArguments', issues: [{ path: '/word', expected: 'string matching /^(a+)+$/' }] },
      });
      expect((await toolbox.call({ name, args: { word: 'aaa' } })).functionResponse.response).toEqual({
        output: 'aaa',
      });
    }
    expect(Date.now() - started).toBeLessThan(budget(2_000));
  });

  it('--check reports the validators module when it is missing or edited', async () => {
    expect((await generate({ ...options, check: true })).stale).toEqual([]);
    const text = readFileSync(validatorsFile, 'utf8');
    writeFileSync(validatorsFile, text.replace('schemaChecker(fullFormats)', 'schemaChecker()'));
    expect((await generate({ ...options, check: true })).stale).toEqual([
      { file: validatorsFile, missing: false, tools: [] },
    ]);
    unlinkSync(validatorsFile);
    expect((await generate({ ...options, check: true })).stale).toMatchObject([
      { file: validatorsFile, missing: true },
    ]);
    await generate(options);
    expect(readFileSync(validatorsFile, 'utf8')).toBe(text);
  });

  it('refuses a validators file without the TS module, or one that is not TypeScript', async () => {
    await expect(generate({ ...options, out: false })).rejects.toThrow('--validators needs the TS module (--out)');
    await expect(generate({ ...options, validators: 'src/v.js' })).rejects.toThrow('give it a .ts, .mts or .cts name');
  });
});
