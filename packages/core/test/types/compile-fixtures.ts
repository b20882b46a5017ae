// Compiles type-test fixtures with the TypeScript API under the workspace's compiler options, and returns their
// errors as `file:line: message`. A fixture's @ts-expect-error line fails the compile when the error it marks goes away.
import { join } from 'node:path';
import ts from 'typescript';
import { hostParsingDeclarationsOnce } from '../../../../test/support/declaration-files-once.js';

const fixtures = join(__dirname, 'fixtures');
const baseConfig = join(__dirname, '..', '..', '..', '..', 'tsconfig.base.json');

export function compileFixtures(files: string[], extraOptions: ts.CompilerOptions = {}): string[] {
  const { config } = ts.readConfigFile(baseConfig, (path) => ts.sys.readFile(path));
  const { options: base } = ts.parseJsonConfigFileContent(config, ts.sys, join(baseConfig, '..'));
  const options = {
    ...base,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    ...extraOptions,
  };
  const host = hostParsingDeclarationsOnce(options);
  const roots = files.map((file) => join(fixtures, file));
  const program = ts.createProgram(roots, options, host);
  // Errors are asked of the fixtures only: the package sources they import are the typecheck's to check (`tsc -p
  // tsconfig.json`), and a user's compiler reads them as declaration files. Checking them all again here was most of
  // the time these tests took.
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...roots.flatMap((root) => {
      const file = program.getSourceFile(root);
      if (!file) throw new Error(`no fixture ${root}`);
      return program.getSemanticDiagnostics(file);
    }),
  ];
  return diagnostics.map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.split('/').pop()}:` +
        `${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `
      : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}
