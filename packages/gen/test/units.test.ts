// The small pure parts of gen-tools: name style, literal writer, import specifiers, argument parsing, stale
// detection, atomic writes, the text prefilter.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { toSnakeCase } from '../src/describe/name-style.js';
import { Code, tsLiteral, tsLiteralOfJson } from '../src/emit/ts-literal.js';
import { extensionStyle } from '../src/emit/index.js';
import { importSpecifier } from '../src/emit/import-specifier.js';
import { parseArgs } from '../src/cli/parse-args.js';
import { compareOutput } from '../src/emit/stale.js';
import { writeFilesAtomically } from '../src/emit/write-files.js';
import { mayDeclareTools } from '../src/program/load-project.js';
import { renderModule, toolNamesInModule } from '../src/emit/render-module.js';
import { renderJson, toolNamesInJson } from '../src/emit/render-json.js';
import { manifestHash } from '../src/emit/index.js';
import { GEN_VERSION } from '../src/incremental/cache.js';
import { displayPath } from '../src/cli/format-diagnostic.js';
import type { ManifestTool } from '@toolwright/core';

describe('toSnakeCase', () => {
  it.each([
    ['getCurrentWeather', 'get_current_weather'],
    ['getHTTPStatus', 'get_http_status'],
    ['toV2Format', 'to_v2_format'],
    ['already_snake', 'already_snake'],
    ['URL', 'url'],
    ['parseURLQuery', 'parse_url_query'],
    ['Search', 'search'],
  ])('%s -> %s', (name, snake) => {
    expect(toSnakeCase(name)).toBe(snake);
  });

  it('gives lower-case names that it leaves as they are', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,30}$/), (name) => {
        const snake = toSnakeCase(name);
        expect(snake).toBe(snake.toLowerCase());
        expect(toSnakeCase(snake)).toBe(snake);
        expect(snake.replace(/_/g, '')).toBe(name.replace(/_/g, '').toLowerCase());
      }),
    );
  });
});

describe('tsLiteral', () => {
  it('writes any JSON value as an expression that evaluates to it (as JSON would: -0 is 0)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = tsLiteral(value);
        expect(new Function(`return (${text});`)()).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("lays a value out as JSON.stringify's 2-space text, identifier keys unquoted, a comma after every member", () => {
    const inherited = new Set(Object.getOwnPropertyNames(Object.prototype));
    const key = fc.oneof(fc.string(), fc.constantFrom('a', '$b', '_c1', 'd-e', '1f', 'toString', '__proto__'));
    const value = fc.jsonValue().chain((json) => fc.dictionary(key, fc.constant(json)));
    fc.assert(
      fc.property(value, fc.constantFrom('', '    '), (record, indent) => {
        const expected = JSON.stringify(record, null, 2)
          .replace(/^( *)"([A-Za-z_$][A-Za-z0-9_$]*)": /gm, (_line, space: string, name: string) =>
            inherited.has(name) ? `${space}["${name}" + ""]: ` : `${space}${name}: `,
          )
          .replace(/([^[{,])(?=\n *[}\]])/g, '$1,')
          .replace(/\n/g, `\n${indent}`);
        expect(tsLiteral(record, indent)).toBe(expected);
      }),
    );
  });

  it('writes the same text with a memo, an object shared at several depths and by several values included', () => {
    // Values that share objects at several places and depths, as tools share their types' schemas.
    const shared = fc.jsonValue().map((json) => ({ json, code: new Code('classes.X') }));
    const tree = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue(),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        shared,
        fc.array(fc.tuple(tree, fc.nat(3))),
        fc.constantFrom('', '    '),
        (common, values, indent) => {
          const built = values.map(([value, depth]) => {
            let wrapped: unknown = [value, common, { common }];
            for (let level = 0; level < depth; level++) wrapped = { level: wrapped, again: common };
            return wrapped;
          });
          const memo = new WeakMap();
          for (const value of built) expect(tsLiteral(value, indent, memo)).toBe(tsLiteral(value, indent));
        },
      ),
    );
  });

  it("writes from JSON.stringify's text (tsLiteralOfJson) what it writes from the value", () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom('a', '$b', '_c1', 'd-e', '1f', 'toString', '__proto__', 'constructor', 'x\u2028y', '"q"'),
    );
    const text = fc.oneof(fc.string(), fc.constantFrom('a\u2028b', '\u2029', '\n  }', '"k": v', '\\'));
    const tree = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.jsonValue(),
        text,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(tree, fc.constantFrom('', '    '), (value, indent) => {
        const json = JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
        expect(tsLiteralOfJson(json)).toBe(tsLiteral(value, indent));
      }),
    );
  });

  it('is reentrant: a value whose toJSON writes a literal of its own leaves the outer Code in place', () => {
    const inner = { toJSON: () => tsLiteral({ b: new Code('Inner') }) };
    expect(tsLiteral({ a: inner, c: new Code('Outer') })).toBe('{\n  a: "{\\n  b: Inner,\\n}",\n  c: Outer,\n}');
  });

  it('keeps __proto__ an own property and writes Code verbatim', () => {
    const value0 = JSON.parse('{ "__proto__": 1 }') as Record<string, unknown>;
    value0['a-b'] = [new Code('() => X')];
    const text = tsLiteral(value0);
    expect(text).toBe('{\n  ["__proto__" + ""]: 1,\n  "a-b": [\n    () => X,\n  ],\n}');
    const value = new Function('X', `return (${text});`)(1) as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
  });

  it('never takes a string of the value for Code, and ends every last member with a comma', () => {
    const value = { a: ['\u00000\u0000', new Code('() => X'), { b: {}, c: [] }], d: '{' };
    const text = tsLiteral(value, '  ');
    expect(text).toBe(
      '{\n    a: [\n      "\\u00000\\u0000",\n      () => X,\n      {\n        b: {},\n        c: [],\n      ' +
        '},\n    ],\n    d: "{",\n  }',
    );
    const evaluated = new Function('X', `return (${text});`)(1) as { a: unknown[] };
    expect((evaluated.a[1] as () => unknown)()).toBe(1);
    expect({ ...evaluated, a: evaluated.a.filter((_item, index) => index !== 1) }).toEqual({
      ...value,
      a: ['\u00000\u0000', { b: {}, c: [] }],
    });
  });
});

describe('import specifiers', () => {
  it('follows the module resolution', () => {
    expect(extensionStyle({ module: ts.ModuleKind.NodeNext })).toBe('js');
    expect(extensionStyle({ moduleResolution: ts.ModuleResolutionKind.Node16 })).toBe('js');
    expect(extensionStyle({ moduleResolution: ts.ModuleResolutionKind.Bundler })).toBe('none');
    expect(extensionStyle({ module: ts.ModuleKind.ESNext })).toBe('none');
    expect(extensionStyle({ module: ts.ModuleKind.NodeNext, rewriteRelativeImportExtensions: true })).toBe('ts');
  });

  it('is relative to the generated module', () => {
    expect(importSpecifier('/p/src/tools.generated.ts', '/p/src/a/service.ts', 'js')).toBe('./a/service.js');
    expect(importSpecifier('/p/src/gen/tools.ts', '/p/src/service.mts', 'js')).toBe('../service.mjs');
    expect(importSpecifier('/p/tools.ts', '/p/src/service.cts', 'js')).toBe('./src/service.cjs');
    expect(importSpecifier('/p/src/tools.ts', '/p/src/service.tsx', 'none')).toBe('./service');
    expect(importSpecifier('/p/src/tools.ts', '/p/src/service.ts', 'ts')).toBe('./service.ts');
  });
});

describe('parseArgs', () => {
  it('takes --flag value and --flag=value', () => {
    expect(
      parseArgs(['--project', 'a.json', '--out=b.ts', '--json', 'c.json', '--check', '--name-style=snake']),
    ).toEqual({
      kind: 'run',
      options: { project: 'a.json', out: 'b.ts', json: 'c.json', check: true, nameStyle: 'snake', cache: true },
      watch: false,
    });
    expect(parseArgs([])).toEqual({ kind: 'run', options: { cache: true }, watch: false });
    expect(parseArgs(['--watch', '--no-cache'])).toEqual({ kind: 'run', options: { cache: false }, watch: true });
    expect(parseArgs(['--cache-dir', '.c'])).toEqual({
      kind: 'run',
      options: { cache: true, cacheDir: '.c' },
      watch: false,
    });
    expect(parseArgs(['--max-tools', '1000'])).toEqual({
      kind: 'run',
      options: { cache: true, maxTools: 1000 },
      watch: false,
    });
    expect(parseArgs(['--threads=2'])).toEqual({ kind: 'run', options: { cache: true, threads: 2 }, watch: false });
    expect(parseArgs(['--check', '-h'])).toEqual({ kind: 'help' });
    expect(parseArgs(['--version'])).toEqual({ kind: 'version' });
  });

  it.each([
    [['--wait'], 'unknown option --wait'],
    [['--watch', '--check'], '--watch and --check cannot be used together'],
    [['--no-cache', '--cache-dir', 'x'], '--cache-dir and --no-cache cannot be used together'],
    [['file.ts'], 'unexpected argument file.ts'],
    [['--out'], '--out needs a value'],
    [['--out', '--check'], '--out needs a value'],
    [['--out='], '--out needs a value'],
    [['--json', 'a', '--json', 'b'], '--json is given twice'],
    [['--name-style', 'camel'], '--name-style takes preserve or snake, not camel'],
    [['--max-tools', '0'], '--max-tools takes a whole number from 1, not 0'],
    [['--max-tools=1e3'], '--max-tools takes a whole number from 1, not 1e3'],
    [['--threads', '0'], '--threads takes a whole number from 1, not 0'],
    [['--threads=auto'], '--threads takes a whole number from 1, not auto'],
  ])('%j is an error', (args, message) => {
    expect(parseArgs(args)).toEqual({ kind: 'error', message });
  });
});

const tool = (name: string, description: string): ManifestTool => ({
  name,
  description,
  class: 'S',
  method: name,
  file: 'src/s.ts',
  parameters: { type: 'object', properties: {} },
  params: [],
});

describe('stale outputs', () => {
  const render = (tools: ManifestTool[]) =>
    renderModule({
      tools: tools.map((entry) => ({ tool: entry, exportName: 'S' })),
      outFile: '/p/src/tools.generated.ts',
      projectDir: '/p',
      extensionStyle: 'js',
      command: 'gen-tools',
      hash: manifestHash(tools),
    });

  it('names added, changed and removed tools of a module and of JSON', () => {
    const before = [tool('a', 'A'), tool('b', 'B'), tool('c', 'C')];
    const after = [tool('a', 'A'), tool('b', 'B2'), tool('d', 'D')];
    const expected = {
      tools: [
        { name: 'b', change: 'changed' },
        { name: 'd', change: 'added' },
        { name: 'c', change: 'removed' },
      ],
    };
    expect(toolNamesInModule(render(before).text)).toEqual(['a', 'b', 'c']);
    expect(compareOutput('m.ts', render(before).text, render(after), toolNamesInModule)).toMatchObject(expected);
    expect(toolNamesInJson(renderJson(before, manifestHash(before)).text)).toEqual(['a', 'b', 'c']);
    expect(
      compareOutput(
        't.json',
        renderJson(before, manifestHash(before)).text,
        renderJson(after, manifestHash(after)),
        toolNamesInJson,
      ),
    ).toMatchObject(expected);
    expect(
      compareOutput(
        't.json',
        renderJson(after, manifestHash(after)).text,
        renderJson(after, manifestHash(after)),
        toolNamesInJson,
      ),
    ).toBeUndefined();
    expect(compareOutput('t.json', undefined, renderJson(after, manifestHash(after)), toolNamesInJson)).toMatchObject({
      missing: true,
    });
    expect(
      compareOutput('t.json', 'not json', renderJson(after, manifestHash(after)), toolNamesInJson)?.tools.map(
        (t) => t.change,
      ),
    ).toEqual(['added', 'added', 'added']);
  });
});

describe('writeFilesAtomically', () => {
  it('replaces no file when one of the writes fails, and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolwright-gen-write-'));
    try {
      const first = join(dir, 'tools.generated.ts');
      writeFileSync(first, 'old');
      writeFileSync(join(dir, 'blocker'), 'a file where a folder should be');
      expect(() =>
        writeFilesAtomically([
          { path: first, text: 'new' },
          { path: join(dir, 'blocker', 'tools.json'), text: '{}' },
        ]),
      ).toThrow();
      expect(readFileSync(first, 'utf8')).toBe('old');
      expect(readdirSync(dir).sort()).toEqual(['blocker', 'tools.generated.ts']);

      writeFilesAtomically([
        { path: first, text: 'new' },
        { path: join(dir, 'sub/tools.json'), text: '{}' },
      ]);
      expect(readFileSync(first, 'utf8')).toBe('new');
      expect(existsSync(join(dir, 'sub/tools.json'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('small helpers', () => {
  it('prefilters files by text', () => {
    expect(mayDeclareTools("import { tool } from '@toolwright/core';")).toBe(true);
    expect(mayDeclareTools('export const x = 1; // tool')).toBe(false);
    expect(mayDeclareTools('/** @param x */ function f(x) {}')).toBe(false);
  });

  it('shows paths relative to cwd unless climbing to the root is longer', () => {
    expect(displayPath('/work/p/src/a.ts', '/work/p')).toBe('src/a.ts');
    expect(displayPath('/work/p/src/a.ts', '/work/p/test')).toBe('../src/a.ts');
    expect(displayPath('/tmp/a.ts', '/work/p/deep/er/still')).toBe('/tmp/a.ts');
  });
});

describe('version', () => {
  it('GEN_VERSION (part of the cache key) is the version in package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(GEN_VERSION).toBe(pkg.version);
  });
});

describe('renderModule', () => {
  // Blocks of tools without revivals are made from their tools.json text; the others by tsLiteral from the value.
  const render = (tools: ManifestTool[]) =>
    renderModule({
      tools: tools.map((entry) => ({ tool: entry, exportName: entry.class })),
      outFile: '/p/src/tools.generated.ts',
      projectDir: '/p',
      extensionStyle: 'js',
      command: 'gen-tools',
      hash: manifestHash(tools),
    }).blocks.map((block) => block.text);
  const withTarget = (entry: ManifestTool, target: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(entry).flatMap(([key, value]) =>
        key === 'file'
          ? [
              [key, value],
              ['target', new Code(target)],
            ]
          : [[key, value]],
      ),
    );

  it('writes each tool as tsLiteral writes it with its class thunk after file', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('toString', '__proto__', 'a-b', 'file', 'target'));
    const text = fc.oneof(fc.string(), fc.constantFrom('a\u2028b', '\n      file: "x",', '"file": 1'));
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue(), { maxKeys: 4 }), text, (properties, description) => {
        const entry: ManifestTool = {
          ...tool('t', description),
          parameters: { type: 'object', properties: properties as ManifestTool['parameters']['properties'] },
          params: Object.keys(properties).map((name) => ({ name, kind: 'value' as const })),
          returns: { description },
        };
        expect(render([entry])).toEqual([tsLiteral(withTarget(entry, 'classes.S'), '    ')]);
      }),
    );
  });

  it('writes tools.json as JSON.stringify writes the manifest, each block where it says', () => {
    const text = fc.oneof(fc.string(), fc.constantFrom('a\u2028b', '\n', '    ]', '"x": ['));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.jsonValue()), { maxLength: 4 }), (entries) => {
        const tools = entries.map(([description, value], i) => ({
          ...tool(`t${i}`, description),
          parameters: { type: 'object' as const, properties: { v: value } as ManifestTool['parameters']['properties'] },
        }));
        const { text: json, blocks } = renderJson(tools, 'h');
        expect(json).toBe(`${JSON.stringify({ version: 1, hash: 'h', tools }, null, 2)}\n`);
        for (const block of blocks) expect(json.slice(block.start, block.start + block.text.length)).toBe(block.text);
        expect(blocks.map((block) => JSON.parse(block.text))).toEqual(JSON.parse(JSON.stringify(tools)));
      }),
    );
  });

  it('writes the thunk of a revived class, and the tools beside it as before', () => {
    const revived: ManifestTool = {
      ...tool('r', 'R'),
      params: [{ name: 'dto', kind: 'value', revive: { kind: 'class', name: 'Dto', file: 'src/dto.ts' } }],
    };
    const [plain, withRevival] = render([tool('a', 'A'), revived]);
    expect(plain).toBe(tsLiteral(withTarget(tool('a', 'A'), 'classes.S'), '    '));
    expect(withRevival).toContain(
      'revive: {\n            kind: "class",\n            name: "Dto",\n            file: "src/dto.ts",\n' +
        '            target: classes.Dto,\n',
    );
  });
});
