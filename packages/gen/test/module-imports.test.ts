import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import { importSpecifier } from '../src/emit/import-specifier.js';
import { renderJson } from '../src/emit/render-json.js';
import { renderModule } from '../src/emit/render-module.js';
import type { ManifestTool } from '@toolwright/core';

// A file name may hold any character but `/` and NUL (quotes, backslashes, line breaks, `${`, any script): the
// generated module still parses, holds only its own statements, and imports exactly the files of the tools.
const fileName = fc
  .string({
    minLength: 1,
    maxLength: 24,
    unit: fc.oneof(
      fc.constantFrom("'", '"', '\\', '`', '$', '{', '}', '\n', '\r', '\u2028', ' ', ';'),
      fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
    ),
  })
  .filter((name) => !name.includes('/') && !name.includes('\u0000') && name !== '.' && name !== '..');

describe('the imports of the generated module', () => {
  it('parse and name the right files, whatever the file names hold', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fileName, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('js' as const, 'ts' as const, 'none' as const),
        (names, style) => {
          const outFile = '/project/src/tools.generated.ts';
          const tools = names.map((name, index) => ({
            tool: {
              name: `t${index}`,
              class: `C${index}`,
              method: 'm',
              file: `src/${name}.ts`,
              parameters: { type: 'object' as const, properties: {} },
              params: [],
            } as ManifestTool,
            exportName: `C${index}`,
          }));
          const { text } = renderModule({
            tools,
            outFile,
            projectDir: '/project',
            extensionStyle: style,
            command: `gen-tools --out 'src/${names[0]}'`,
            hash: 'h',
          });
          const file = ts.createSourceFile(outFile, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
          expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
          const imports = file.statements
            .filter(ts.isImportDeclaration)
            .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text);
          const expected = names.map((name) => importSpecifier(outFile, `/project/src/${name}.ts`, style));
          expect(imports.sort()).toEqual(['@toolwright/core', ...expected].sort());
          // Nothing else was injected: the imports, the classes' thunks, the manifest and its default export.
          expect(file.statements.length).toBe(imports.length + 3);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the tools' targets", () => {
  /** The module's code with its imports replaced by classes of the local names they bind. */
  function evaluate(text: string): { tools: { name: string; target: () => unknown }[] } {
    const locals = [...text.matchAll(/^import \{ (.*) \} from '\./gm)].flatMap(([, names]) =>
      names!.split(', ').map((name) => name.split(' as ').at(-1)!),
    );
    const body = ts.transpileModule(text.replace(/^import .*$/gm, ''), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const run = new Function(
      'exports',
      'defineManifest',
      `${locals.map((local) => `class ${local} {}`).join('\n')}\n${body}\nreturn { ${locals.join(', ')} };`,
    );
    const exports: { manifest?: { tools: { name: string; target: () => unknown }[] } } = {};
    const classes = run(exports, (manifest: unknown) => manifest) as Record<string, unknown>;
    return Object.assign(exports.manifest!, { classes });
  }

  it('are one thunk per class, whatever the class is named (__proto__, classes, manifest)', () => {
    const names = ['__proto__', 'classes', 'manifest', 'Service'];
    const tools = names.flatMap((className, i) =>
      [0, 1].map((j) => ({
        tool: {
          name: `t${i}_${j}`,
          class: className,
          method: `m${j}`,
          file: `src/file${i}.ts`,
          parameters: { type: 'object' as const, properties: {} },
          params: [],
        } as ManifestTool,
        exportName: className,
      })),
    );
    const { text } = renderModule({
      tools,
      outFile: '/project/src/tools.generated.ts',
      projectDir: '/project',
      extensionStyle: 'js',
      command: 'gen-tools',
      hash: 'h',
    });
    const manifest = evaluate(text) as ReturnType<typeof evaluate> & { classes: Record<string, unknown> };
    const locals = ['__proto___2', 'classes_2', 'manifest_2', 'Service'];
    expect(manifest.tools.map((tool) => tool.target())).toEqual(
      locals.flatMap((local) => [manifest.classes[local], manifest.classes[local]]),
    );
    // The two tools of a class share its thunk.
    for (let i = 0; i < tools.length; i += 2) expect(manifest.tools[i]!.target).toBe(manifest.tools[i + 1]!.target);
    expect(text).toContain("import { __proto__ as __proto___2 } from './file0.js';");
  });
});

describe('the blocks kept per tool object (--watch renders again only what changed)', () => {
  // Tools of a few files, some classes sharing a name (so their local names depend on which other tools are there),
  // some with a DTO class revival; rendered in several sets in turn, as runs of --watch with files coming and going.
  const pool: ManifestTool[] = Array.from({ length: 6 }, (_, i) => ({
    name: `t${i}`,
    class: `Service${i % 2}`,
    method: 'm',
    file: `src/file${i % 3}.ts`,
    parameters: { type: 'object' as const, properties: { a: { type: 'string' } } },
    params: [
      {
        name: 'a',
        kind: 'value' as const,
        ...(i % 2
          ? { revive: { kind: 'class' as const, name: `Dto`, file: `src/dto${i % 3}.ts`, properties: {} } }
          : {}),
      },
    ],
  }));
  const render = (tools: ManifestTool[]) =>
    renderModule({
      tools: tools.map((tool) => ({ tool, exportName: tool.class })),
      outFile: '/project/src/tools.generated.ts',
      projectDir: '/project',
      extensionStyle: 'js',
      command: 'gen-tools',
      hash: 'h',
    });

  it('write what rendering fresh copies of the tools writes, in any order of runs', () => {
    fc.assert(
      fc.property(fc.array(fc.subarray(pool, { minLength: 1 }), { minLength: 1, maxLength: 6 }), (runs) => {
        for (const tools of runs) {
          const kept = render(tools);
          const fresh = render(structuredClone(tools));
          expect(kept.text).toBe(fresh.text);
          expect(kept.blocks).toEqual(fresh.blocks);
        }
      }),
    );
  });

  it('start where the text holds them, in the module and the JSON, for any set of tools', () => {
    fc.assert(
      fc.property(fc.subarray(pool), (tools) => {
        for (const output of [render(tools), renderJson(tools, 'h')]) {
          expect(output.blocks.map((block) => block.name)).toEqual(tools.map((tool) => tool.name));
          for (const { text, start } of output.blocks) expect(output.text.slice(start, start + text.length)).toBe(text);
        }
      }),
    );
  });
});
