import { resolve } from 'node:path';
import { UsageError } from '../options.js';
import type { LoadedProject } from './load-project.js';
import { mayDeclareTools } from './load-project.js';
import { ts } from './typescript.js';

/**
 * What gen reads of a `ts.Program`, by shape: the Program of ts-morph's bundled TypeScript is another type than that
 * of gen's `typescript`, though the same at run time when their versions match (which givenProject checks).
 */
export interface ProgramLike {
  getTypeChecker(): object;
  getSourceFiles(): readonly object[];
  getCompilerOptions(): object;
}

/** A program the caller already has: a ts-morph `Project` (its `getProgram().compilerObject`), or a `ts.Program`. */
export type ProgramSource = ProgramLike | { getProgram(): { compilerObject: ProgramLike } };

/** A file of that program to look for tools in: a ts-morph `SourceFile`, the compiler's, or a path. */
export type SourceFileSource = string | { fileName: string } | { compilerNode: { fileName: string } };

/**
 * The given program as gen reads a project: the files that may declare tools (all of the program's own files, or the
 * ones named), its options, and no lib files left out (the program is built already). Its TypeScript must be the one
 * gen reads nodes with (same major and minor): nodes are told apart by their kind numbers, which change between them.
 */
export function givenProject(
  source: ProgramSource,
  projectDir: string,
  files: readonly SourceFileSource[] | undefined,
  skipFiles: readonly string[],
): LoadedProject {
  const program = ('getProgram' in source ? source.getProgram().compilerObject : source) as ts.Program;
  if (typeof program?.getTypeChecker !== 'function')
    throw new UsageError('program: give a ts-morph Project or a TypeScript Program');
  const sourceFiles = program.getSourceFiles();
  const probe = sourceFiles[0];
  if (probe && probe.kind !== ts.SyntaxKind.SourceFile) {
    throw new UsageError(
      `program: it was built by a TypeScript other than gen's ${ts.versionMajorMinor} (a source file's kind is ` +
        `${probe.kind}, not ${ts.SyntaxKind.SourceFile}): use a ts-morph whose TypeScript is ${ts.versionMajorMinor}`,
    );
  }
  const skip = new Set(skipFiles.map((file) => resolve(file)));
  const own = (file: ts.SourceFile) =>
    !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file) && !skip.has(resolve(file.fileName));
  const candidates = files
    ? files.map((file) => sourceFileOf(program, file))
    : sourceFiles.filter((file) => own(file) && mayDeclareTools(file.text));
  const sorted = [...new Set(candidates)].sort((a, b) =>
    a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0,
  );
  return {
    program,
    checker: program.getTypeChecker(),
    projectDir,
    compilerOptions: program.getCompilerOptions(),
    candidates: sorted,
    rootNames: sourceFiles.filter(own).map((file) => file.fileName),
    config: undefined,
    hostLibs: undefined,
    esLibs: undefined,
  };
}

function sourceFileOf(program: ts.Program, file: SourceFileSource): ts.SourceFile {
  if (typeof file !== 'string') {
    const node = 'compilerNode' in file ? file.compilerNode : file;
    // The program's own file of that name: a SourceFile of an earlier program would mix two checkers' nodes.
    const inProgram = program.getSourceFile(node.fileName);
    if (inProgram) return inProgram;
    throw new UsageError(`files: ${node.fileName} is not a file of the program`);
  }
  // Paths come resolved against the working directory (resolveOptions); a program names its files with `/`.
  const found = program.getSourceFile(file) ?? program.getSourceFile(file.replace(/\\/g, '/'));
  if (!found) throw new UsageError(`files: ${file} is not a file of the program`);
  return found;
}
