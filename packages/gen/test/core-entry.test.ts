// @toolwright/core's entry cut to the names the project imports (src/program/core-entry.ts): what the text test reads
// as a named import and what it leaves to the whole entry, the cut entry itself, and projects read with it against the
// whole entry (TOOLWRIGHT_GEN_ALL_LIBS=1): the same outputs, and built again with all of it whenever a file read later
// needs more.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../src/diagnostics.js';
import { cutEntry, namesFromCore } from '../src/program/core-entry.js';
import { loadProject } from '../src/program/load-project.js';
import { ts } from '../src/program/typescript.js';
import { bothWays, libsProject, same, service } from './helpers/libs-both-ways.js';
import { repoRoot } from './helpers/temp-project.js';

const names = (text: string) => {
  const found = namesFromCore(text);
  return found instanceof Set ? [...found].sort() : found;
};

describe("core's entry: the names a file imports", () => {
  it('reads named imports and re-exports, renamed, type-only, over several lines with comments', () => {
    expect(names(`import { tool } from '@toolwright/core';`)).toEqual(['tool']);
    expect(names(`import { tool as t, type ToolContext } from "@toolwright/core";`)).toEqual(['ToolContext', 'tool']);
    expect(
      names(
        `import type { Integer } from '@toolwright/core';\nexport { tool } from '@toolwright/core';\n` +
          `import {\n  defineTool, // the function form\n  /* and */ type ToolOptions,\n} from '@toolwright/core';`,
      ),
    ).toEqual(['Integer', 'ToolOptions', 'defineTool', 'tool']);
  });

  it('leaves any other mention to the whole entry', () => {
    for (const text of [
      `import * as tw from '@toolwright/core';`,
      `import core, { tool } from '@toolwright/core';`,
      `import { default as tw } from '@toolwright/core';`,
      `export * from '@toolwright/core';`,
      `import { tool } from '@toolwright/core';\ntype Context = import('@toolwright/core').ToolContext;`,
      `declare module '@toolwright/core' {\n  interface ToolContext { user: string }\n}`,
      'const { tool } = require(`@toolwright/core`);',
      `import { tool } from '@toolwright/core';\nconst name = '@toolwright/core';`,
      `import { "tool" as t } from '@toolwright/core';`,
    ]) {
      expect(names(text), text).toBe('all');
    }
  });

  it('a file that never names the package, or only a subpath of it, imports nothing from the entry', () => {
    expect(names(`import { z } from 'zod';`)).toBeUndefined();
    expect(names(`import { validators } from '@toolwright/core/validator-runtime';`)).toBeUndefined();
    expect(names('// built on @toolwright/core')).toBeUndefined();
  });
});

describe("core's entry, cut", () => {
  const entries = ['packages/core/src/index.ts', 'packages/core/dist/esm/index.d.ts'].map((path) =>
    join(repoRoot, path),
  );

  it("keeps the re-exports of the names asked for, from their own files, and core's entry is all re-exports", () => {
    for (const fileName of entries) {
      const text = readFileSync(fileName, 'utf8');
      const cut = cutEntry(fileName, text, new Set(['tool', 'ToolContext', 'Integer', 'defineTool']))!;
      expect(cut, fileName).toBeDefined();
      const file = ts.createSourceFile(fileName, cut, ts.ScriptTarget.Latest, true);
      const exported = file.statements.flatMap((statement) => {
        if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause))
          throw new Error(`not a named re-export: ${statement.getText(file)}`);
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        return statement.exportClause.elements.map(
          (element) => `${statement.isTypeOnly || element.isTypeOnly ? 'type ' : ''}${element.name.text} ${from}`,
        );
      });
      expect(exported.sort()).toEqual([
        'defineTool ./define-tool.js',
        'tool ./tool.js',
        'type Integer ./types.js',
        'type ToolContext ./types.js',
      ]);
    }
  });

  it('is not made from an entry that declares anything itself', () => {
    const text = `export { tool } from './tool.js';\nexport declare const version: string;\n`;
    expect(cutEntry('/x/index.d.ts', text, new Set(['tool']))).toBeUndefined();
    expect(cutEntry('/x/index.d.ts', `export * from './tool.js';\n`, new Set(['tool']))).toBeUndefined();
  });

  it('no file of core imports its entry (the cut entry is served to every file that does)', () => {
    for (const folder of ['packages/core/src', 'packages/core/dist/esm']) {
      const root = join(repoRoot, folder);
      const entry = join(root, 'index');
      const files = (readdirSync(root, { recursive: true }) as string[]).filter((name) => /\.(d\.)?ts$/.test(name));
      expect(files.length).toBeGreaterThan(10);
      for (const name of files) {
        if (join(root, name).startsWith(`${entry}.`)) continue;
        const text = readFileSync(join(root, name), 'utf8');
        for (const [, specifier] of text.matchAll(/from\s*['"](\.{1,2}\/[^'"]*)['"]/g)) {
          const target = resolve(dirname(join(root, name)), specifier!).replace(/\.js$/, '');
          expect(relative(root, target), `${folder}/${name} imports ${specifier}`).not.toBe('index');
        }
      }
    }
  });
});

describe("core's entry cut in a project's reading", () => {
  const read = (files: Record<string, string>, options: object = {}) => {
    const dir = libsProject(files, options);
    const loaded = loadProject(join(dir, 'tsconfig.json'), new Diagnostics(), { skipFiles: [] });
    const coreFiles = loaded.program
      .getSourceFiles()
      .filter((file) => file.fileName.includes('/packages/core/'))
      .map((file) => relative(join(repoRoot, 'packages/core'), file.fileName));
    const { auto, all } = bothWays(join(dir, 'tsconfig.json'));
    same(auto, all);
    return { coreEntry: loaded.coreEntry, coreFiles, auto };
  };

  it('a project that imports tool alone reads the entry and the files of tool (sources, as in this repository)', () => {
    const { coreEntry, coreFiles } = read({
      'src/service.ts': service(`  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`),
    });
    expect(coreEntry).toEqual({ leftOut: true });
    expect(coreFiles).toContain('src/index.ts');
    expect(coreFiles).toContain('src/tool.ts');
    expect(coreFiles).not.toContain('src/toolbox/toolbox.ts');
    expect(coreFiles).not.toContain('src/manifest.ts');
  });

  it('and its declaration files, where the project resolves core to them', () => {
    const { coreEntry, coreFiles } = read(
      {
        'src/service.ts': service(`  @tool()\n  add(a: number, b: number): number {\n    return a + b;\n  }`),
      },
      { customConditions: [] },
    );
    expect(coreEntry).toEqual({ leftOut: true });
    // This project's files are CommonJS (no "type": "module"): core's require condition gives dist/cjs.
    expect(coreFiles).toContain('dist/cjs/index.d.ts');
    expect(coreFiles).toContain('dist/cjs/tool.d.ts');
    expect(coreFiles).not.toContain('dist/cjs/toolbox/toolbox.d.ts');
  });

  it("ToolContext and Integer imported by a tool's file: described as with the whole entry", () => {
    const { coreEntry, auto } = read({
      'src/service.ts': `import { tool, type Integer, type ToolContext } from '@toolwright/core';
export class Service {
  /** @param count How many. */
  @tool()
  take(count: Integer, context?: ToolContext): number {
    return count;
  }
}
`,
    });
    expect(coreEntry).toEqual({ leftOut: true });
    const [take] = auto.manifest.tools;
    expect(take!.parameters.properties).toEqual({ count: { type: 'integer', description: 'How many.' } });
    expect(take!.params.map((param) => param.kind)).toEqual(['value', 'context']);
  });

  // Every file of the tsconfig that names the package holds `@` and `tool`, so it is read first (a file that may
  // declare tools): what is read later is a file outside it that those import, a package, or a declaration file.
  const later: Record<string, [Record<string, string>, RegExp]> = {
    'a type file outside the tsconfig that the tools import names Integer, which no tool file imports': [
      {
        'src/service.ts': `import { tool } from '@toolwright/core';\nimport type { Order } from '../types/order.js';
export class Service {
  @tool()
  place(order: Order): number {
    return order.count;
  }
}
`,
        'types/order.ts': `import type { Integer } from '@toolwright/core';\nexport interface Order { count: Integer }\n`,
      },
      /order\.ts imports Integer from @toolwright\/core$/,
    ],
    'a type file outside the tsconfig reads the package through a namespace import': [
      {
        'src/service.ts': `import { tool } from '@toolwright/core';\nimport type { Job } from '../types/job.js';
export class Service {
  @tool()
  run(job: Job): number {
    return 0;
  }
}
`,
        'types/job.ts': `import type * as tw from '@toolwright/core';\nexport interface Job { context?: tw.ToolContext; id: tw.Integer }\n`,
      },
      /job\.ts reads @toolwright\/core as a whole$/,
    ],
    "a declaration file of the project names core's Integer in a global type a tool takes": [
      {
        'src/service.ts': service(`  @tool()\n  who(user: UserInfo): string {\n    return user.name;\n  }`),
        'src/user.d.ts': `import type { Integer } from '@toolwright/core';
declare global {
  interface UserInfo { name: string; age: Integer }
}
`,
      },
      /user\.d\.ts imports Integer from @toolwright\/core$/,
    ],
  };
  for (const [name, [files, reason]] of Object.entries(later)) {
    it(`is read whole, the program built again, when ${name}`, () => {
      const { coreEntry } = read(files);
      expect(coreEntry).toEqual({ leftOut: false, reason: expect.stringMatching(reason) });
    });
  }

  it('a tool file that imports the package as a namespace reads the whole entry from the start', () => {
    const { coreEntry, coreFiles } = read({
      'src/service.ts': `import * as tw from '@toolwright/core';
export class Service {
  @tw.tool()
  add(a: tw.Integer): number {
    return a;
  }
}
`,
    });
    expect(coreEntry).toBeUndefined();
    expect(coreFiles).toContain('src/toolbox/toolbox.ts');
  });
});
