// Leaving TypeScript's ES lib files beyond the base out of the program (src/program/es-libs.ts): kept out only when
// the checker did nothing for gen that they could change, built again with them for every way a tool can need them,
// and the same outputs either way. The golden runners check the same outputs on every fixture (expectSameOtherWays in
// helpers/golden.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, type GenerateOptions } from '@toolwright/gen';
import { esLibPlan } from '../src/program/es-libs.js';
import { libFiles, ts } from '../src/program/typescript.js';
import { libFilesDiagnostics } from './helpers/lib-files-program.js';
import { esLibGlobalsSource } from '../scripts/es-lib-globals.js';
import {
  bothWays,
  firstReadingDiffers,
  libsOptions,
  libsProject,
  same,
  keptMarkRuns,
  service,
  watchedRuns,
} from './helpers/libs-both-ways.js';

const ES2022 = ['lib.es2022.d.ts'];

/** The analysis of one service file of these methods both ways, compared; the ES libs' decision. */
function decided(methods: string, before = '', files: Record<string, string> = {}, options: object = {}) {
  const dir = libsProject({ 'src/service.ts': service(methods, before), ...files }, options);
  const { auto, all } = bothWays(join(dir, 'tsconfig.json'));
  same(auto, all);
  return auto;
}

describe('ES libs', () => {
  it('the table of their globals is the one of the TypeScript gen runs', () => {
    const committed = readFileSync(new URL('../src/program/es-lib-globals.generated.ts', import.meta.url), 'utf8');
    expect(committed, 'run: node --import tsx packages/gen/scripts/es-lib-globals.ts').toBe(
      esLibGlobalsSource(libFiles()),
    );
  });

  it('the base lib files never name a global that only a left-out lib declares', () => {
    // Checked alone, a name only a left-out lib declares would be "Cannot find name". lib.es5.d.ts is checked as the
    // first program has it: without its binary data.
    const plan = esLibPlan(ES2022)!;
    const { fileName: cutFile, start, end } = plan.cut!;
    const files = libFiles()
      .filter(({ fileName }) => plan.first.includes(fileName))
      .map(({ fileName, text }) => ({
        fileName,
        text: fileName === cutFile ? text.slice(0, start) + text.slice(end) : text,
      }));
    expect(files.length).toBe(plan.first.length);
    const missing = libFilesDiagnostics(files).map((diagnostic) =>
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    );
    expect(missing).toEqual([]);
  });

  it('the plan: the base first, the rest of what the project asks for left out', () => {
    const plan = esLibPlan(ES2022)!;
    expect(plan.first).toEqual([
      'lib.es5.d.ts',
      'lib.decorators.d.ts',
      'lib.decorators.legacy.d.ts',
      'lib.es2015.promise.d.ts',
    ]);
    expect(plan.leftOut).toContain('lib.es2022.error.d.ts');
    expect(plan.leftOut).not.toContain('lib.es2023.array.d.ts');
    // Names only a left-out lib declares tell a need when looked up; base interfaces it adds to, when their members are read.
    expect(plan.lookups.get('Map')).toBe('lib.es2015.collection.d.ts');
    expect(plan.lookups.get('Intl')).toMatch(/^lib\.es20\d\d\.intl\.d\.ts$/);
    expect(plan.lookups.get('Symbol')).toBe('lib.es2015.symbol.d.ts');
    expect(plan.augmented.get('Error')).toBe('lib.es2022.error.d.ts');
    expect(plan.augmented.has('Array')).toBe(true);
    expect(plan.augmented.has('ObjectConstructor')).toBe(true);
    expect(plan.lookups.has('PropertyKey')).toBe(false);
    expect(plan.augmented.has('PropertyKey')).toBe(false);
    // The checker looks these up as it is made, before the probe watches: none may be a name whose lookup tells.
    for (const name of ['IArguments', 'Array', 'Object', 'Function', 'CallableFunction', 'NewableFunction', 'String']) {
      expect(plan.lookups.has(name)).toBe(false);
    }
    for (const name of ['Number', 'Boolean', 'RegExp', 'ReadonlyArray', 'ThisType']) {
      expect(plan.lookups.has(name)).toBe(false);
    }
    // ES5's binary data is left out with them, its names watched: it is a span of lib.es5.d.ts's text.
    expect(plan.cut).toEqual({ fileName: 'lib.es5.d.ts', start: expect.any(Number), end: expect.any(Number) });
    for (const name of ['ArrayBuffer', 'ArrayBufferLike', 'DataView', 'Uint8Array', 'Float64ArrayConstructor'])
      expect(plan.lookups.get(name)).toBe('lib.es5.d.ts');
    const es5 = libFiles().find(({ fileName }) => fileName === 'lib.es5.d.ts')!.text;
    const cutText = es5.slice(plan.cut!.start, plan.cut!.end);
    expect(cutText).toMatch(/^\s*(\/\*\*[\s\S]*?\*\/\s*)?interface ArrayBuffer \{/);
    expect(cutText).toMatch(/declare var Float64Array: Float64ArrayConstructor;$/);
    // The default lib of a target (lib.es2022.full.d.ts) also asks for Windows Script Host's globals: left out too.
    const full = esLibPlan([...ES2022, 'lib.scripthost.d.ts'])!;
    expect(full.first).toEqual(plan.first);
    expect(full.leftOut).toContain('lib.scripthost.d.ts');
    for (const name of ['ActiveXObject', 'WScript', 'VBArray', 'Enumerator', 'TextStreamWriter'])
      expect(full.lookups.get(name)).toBe('lib.scripthost.d.ts');
    // It adds getVarDate to Date, as ES2015 adds [Symbol.toPrimitive]: reading Date's members tells a need.
    expect(full.augmented.has('Date')).toBe(true);
    // ES5 alone: only its binary data to leave out.
    const es5Only = esLibPlan(['lib.es5.d.ts'])!;
    expect(es5Only.leftOut.size).toBe(0);
    expect(es5Only.cut).toEqual(plan.cut);
  });

  const leftOut: Record<string, [string, string?]> = {
    'arrays, a Promise return, Record, enums, keyof over a project type (the bench project)': [
      `  @tool()\n  async find(ids: string[], filter: Filter<Item>, tags: Record<string, string>, level: Level = ` +
        `Level.High): Promise<Item[]> {\n    return [];\n  }`,
      'export interface Item { id: string; size: number }\nexport enum Level { Low, High }\n' +
        'export interface Filter<T> { field: keyof T; oneOf?: string[] }',
    ],
    'ReadonlyArray, tuples, template literal types': [
      `  @tool()\n  pick(names: ReadonlyArray<string>, pair: [string, number], id: \`user-\${number}\`): string {\n` +
        `    return names[0] ?? id;\n  }`,
    ],
    'bigint (a primitive: BigInt is never looked up)': [
      `  @tool()\n  add(a: bigint, b: bigint): bigint {\n    return a + b;\n  }`,
    ],
    'PropertyKey and Record<PropertyKey, ...>': [
      `  @tool()\n  keys(key: PropertyKey, counts: Record<PropertyKey, number>): number {\n    return 0;\n  }`,
    ],
    'a body that calls ES2015+ methods, when the return type is written': [
      `  @tool()\n  first(ids: string[]): string {\n    return ids.find((id) => id.startsWith('a')) ?? Object.entries({}).join();\n  }`,
    ],
  };
  for (const [name, [methods, before]] of Object.entries(leftOut)) {
    it(`are left out: ${name}`, () => {
      expect(decided(methods, before).esLibs).toEqual({ leftOut: true });
    });
  }

  const needed: Record<string, [string, RegExp, string?, Record<string, string>?, object?]> = {
    'a Map parameter': [
      `  @tool()\n  count(counts: Map<string, number>): number {\n    return counts.size;\n  }`,
      /names Map/,
    ],
    'a Set parameter': [`  @tool()\n  tag(tags: Set<string>): number {\n    return tags.size;\n  }`, /names Set/],
    'an interface extending Error (ES2022 adds cause)': [
      `  @tool()\n  report(failure: Failure): string {\n    return failure.message;\n  }`,
      /members of Error/,
      'interface Failure extends Error { code: number }',
    ],
    'an Error subclass': [
      `  @tool()\n  report(failure: NotFound): string {\n    return failure.message;\n  }`,
      /Error/,
      'class NotFound extends Error { code = 404 }',
    ],
    'Awaited<>': [
      `  @tool()\n  wait(value: Awaited<Promise<{ id: string }>>): string {\n    return value.id;\n  }`,
      /members of (Array|Promise)/,
    ],
    'a body-inferred return that calls ES2015+ methods': [
      `  @tool()\n  first(ids: string[]) {\n    return ids.find((id) => id.startsWith('a'));\n  }`,
      /members of (Array|String)/,
    ],
    'keyof string[]': [
      `  @tool()\n  member(name: keyof string[]): string {\n    return String(name);\n  }`,
      /members of Array/,
    ],
    'a global augmentation of Array, read through keyof': [
      `  @tool()\n  member(name: keyof string[], tags: string[]): string {\n    return String(name);\n  }`,
      /members of Array/,
      '',
      { 'src/globals.d.ts': 'interface Array<T> { tagged?: boolean }\n' },
    ],
    'a reference to lib es2023, and a body-inferred return that calls an ES2023 method': [
      '',
      /members of Array|names Symbol/,
      '',
      {
        'src/service.ts': `/// <reference lib="es2023" />\n${service(
          `  @tool()\n  sorted(ids: string[]) {\n    return ids.toSorted();\n  }`,
        )}`,
      },
    ],
    'a Map reached through a project type (the probe sees it, with the DOM asked for or not)': [
      `  @tool()\n  count(counts: Counts): number {\n    return 0;\n  }`,
      /^names Map, which lib\.es2015\.collection\.d\.ts declares/,
      'interface Counts { byName: Map<string, number> }',
    ],
    'a Map reached through a project type, no DOM asked for': [
      `  @tool()\n  count(counts: Counts): number {\n    return 0;\n  }`,
      /^names Map, which lib\.es2015\.collection\.d\.ts declares/,
      'interface Counts { byName: Map<string, number> }',
      {},
      { lib: ['es2022'] },
    ],
    'Intl reached through a type alias': [
      `  @tool()\n  format(options: Options): string {\n    return String(options);\n  }`,
      /names Intl/,
      'type Options = Intl.NumberFormatOptions;',
    ],
    'a Map made in an inferred body (an expression: the probe sees it)': [
      `  @tool()\n  counts() {\n    return new Map([['a', 1]]).size;\n  }`,
      // The first name in order: Map's constructor takes an Iterable.
      /^names (Iterable|Map), which lib\.es2015\.\w+\.d\.ts declares/,
    ],
    'Intl types': [
      `  @tool()\n  format(options: Intl.NumberFormatOptions): string {\n    return String(options);\n  }`,
      /names Intl/,
    ],
    Symbol: [`  @tool()\n  name(id: Symbol): string {\n    return String(id);\n  }`, /names Symbol/],
    // Windows Script Host's globals, left out with them (lib.scripthost.d.ts, which the default lib asks for).
    'a VBArray parameter, with the default lib': [
      `  @tool()\n  size(items: VBArray<string>): number {\n    return items.ubound();\n  }`,
      /names VBArray/,
    ],
    'a VBArray reached through a project type, with the default lib': [
      `  @tool()\n  size(legacy: Legacy): number {\n    return 0;\n  }`,
      /^names VBArray, which lib\.scripthost\.d\.ts declares/,
      'interface Legacy { items: VBArray<string> }',
    ],
    'a Date parameter read through keyof, with the default lib': [
      `  @tool()\n  member(name: keyof Date): string {\n    return String(name);\n  }`,
      /members of Date/,
    ],
    // ES5's binary data, left out with them (es-libs.ts).
    'a Uint8Array parameter': [
      `  @tool()\n  size(data: Uint8Array): number {\n    return data.length;\n  }`,
      /names Uint8Array/,
    ],
    'an ArrayBuffer reached through a project type': [
      `  @tool()\n  size(upload: Upload): number {\n    return 0;\n  }`,
      /^names ArrayBuffer, which lib\.es5\.d\.ts declares/,
      'interface Upload { name: string; body: ArrayBuffer }',
    ],
    "an interface extending Uint8Array, as Node's Buffer does": [
      `  @tool()\n  size(data: Bytes): number {\n    return data.length;\n  }`,
      /names Uint8Array/,
      'interface Bytes extends Uint8Array { tag: string }',
    ],
    'ArrayBufferLike and DataView through aliases': [
      `  @tool()\n  read(view: View, raw: Raw): number {\n    return 0;\n  }`,
      /names (DataView|ArrayBufferLike)/,
      'type View = { at: number; view: DataView };\ntype Raw = { buffer: ArrayBufferLike }',
    ],
    'a decorator option using Object.entries': [
      `  @tool({ description: Object.entries({ a: 1 }).map(([key]) => key).join() })\n  add(a: number): number {\n` +
        `    return a;\n  }`,
      // Object.entries reads ObjectConstructor's members; the callback's array pattern iterates (Iterable, its
      // ArrayIterator): the reason is the first in order.
      /^(names (ArrayIterator|Iterable)|reads the members of ObjectConstructor), which lib\.es20\d\d\.\w+\.d\.ts/,
    ],
  };
  for (const [name, [methods, reason, before, files, options]] of Object.entries(needed)) {
    it(`are read again with them: ${name}`, () => {
      const { esLibs } = decided(methods, before, files, options);
      expect(esLibs).toEqual({ leftOut: false, reason: expect.stringMatching(reason) });
    });
  }

  it('a reference to lib es2023 in a project file: its files are read, and left out of nothing the tools touch', () => {
    const methods = `  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`;
    const files = { 'src/service.ts': `/// <reference lib="es2023" />\n${service(methods)}` };
    expect(decided('', '', files).esLibs).toEqual({ leftOut: true });
  });

  it('a global augmentation of Array whose members nothing reads leaves them out', () => {
    const auto = decided(`  @tool()\n  tag(tags: string[]): number {\n    return tags.length;\n  }`, '', {
      'src/globals.d.ts': 'interface Array<T> { tagged?: boolean }\n',
    });
    expect(auto.esLibs).toEqual({ leftOut: true });
  });

  it('lib: ["es5"] leaves out its binary data alone, and reads it again when a tool needs it', () => {
    const methods = `  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`;
    expect(decided(methods, '', {}, { lib: ['es5'] }).esLibs).toEqual({ leftOut: true });
    const bytes = `  @tool()\n  size(data: Bytes): number {\n    return data.byteLength;\n  }`;
    expect(decided(bytes, 'interface Bytes { data: Uint8Array }', {}, { lib: ['es5'] }).esLibs).toEqual({
      leftOut: false,
      reason: expect.stringMatching(/^names Uint8Array, which lib\.es5\.d\.ts declares/),
    });
  });

  it('--watch: a file kept from a run that needed them keeps them for one more run, then they go', () => {
    // Error's members are ES2022's (cause): read for a Page that extends it, through shared.ts (see keptMarkRuns).
    expect(
      keptMarkRuns(
        'extends Error { code: number }',
        '{ message: string; code: number }',
        (analysis) => analysis.esLibs,
      ),
    ).toEqual([
      { leftOut: false, reason: expect.stringMatching(/members of Error/) },
      { leftOut: false },
      { leftOut: false },
      { leftOut: true },
    ]);
  });

  it('--watch rebuilds with them in the run whose edit needs them, and leaves them out again once nothing does', () => {
    const dir = libsProject({
      'src/service.ts': service(`  @tool()\n  count(ids: string[]): number {\n    return ids.length;\n  }`),
    });
    const watched = watchedRuns(libsOptions(join(dir, 'tsconfig.json')), (analysis) => analysis.esLibs);
    const { runs } = watched;
    const run = (methods?: string) => {
      if (methods) writeFileSync(join(dir, 'src/service.ts'), service(methods));
      watched.run();
    };
    run();
    run(`  @tool()\n  count(counts: Map<string, number>): number {\n    return counts.size;\n  }`);
    run(`  @tool()\n  count(ids: string[]): number {\n    return ids.length;\n  }`);
    run();
    expect(runs).toEqual([
      { leftOut: true },
      { leftOut: false, reason: expect.stringMatching(/names Map/) },
      { leftOut: false },
      { leftOut: true },
    ]);
  });
});

describe('ES libs and the cache', () => {
  it('an edit after a run that left them out, whose tools need them, is read with them (same outputs as every lib)', async () => {
    const dir = libsProject({
      'src/service.ts': service(
        `  @tool()\n  count(counts: Counts): number {\n    return 0;\n  }`,
        "import type { Counts } from './counts.js';",
      ),
      'src/counts.ts': 'export interface Counts { byName: Record<string, number> }\n',
    });
    const options: GenerateOptions = {
      cwd: dir,
      out: 'src/tools.generated.ts',
      json: 'tools.json',
      cache: true,
      cacheDir: join(dir, '.cache'),
    };
    const run = async () => {
      const auto = await generate(options);
      process.env.TOOLWRIGHT_GEN_ALL_LIBS = '1';
      try {
        const all = await generate({ ...options, cache: false, check: true });
        expect(all.stale).toEqual([]);
        expect(auto.diagnostics).toEqual(all.diagnostics);
        expect(auto.manifest).toEqual(all.manifest);
      } finally {
        delete process.env.TOOLWRIGHT_GEN_ALL_LIBS;
      }
      return auto;
    };
    const first = await run();
    expect(first.cached).toBe(false);
    expect((await run()).cached).toBe(true);
    // Only the imported file changes: the Map is reached through it, not named in a signature.
    writeFileSync(join(dir, 'src/counts.ts'), 'export interface Counts { byName: Map<string, number> }\n');
    const edited = await run();
    expect(edited.cached).toBe(false);
    expect(edited.diagnostics.map((diagnostic) => diagnostic.code)).toContain('TW3001');
  });
});

describe('ES libs: what the rebuild prevents', () => {
  // The first program's own reading, never built again: for these tools it differs from every lib's, which is why the
  // probe must see them (were it blind to them, the tests above would fail on the outputs).
  const differing: Record<string, [string, string?]> = {
    "a Map in a parameter's type (an error with every lib, unresolved without)": [
      `  @tool()\n  count(counts: Counts): number {\n    return 0;\n  }`,
      'interface Counts { byName: Map<string, number> }',
    ],
    'an interface extending Error (cause)': [
      `  @tool()\n  report(failure: Failure): string {\n    return failure.message;\n  }`,
      'interface Failure extends Error { code: number }',
    ],
    'keyof string[]': [`  @tool()\n  member(name: keyof string[]): string {\n    return String(name);\n  }`],
    'an ArrayBuffer in a property (ES5 binary data: unresolved without it)': [
      `  @tool()\n  size(upload: Upload): number {\n    return 0;\n  }`,
      'interface Upload { name: string; body: ArrayBuffer }',
    ],
  };
  for (const [name, [methods, before]] of Object.entries(differing)) {
    it(name, () => {
      const dir = libsProject({ 'src/service.ts': service(methods, before) }, { lib: ['es2022'] });
      const loaded = firstReadingDiffers(libsOptions(join(dir, 'tsconfig.json')));
      expect(loaded.esLibs).toEqual({ leftOut: true });
      expect(loaded.probe?.reason('es')).toBeDefined();
    });
  }
});
