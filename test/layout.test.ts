// DESIGN.md's layout rule, enforced: each package imports only what the flow allows, nothing that runs at run
// time imports the compiler, and every export is named on purpose (no `export *`).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
};
const compilerModules = ['typescript', 'ts-morph', '@ts-morph/common'];
const runTime = ['core', 'genai', 'testing', 'mcp', 'fs-tools', 'restate'];

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

describe('package layout', () => {
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
