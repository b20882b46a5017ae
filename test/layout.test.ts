// The import rule of docs/architecture.md, enforced: each package imports only what the flow allows, gen's stages
// import only the stages before them, nothing that runs at run time imports the compiler, and every export is
// named on purpose (no `export *`).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const allowed: Record<string, string[]> = {
  core: [],
  gen: ['core'],
  genai: ['core'],
  testing: [],
  mcp: ['core'],
  'fs-tools': ['core'],
  restate: ['genai', 'core'],
  'dev-ui': ['genai', 'core'],
};
const compilerModules = ['typescript', 'ts-morph', '@ts-morph/common'];
const runTime = ['core', 'genai', 'testing', 'mcp', 'fs-tools', 'restate', 'dev-ui'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.c?ts$/.test(path) ? [path] : [];
  });
}

function importedModules(file: string): string[] {
  // The compiler's own import scanner: static imports, re-exports, import() and require(), never text in comments.
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((entry) => entry.fileName);
}

const packages = readdirSync(join(root, 'packages')).filter((name) =>
  statSync(join(root, 'packages', name, 'src'), { throwIfNoEntry: false })?.isDirectory(),
);

/**
 * gen's stages in the order a run goes through them: a file may import its own stage and those before it, never a
 * later one. The ground (options, diagnostics and their codes, the generated header) sits with program/, under
 * every stage; the orchestration (generate.ts and the rest of the top) runs the stages and may import anything,
 * and no stage imports it. A file of gen/src that is in none of these is reported, so a new one is placed on purpose.
 */
const GEN_STAGES = ['program', 'discover', 'schema', 'describe', 'emit'];
const GEN_GROUND = ['options.ts', 'diagnostics.ts', 'diagnostic-codes.ts', 'generated-header.ts', 'ajv-package.cts'];
const GEN_TOP = [
  'generate.ts',
  'analyze.ts',
  'load-tools.ts',
  'read-tools.ts',
  'thread-cpu.ts',
  'index.ts',
  'cli.ts',
  'incremental',
  'cli',
  'shard',
];

/** The rank of a file of gen/src (its path relative to src, `/`-separated) in the stage order, or undefined. */
function genRank(path: string): number | undefined {
  const head = path.split('/')[0]!;
  if (GEN_GROUND.includes(path)) return 0;
  if (GEN_STAGES.includes(head)) return GEN_STAGES.indexOf(head);
  if (GEN_TOP.includes(head)) return GEN_STAGES.length;
  return undefined;
}

/** Every import under `src` that runs against the stage order (relative imports; type-only ones count too). */
function backwardImports(src: string): string[] {
  const offending: string[] = [];
  const name = (file: string) => relative(src, file).split(sep).join('/');
  for (const file of sourceFiles(src)) {
    const rank = genRank(name(file));
    if (rank === undefined) {
      offending.push(`${name(file)} is in no stage (place it in test/layout.test.ts's stage order)`);
      continue;
    }
    for (const spec of importedModules(file)) {
      if (!spec.startsWith('.')) continue;
      const target = name(resolve(dirname(file), spec).replace(/\.c?js$/, (ext) => ext.replace('js', 'ts')));
      const targetRank = genRank(target);
      if (targetRank !== undefined && targetRank > rank) offending.push(`${name(file)} imports ${target}`);
    }
  }
  return offending;
}

/**
 * The bindings a source declares named `exports` or `require`, as `file:line name`. The packages' CommonJS builds
 * (dist/cjs) refer to the module's own `exports` for every exported name and to `require` for every import() and
 * import, so such a binding hides them in its scope (a local `module` is safe: the build never refers to it): `const { exports } = manifest` in a function of a module
 * that exports a constant threw "Cannot access 'exports' before initialization" there, and only there.
 */
function commonJsShadows(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    const binds =
      ts.isVariableDeclaration(node) ||
      ts.isParameter(node) ||
      ts.isBindingElement(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node);
    if (binds && name && ts.isIdentifier(name) && /^(exports|require)$/.test(name.text)) {
      const { line } = source.getLineAndCharacterOfPosition(name.getStart(source));
      found.push(`${fileName}:${line + 1} ${name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('package layout', () => {
  it('gen: each stage imports only the stages before it (program < discover < schema < describe < emit)', () => {
    expect(backwardImports(join(root, 'packages/gen/src'))).toEqual([]);
  });

  it('gen: the stage order check finds a backward import, a type-only one, and a file in no stage', () => {
    const src = mkdtempSync(join(tmpdir(), 'toolwright-layout-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(src, path)), { recursive: true });
        writeFileSync(join(src, path), text);
      };
      write('emit/render.ts', "import { mapType } from '../schema/map.js';\n");
      write('schema/map.ts', "import { render } from '../emit/render.js';\n");
      write(
        'discover/find.ts',
        "import type { Tool } from '../describe/tool.js';\nimport { ts } from '../program/ts.js';\n",
      );
      write('describe/tool.ts', "import { run } from '../generate.js';\n");
      write('options.ts', "import type { Analysis } from './analyze.js';\n");
      write('stray.ts', '');
      expect(backwardImports(src).sort()).toEqual([
        'describe/tool.ts imports generate.ts',
        'discover/find.ts imports describe/tool.ts',
        'options.ts imports analyze.ts',
        'schema/map.ts imports emit/render.ts',
        "stray.ts is in no stage (place it in test/layout.test.ts's stage order)",
      ]);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });

  it('knows every package, and lists no package that does not exist', () => {
    expect(Object.keys(allowed).sort()).toEqual([...packages].sort());
    for (const name of runTime) expect(packages).toContain(name);
  });

  it.each(packages)('%s imports only the packages the flow allows', (name) => {
    const offending: string[] = [];
    for (const file of sourceFiles(join(root, 'packages', name, 'src'))) {
      for (const spec of importedModules(file)) {
        const ours = /^@toolwright\/([^/]+)/.exec(spec)?.[1];
        if (ours && ours !== name && !allowed[name]!.includes(ours))
          offending.push(`${relative(root, file)} imports ${spec}`);
        if (
          spec.startsWith('.') &&
          relative(join(root, 'packages', name, 'src'), resolve(dirname(file), spec)).startsWith('..')
        ) {
          offending.push(`${relative(root, file)} reaches outside its package: ${spec}`);
        }
        if (runTime.includes(name) && compilerModules.some((m) => spec === m || spec.startsWith(`${m}/`))) {
          offending.push(`${relative(root, file)} imports the compiler (${spec}) at run time`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  // See gen's README, "Dependencies".
  it('gen reaches the compiler through one module, by a public entry point only', () => {
    // typescript-cjs.cts requires the typescript package's main entry; typescript.ts, the only importer of
    // `#typescript` (which maps to it), hands `ts` to the rest of gen.
    const offending: string[] = [];
    const program = join(root, 'packages/gen/src/program');
    const door = (file: string, spec: string) =>
      (file === join(program, 'typescript-cjs.cts') && spec === 'typescript') ||
      (file === join(program, 'typescript.ts') && spec === '#typescript');
    for (const file of sourceFiles(join(root, 'packages/gen/src'))) {
      for (const spec of importedModules(file)) {
        const compiler = spec === '#typescript' || compilerModules.some((m) => spec === m || spec.startsWith(`${m}/`));
        if (compiler && !door(file, spec)) offending.push(`${relative(root, file)} imports ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it.each(packages)('%s declares nothing named exports or require (its CommonJS build reads them)', (name) => {
    const found = sourceFiles(join(root, 'packages', name, 'src')).flatMap((file) =>
      commonJsShadows(relative(root, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the CommonJS check finds a destructured exports and a parameter named require, not a local module', () => {
    const text = [
      "export const NAME = 'x';",
      'function a(manifest: { exports: unknown }) {',
      '  const { exports } = manifest;',
      '  return exports;',
      '}',
      'const b = (require: unknown) => require;',
      'function c() {',
      '  let module = 1;',
      '  const { exports: targets } = { exports: 2 };',
      '  return module + targets;',
      '}',
    ].join('\n');
    expect(commonJsShadows('x.ts', text)).toEqual(['x.ts:3 exports', 'x.ts:6 require']);
  });

  it.each(packages)('%s names what it exports (no export *)', (name) => {
    const starred: string[] = [];
    for (const file of sourceFiles(join(root, 'packages', name, 'src'))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      for (const statement of source.statements) {
        if (!ts.isExportDeclaration(statement)) continue;
        if (!statement.exportClause || ts.isNamespaceExport(statement.exportClause)) {
          starred.push(`${relative(root, file)}: ${statement.getText(source)}`);
        }
      }
    }
    expect(starred).toEqual([]);
  });
});
