import { resolve } from 'node:path';
import type { ManifestParam, ManifestTool, Revival } from '@toolwright/core';
import { compareText } from '../diagnostics.js';
import { GENERATED_HEADER } from '../generated-header.js';
import { commentText, doubleQuoted, singleQuoted } from './generated-text.js';
import { importSpecifier, type ExtensionStyle } from './import-specifier.js';
import type { RenderedOutput } from './index.js';
import { OutputWriter } from './output-writer.js';
import { Code, flat, type LiteralMemo, tsLiteral, tsLiteralOfJson } from './ts-literal.js';
import { jsonBlock } from './render-json.js';
import { DTO_LOCALS, dtoImports, dtoImportStatements, dtoModulesProperty } from './dto-imports.js';

export interface ModuleTool {
  tool: ManifestTool;
  /** The name the tool's class is exported under (`default` for a default export). */
  exportName: string;
  /** The parameter list the method is checked against at compile time (see parameterSignature); none: no check. */
  signature?: string | undefined;
}

export interface RenderModuleOptions {
  tools: readonly ModuleTool[];
  /** Absolute path of the module being written: imports are relative to it. */
  outFile: string;
  /** Manifest `file` paths (of tools and of DTO revivals) are relative to this folder. */
  projectDir: string;
  extensionStyle: ExtensionStyle;
  /** The command that regenerates the module, for its header. */
  command: string;
  /** The manifest's content hash (`manifestHash`). */
  hash: string;
  /** The validators module (`--validators`), absolute: imported, and set as the manifest's `validators`. */
  validatorsFile?: string;
}

/** Each tool's block as last written, with the class names it was written with (see renderModule). */
const moduleBlocks = new WeakMap<ManifestTool, { key: string; text: string }>();

/**
 * Names the module itself declares or imports (from core, and the DTO libraries' modules), and `__proto__`, which as a
 * key of `classes` would set its prototype.
 */
const RESERVED = [
  '__proto__',
  ...DTO_LOCALS,
  'classes',
  'defineManifest',
  'FitsManifest',
  'manifest',
  'ParameterChecks',
  'ParametersFit',
  'readers',
  'callers',
  'validators',
];

/**
 * `tools.generated.ts`: imports every tool class (and every DTO class a revival builds), then
 * `export const manifest = defineManifest({...})` whose `target`s are `classes.X`, one `() => X` thunk per class, so
 * binding is by class identity. One thunk per class, not per tool: a cold start compiles each function it calls once,
 * and a bundler that keeps names (wrangler does) wraps each in a call at load.
 */
export function renderModule(options: RenderModuleOptions): RenderedOutput {
  const imports = new ImportTable(options);
  for (const { tool, exportName } of options.tools) imports.local(tool.file, exportName, tool.class);
  const checks: string[] = [];
  const memo: LiteralMemo = new WeakMap();
  const blocks = options.tools.map(({ tool, exportName, signature }) => {
    const target = imports.local(tool.file, exportName, tool.class);
    if (signature !== undefined) checks.push(parametersCheck(tool, target, signature));
    // The text depends on the tool and on the local names of the classes it refers to (they can change when another
    // file's classes come or go): kept per tool object while those names stay the same.
    const locals: string[] = [target];
    // A class revival adds the thunk of its class (and its local name to the key).
    const entry = tool.params.some((param) => param.revive) ? withTargets(tool, target, imports, locals) : undefined;
    const key = locals.join('\n');
    const kept = moduleBlocks.get(tool);
    if (kept?.key === key) return { name: tool.name, text: kept.text };
    const text =
      (entry === undefined ? blockOfJson(tool, target) : undefined) ??
      tsLiteral(entry ?? withTargets(tool, target, imports, locals), '    ', memo);
    moduleBlocks.set(tool, { key, text });
    return { name: tool.name, text };
  });
  const libraries = dtoImports(options.tools.map(({ tool }) => tool));
  const lines = [
    `${GENERATED_HEADER}: do not edit. To update, run in the folder of the tsconfig:`,
    `//   ${commentText(options.command)}`,
    '/* eslint-disable */',
    '',
    checks.length > 0
      ? "import { defineManifest, type FitsManifest, type ParametersFit } from '@toolwright/core';"
      : "import { defineManifest } from '@toolwright/core';",
    ...dtoImportStatements(libraries),
    ...imports.statements(),
    ...(options.validatorsFile !== undefined
      ? [
          'import { callers, readers, validators } from ' +
            `${singleQuoted(importSpecifier(options.outFile, options.validatorsFile, options.extensionStyle))};`,
        ]
      : []),
    '',
    ...imports.classesStatement(),
    'export const manifest = defineManifest({',
    '  version: 1,',
    `  hash: ${doubleQuoted(options.hash)},`,
    ...(options.validatorsFile !== undefined ? ['  validators,', '  readers,', '  callers,'] : []),
    ...dtoModulesProperty(libraries),
  ];
  const out = new OutputWriter().text(`${lines.join('\n')}\n`);
  if (blocks.length === 0) out.text('  tools: [],\n');
  else {
    out.text('  tools: [\n');
    for (const block of blocks) out.text('    ').block(block.name, block.text).text(',\n');
    out.text('  ],\n');
  }
  out.text('});\n\nexport default manifest;\n');
  if (checks.length > 0) {
    out.text(
      '\n// Compile-time only, no code: tsc fails at the tool whose method no longer takes the parameters listed here\n' +
        '// (one inserted, removed, retyped, or moved past one of another type since gen-tools ran).\n' +
        `export type ParameterChecks = [\n${checks.join('')}];\n`,
    );
  }
  return out.done();
}

/** One tool's line of `ParameterChecks`: the method, read from the class's prototype type, against its list. */
function parametersCheck(tool: ManifestTool, target: string, signature: string): string {
  const method = `(typeof ${target})["prototype"][${JSON.stringify(tool.method)}]`;
  return `  FitsManifest<ParametersFit<${JSON.stringify(`${tool.class}.${tool.method}`)}, ${method}, ${signature}>>,\n`;
}

/**
 * The block of a tool without revivals (whose only thunk is its class's): its tools.json block as TypeScript, with the
 * `target` after `file`, as tsLiteral writes withTargets' entry; made from the JSON, which is written anyway, in a few
 * passes over its text instead of a walk of the tool: the render of the 1,000-tool bench took 100 ms of CPU instead of
 * 228 (medians of 11 alternated cold runs).
 */
function blockOfJson(tool: ManifestTool, target: string): string | undefined {
  // A `target` of the tool's own would be in its JSON; withTargets writes the thunk in its place.
  if (Object.hasOwn(tool, 'target')) return undefined;
  const text = tsLiteralOfJson(jsonBlock(tool));
  // The tool's own keys are the lines at the block's indent (4) plus 2; `file` is never the last of them.
  const file = text.indexOf('\n      file: ');
  const end = file < 0 ? -1 : text.indexOf('\n', file + 1);
  if (end < 0) return undefined;
  return flat(`${text.slice(0, end)}\n      target: classes.${target},${text.slice(end)}`);
}

/** A tool with `target` thunks after `file`, on the tool and on each class revival. */
function withTargets(
  tool: ManifestTool,
  target: string,
  imports: ImportTable,
  locals: string[],
): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tool)) {
    if (key === 'target') continue;
    entry[key] =
      key === 'params' ? (value as ManifestParam[]).map((param) => withRevivalTargets(param, imports, locals)) : value;
    if (key === 'file') entry.target = new Code(`classes.${target}`);
  }
  return entry;
}

function withRevivalTargets(param: ManifestParam, imports: ImportTable, locals: string[]): unknown {
  return param.revive ? { ...param, revive: revivalWithTargets(param.revive, imports, locals) } : param;
}

function revivalWithTargets(revival: Revival, imports: ImportTable, locals: string[]): unknown {
  switch (revival.kind) {
    case 'class': {
      const entry: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(revival)) {
        if (key === 'target') continue;
        entry[key] = key === 'properties' ? mapValues(value as Record<string, Revival>, imports, locals) : value;
        if (key === 'file') {
          const local = imports.local(revival.file, revival.name, revival.name);
          locals.push(local);
          entry.target = new Code(`classes.${local}`);
        }
      }
      return entry;
    }
    case 'object':
      return { ...revival, properties: mapValues(revival.properties, imports, locals) };
    case 'record':
      return { ...revival, values: revivalWithTargets(revival.values, imports, locals) };
    case 'array':
      return { ...revival, items: revivalWithTargets(revival.items, imports, locals) };
    case 'set':
      return revival.items ? { ...revival, items: revivalWithTargets(revival.items, imports, locals) } : revival;
    case 'tuple':
      return {
        ...revival,
        items: revival.items.map((item) => (item ? revivalWithTargets(item, imports, locals) : null)),
      };
    default:
      return revival;
  }
}

function mapValues(revivals: Record<string, Revival>, imports: ImportTable, locals: string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(revivals).map(([key, value]) => [key, revivalWithTargets(value, imports, locals)]),
  );
}

/** One local name per imported class; a second class of the same name gets `Name_2`, and so on. */
class ImportTable {
  private readonly locals = new Map<string, string>();
  private readonly used = new Set(RESERVED);
  private readonly byModule = new Map<string, { exportName: string; local: string }[]>();
  /** Each manifest path resolved once: a file's tools all name it, and `path.resolve` per tool was 7 ms in 1,000. */
  private readonly absolute = new Map<string, string>();

  constructor(private readonly options: RenderModuleOptions) {}

  local(projectFile: string, exportName: string, className: string): string {
    let file = this.absolute.get(projectFile);
    if (file === undefined) this.absolute.set(projectFile, (file = resolve(this.options.projectDir, projectFile)));
    const key = `${file}\0${exportName}`;
    const known = this.locals.get(key);
    if (known) return known;
    let local = className;
    for (let n = 2; this.used.has(local); n++) local = `${className}_${n}`;
    this.used.add(local);
    this.locals.set(key, local);
    const specifier = importSpecifier(this.options.outFile, file, this.options.extensionStyle);
    const list = this.byModule.get(specifier) ?? [];
    list.push({ exportName, local });
    this.byModule.set(specifier, list);
    return local;
  }

  /** `const classes = { X: () => X, ... }`, in the order the tools first name them; none when there are no tools. */
  classesStatement(): string[] {
    const locals = [...this.locals.values()];
    if (locals.length === 0) return [];
    return [
      '// Read when the Toolbox binds, not at import, so that an import cycle between a tool and this module cannot bite.',
      'const classes = {',
      ...locals.map((local) => `  ${local}: () => ${local},`),
      '};',
      '',
    ];
  }

  statements(): string[] {
    return [...this.byModule.keys()].sort(compareText).map((specifier) => {
      const names = this.byModule.get(specifier)!;
      const fallback = names.find((name) => name.exportName === 'default');
      const named = names
        .filter((name) => name.exportName !== 'default')
        .sort((a, b) => compareText(a.exportName, b.exportName))
        .map(({ exportName, local }) => (exportName === local ? local : `${exportName} as ${local}`));
      const clauses = [...(fallback ? [fallback.local] : []), ...(named.length > 0 ? [`{ ${named.join(', ')} }`] : [])];
      return `import ${clauses.join(', ')} from ${singleQuoted(specifier)};`;
    });
  }
}

export { toolNamesInModule } from './tool-names.js';
