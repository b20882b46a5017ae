import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Project, ts, type SourceFile } from 'ts-morph';
import type { Diagnostics } from './diagnostics.js';
import { UsageError } from './usage-error.js';

export interface LoadedProject {
  project: Project;
  /** The folder of the tsconfig: manifest `file` paths are relative to it. */
  projectDir: string;
  compilerOptions: ts.CompilerOptions;
  /** The project's files that may declare tools (see `mayDeclareTools`), in path order. */
  candidates: SourceFile[];
}

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts)$/;
const DECLARATION_FILE = /\.d\.(ts|mts|cts)$|\.d\.[^/.]+\.ts$/;

/**
 * Reads the tsconfig and adds to a ts-morph project only the files that can hold `@tool()` methods, plus the
 * project's declaration files (ambient types). The type checker pulls in what those files import; nothing else of
 * the project is parsed or checked, which keeps gen-tools well ahead of `tsc --noEmit` on large projects.
 */
export function loadProject(tsconfigPath: string, diagnostics: Diagnostics, skipFiles: readonly string[]): LoadedProject {
  const configPath = resolve(tsconfigPath);
  if (!existsSync(configPath)) throw new UsageError(`cannot find the tsconfig ${tsconfigPath}`);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => addTsDiagnostic(diagnostic, configPath, diagnostics),
  });
  if (!parsed) {
    if (!diagnostics.hasErrors()) throw new UsageError(`cannot read the tsconfig ${tsconfigPath}`);
    return { project: new Project(), projectDir: dirname(configPath), compilerOptions: {}, candidates: [] };
  }
  for (const error of parsed.errors) addTsDiagnostic(error, configPath, diagnostics);

  const project = new Project({ compilerOptions: parsed.options, skipFileDependencyResolution: true });
  const skip = new Set(skipFiles.map((file) => normalize(resolve(file))));
  const candidates: SourceFile[] = [];
  for (const fileName of [...parsed.fileNames].sort()) {
    if (skip.has(normalize(fileName))) continue;
    if (DECLARATION_FILE.test(fileName)) {
      project.addSourceFileAtPath(fileName);
      continue;
    }
    if (!SOURCE_EXTENSIONS.test(fileName)) continue;
    const text = readFileSync(fileName, 'utf8');
    if (mayDeclareTools(text)) candidates.push(project.createSourceFile(fileName, text, { overwrite: true }));
  }
  return { project, projectDir: dirname(configPath), compilerOptions: parsed.options, candidates };
}

/**
 * A cheap text test before any parsing: a file with a `@tool()` method contains `@` and the word `tool`
 * (in the decorator or in the import that brings it in, possibly renamed).
 */
export function mayDeclareTools(text: string): boolean {
  return text.includes('@') && text.includes('tool');
}

function normalize(path: string): string {
  return path.replace(/\\/g, '/');
}

function addTsDiagnostic(diagnostic: ts.Diagnostic, configPath: string, diagnostics: Diagnostics): void {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const severity = diagnostic.category === ts.DiagnosticCategory.Error ? 'error' : 'warning';
  if (diagnostic.category !== ts.DiagnosticCategory.Error && diagnostic.category !== ts.DiagnosticCategory.Warning) return;
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    diagnostics.add({ file: diagnostic.file.fileName, line: line + 1, column: character + 1, severity, message });
  } else {
    diagnostics.add({ file: configPath, line: 1, column: 1, severity, message });
  }
}
