// A program of some of TypeScript's lib files alone (no other lib, no project), to ask whether they stand on their
// own: a name one of them uses and none of them declares is a semantic diagnostic.
import { libFolder, ts } from '../../src/program/typescript.js';

/** The semantic diagnostics of a program made of these lib files (by file name in TypeScript's lib folder). */
export function libFilesDiagnostics(files: readonly { fileName: string; text: string }[]): ts.Diagnostic[] {
  const texts = new Map(files.map(({ fileName, text }) => [`${libFolder}/${fileName}`, text]));
  const host = ts.createCompilerHost({});
  host.getSourceFile = (fileName, target) => {
    const text = texts.get(fileName);
    return text === undefined ? undefined : ts.createSourceFile(fileName, text, target);
  };
  host.fileExists = (fileName) => texts.has(fileName);
  host.readFile = (fileName) => texts.get(fileName);
  host.getDefaultLibLocation = () => libFolder;
  const program = ts.createProgram({
    rootNames: [...texts.keys()],
    options: { noLib: true, types: [], target: ts.ScriptTarget.ESNext },
    host,
  });
  return program.getSourceFiles().flatMap((file) => program.getSemanticDiagnostics(file));
}
