// Leaving the DOM and web worker libs out of the program (src/program/host-libs.ts): left out only when the tools
// cannot reach them, kept for every way a tool can, and the same outputs either way. The golden runners check the
// same outputs on every fixture (expectSameOtherWays in helpers/golden.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/analyze.js';
import { describeFiles } from '../src/describe/describe-files.js';
import { Diagnostics } from '../src/diagnostics.js';
import { loadTools } from '../src/load-tools.js';
import type { WatchState } from '../src/incremental/watch-state.js';
import { isHostLib } from '../src/program/host-libs.js';
import { SourceFileCache } from '../src/program/lean-host.js';
import { libFiles, ts } from '../src/program/typescript.js';
import { libFilesDiagnostics } from './helpers/lib-files-program.js';
import { hostLibGlobalsSource } from '../scripts/host-lib-globals.js';
import {
  bothWays,
  firstReadingDiffers,
  libsOptions,
  libsProject as project,
  same,
  service,
  keptMarkRuns,
  watchedRuns,
  withAllLibs,
} from './helpers/libs-both-ways.js';

describe('host libs', () => {
  it('the table of their globals is the one of the TypeScript gen runs', () => {
    const committed = readFileSync(new URL('../src/program/host-lib-globals.generated.ts', import.meta.url), 'utf8');
    expect(committed, 'run: node --import tsx packages/gen/scripts/host-lib-globals.ts').toBe(
      hostLibGlobalsSource(libFiles()),
    );
  });

  it("the other lib files never name a host lib global (only a project's code can need the host libs)", () => {
    // Every lib file but the host libs, checked together: a name only a host lib declares would be "Cannot find name".
    const libs = libFiles().filter(({ fileName }) => !isHostLib(fileName));
    const missing = libFilesDiagnostics(libs)
      .filter((diagnostic) => diagnostic.code === 2304 || diagnostic.code === 2552)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(missing).toEqual([]);
  });

  const leftOut: Record<string, Record<string, string>> = {
    'types of the project only': {
      'src/shared.ts': 'export interface Place { name: string; length: number }\nexport enum Level { Low, High }\n',
      'src/service.ts': service(
        `  @tool()\n  visit(place: import('./shared.js').Place, level: import('./shared.js').Level = 0): string ` +
          `{\n    return place.name + document.title;\n  }`,
      ),
    },
    'a body that names a DOM global, when the return type is written': {
      'src/service.ts': service(
        `  @tool()\n  title(id: string): string {\n    return document.title + new URL(id).href;\n  }`,
      ),
    },
    'names that resolve in the file (a parameter called name, an import called Event)': {
      'src/event.ts': 'export interface Event { kind: string }\n',
      'src/service.ts': service(
        `  @tool()\n  greet(name: string, event: Event) {\n    return { name, length: name.length, event };\n  }`,
        "import type { Event } from './event.js';",
      ),
    },
    'a ToolContext parameter (recognised, its members never read)': {
      'src/service.ts': service(
        `  @tool()\n  wait(ms: number, context?: ToolContext): number {\n    return context?.signal.aborted ? 0 ` +
          `: ms;\n  }`,
        "import type { ToolContext } from '@toolwright/core';",
      ),
    },
    'a package declaration file that names the DOM where no tool goes': {
      'node_modules/dom-user/package.json': JSON.stringify({ name: 'dom-user', types: 'index.d.ts' }),
      'node_modules/dom-user/index.d.ts':
        'export interface Options { retries: number }\nexport declare function listen(target: EventTarget): void;\n',
      'src/service.ts': service(
        `  @tool()\n  retry(options: Options): number {\n    return options.retries;\n  }`,
        "import type { Options } from 'dom-user';",
      ),
    },
  };
  for (const [name, files] of Object.entries(leftOut)) {
    it(`are left out: ${name}`, () => {
      const { auto, all } = bothWays(join(project(files), 'tsconfig.json'));
      expect(auto.hostLibs).toEqual({ leftOut: true });
      same(auto, all);
    });
  }

  const needed: Record<string, [Record<string, string>, RegExp, object?]> = {
    'a parameter typed with a DOM interface': [
      { 'src/service.ts': service(`  @tool()\n  open(url: URL): string {\n    return url.href;\n  }`) },
      /names URL/,
    ],
    'a ToolContext type read as more than the context (its signal is an AbortSignal)': [
      {
        'src/service.ts': service(
          `  @tool()\n  wait(ms: number, signal: ToolContext['signal']): number {\n    return signal.aborted ? ` +
            `0 : ms;\n  }`,
          "import type { ToolContext } from '@toolwright/core';",
        ),
      },
      /names AbortSignal/,
    ],
    'an inferred return type that comes from a DOM global': [
      { 'src/service.ts': service(`  @tool()\n  title() {\n    return document.title;\n  }`) },
      /names document/,
    ],
    'a DOM name inside a conditional type (the checker would take an unknown name as any)': [
      {
        'src/service.ts': service(
          `  @tool()\n  pick(kind: Pick): string {\n    return String(kind);\n  }`,
          "type Pick = Event extends { type: string } ? 'event' : 'other';",
        ),
      },
      /names Event/,
    ],
    'a DOM name reached through an imported package type': [
      {
        'node_modules/dom-user/package.json': JSON.stringify({ name: 'dom-user', types: 'index.d.ts' }),
        'node_modules/dom-user/index.d.ts': 'export interface Options { target: HTMLElement }\n',
        'src/service.ts': service(
          `  @tool()\n  mount(options: Options): string {\n    return String(options);\n  }`,
          "import type { Options } from 'dom-user';",
        ),
      },
      /names HTMLElement/,
    ],
    'a DOM name in one type, and the same name as a type parameter of another': [
      {
        'src/service.ts': service(
          `  @tool()\n  box(box: Box<string>): string {\n    return box.item;\n  }\n\n  @tool()\n  page(page: ` +
            `Page): string {\n    return String(page);\n  }`,
          'interface Box<Event> { item: Event }\ninterface Page { target: Event }',
        ),
      },
      /names Event/,
    ],
    'import.meta in an inferred body': [
      { 'src/service.ts': service(`  @tool()\n  where() {\n    return import.meta.url;\n  }`) },
      /members of ImportMeta/,
    ],
    'globalThis in a parameter type': [
      {
        'src/service.ts': service(
          `  @tool()\n  call(name: keyof typeof globalThis): string {\n    return String(name);\n  }`,
        ),
      },
      /the globals were listed/,
    ],
    'a global declaration that merges with the DOM': [
      {
        'src/globals.d.ts': 'interface Window { appName: string }\n',
        'src/service.ts': service(`  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`),
      },
      /declares the global Window/,
    ],
    'declare global in a module': [
      {
        'src/augment.d.ts': 'export {};\ndeclare global {\n  interface Event { traced: boolean }\n}\n',
        'src/service.ts': service(`  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`),
      },
      /declares the global Event/,
    ],
    'a reference to lib dom': [
      {
        'src/service.ts':
          '/// <reference lib="dom" />\n' +
          `${service(`  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`)}`,
      },
      /lib\.dom\.d\.ts is referenced/,
    ],
    'a JavaScript file in the program': [
      {
        'src/helper.js': 'export const one = 1;\n',
        'src/service.ts': service(
          `  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`,
          "import { one } from './helper.js';",
        ),
      },
      /is JavaScript/,
      { allowJs: true },
    ],
  };
  for (const [name, [files, reason, options]] of Object.entries(needed)) {
    it(`are kept: ${name}`, () => {
      const { auto, all } = bothWays(join(project(files, options), 'tsconfig.json'));
      expect(auto.hostLibs).toMatchObject({ leftOut: false, reason: expect.stringMatching(reason) });
      same(auto, all);
    });
  }

  it('are left out of an explicit lib list and of the ES5 default lib too', () => {
    const files = {
      'src/service.ts': service(`  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`),
    };
    for (const options of [
      { lib: ['es2022', 'dom', 'dom.iterable'] },
      { target: 'ES5', module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0' },
    ]) {
      const { auto, all } = bothWays(join(project(files, options), 'tsconfig.json'));
      expect(auto.hostLibs).toEqual({ leftOut: true });
      same(auto, all);
    }
    // Nothing to leave out: no decision is made.
    const { auto } = bothWays(join(project(files, { lib: ['es2022'] }), 'tsconfig.json'));
    expect(auto.hostLibs).toBeUndefined();
  });

  it('--watch starts with them after a run that needed them, and leaves them out again once nothing does', () => {
    const dir = project({
      'src/service.ts': service(`  @tool()\n  open(url: URL): string {\n    return url.href;\n  }`),
    });
    const { run, runs } = watchedRuns(libsOptions(join(dir, 'tsconfig.json')), (analysis) => analysis.hostLibs);
    run();
    writeFileSync(
      join(dir, 'src/service.ts'),
      service(`  @tool()\n  open(url: string): string {\n    return url;\n  }`),
    );
    run();
    run();
    expect(runs).toEqual([
      { leftOut: false, reason: expect.stringMatching(/names URL/) },
      { leftOut: false },
      { leftOut: true },
    ]);
  });
  it('--watch: a file kept from a run that needed them keeps them for one more run, then they go', () => {
    // Run 2 starts with them (B is kept from run 1's need); run 3 too (run 2 kept B), though B is read again there and
    // needs nothing; run 4 keeps B from run 3, which needed nothing: they go.
    expect(keptMarkRuns('{ at: URL }', '{ at: string }', (analysis) => analysis.hostLibs)).toEqual([
      { leftOut: false, reason: expect.stringMatching(/names URL/) },
      { leftOut: false },
      { leftOut: false },
      { leftOut: true },
    ]);
  });
});

describe('host libs: what the probe tells', () => {
  it('a Map reached through a project type, the DOM asked for: the ES libs are added, not the DOM', () => {
    // The unresolved Map makes gen ask for the file's diagnostics, whose suggestions list every global: that listing
    // alone must not pull the DOM in while a name tells which libs to add.
    const { auto, all } = bothWays(
      join(
        project({
          'src/service.ts': service(
            `  /** Counts. */\n  @tool()\n  count(counts: Counts): number {\n    return 0;\n  }`,
            'interface Counts { byName: Map<string, number> }',
          ),
        }),
        'tsconfig.json',
      ),
    );
    expect(auto.hostLibs).toEqual({ leftOut: true });
    expect(auto.esLibs).toMatchObject({ leftOut: false, reason: expect.stringMatching(/names Map/) });
    same(auto, all);
  });

  it('both groups needed by one reading: the program is built once, with every lib', () => {
    const { auto, all } = bothWays(
      join(
        project({
          'src/service.ts': service(
            `  @tool()\n  count(counts: Counts): number {\n    return 0;\n  }\n\n  @tool()\n  open(page: Page): string ` +
              `{\n    return String(page);\n  }`,
            'interface Counts { byName: Map<string, number> }\ninterface Page { at: URL }',
          ),
        }),
        'tsconfig.json',
      ),
    );
    expect(auto.hostLibs).toMatchObject({ leftOut: false, reason: expect.stringMatching(/names URL/) });
    expect(auto.esLibs).toMatchObject({ leftOut: false, reason: expect.stringMatching(/names Map/) });
    same(auto, all);
  });

  // The first program's own reading, never built again: for these tools it differs from every lib's, which is why the
  // probe must see them (were it blind to them, the tests above would fail on the outputs).
  const differing: Record<string, [string, string?]> = {
    'a DOM interface reached through a project type': [
      `  @tool()\n  open(page: Page): string {\n    return String(page);\n  }`,
      'interface Page { at: URL; title: string }',
    ],
    'import.meta returned from an inferred body': [`  @tool()\n  where() {\n    return import.meta;\n  }`],
    'a DOM global in a conditional type': [
      `  @tool()\n  pick(kind: Kind): string {\n    return String(kind);\n  }`,
      "type Kind = Event extends { type: string } ? 'event' : 1;",
    ],
  };
  for (const [name, [methods, before]] of Object.entries(differing)) {
    it(`the first reading differs: ${name}`, () => {
      const options = libsOptions(join(project({ 'src/service.ts': service(methods, before) }), 'tsconfig.json'));
      const loaded = firstReadingDiffers(options);
      expect(loaded.hostLibs).toEqual({ leftOut: true });
      expect(loaded.probe?.reason('host')).toBeDefined();
      const auto = analyze(options);
      expect(auto.hostLibs).toMatchObject({ leftOut: false });
      same(auto, withAllLibs(options));
    });
  }

  it('a reading stops at the first lookup of a name a left-out lib declares, and only where the probe is armed', () => {
    const methods =
      `  @tool()\n  open(page: Page): string {\n    return String(page);\n  }\n\n` +
      `  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`;
    const options = libsOptions(
      join(project({ 'src/service.ts': service(methods, 'interface Page { at: URL }') }), 'tsconfig.json'),
    );
    const loaded = loadTools(options, new Diagnostics());
    const read = () => describeFiles(loaded.files, loaded, options.nameStyle, new Diagnostics());
    expect(loaded.probe?.untilNeeded(read)).toBeUndefined();
    expect(loaded.probe?.reason('host')).toMatch(/^names URL/);
    // Not armed: the same checker's questions are answered (the program built with the DOM is not needed for that).
    const again = loadTools(options, new Diagnostics());
    expect(describeFiles(again.files, again, options.nameStyle, new Diagnostics())[0]?.entries).toHaveLength(2);
    // A group the program was built with is judged, never stopped at: --watch after a run that needed the DOM.
    const state: WatchState = { sourceFiles: new SourceFileCache(), hostLibsNeeded: true };
    const withThem = loadTools(options, new Diagnostics(), { state });
    expect(withThem.hostLibs).toEqual({ leftOut: false });
    const entries = withThem.probe?.untilNeeded(() =>
      describeFiles(withThem.files, withThem, options.nameStyle, new Diagnostics()),
    );
    expect(entries?.[0]?.entries).toHaveLength(2);
    expect(withThem.probe?.reason('host')).toMatch(/^names URL/);
  });
});
