// Type-level tests of defineTool's inference and of declarations() against @google/genai's types: the fixtures are
// compiled with the TypeScript API under the workspace's compiler options (their @ts-expect-error lines fail the
// compile when the error they mark goes away).
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const fixtures = join(__dirname, 'fixtures');
const baseConfig = join(__dirname, '..', '..', '..', '..', 'tsconfig.base.json');

function compile(files: string[]): string[] {
  const { config } = ts.readConfigFile(baseConfig, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(baseConfig, '..'));
  const program = ts.createProgram(
    files.map((file) => join(fixtures, file)),
    { ...options, noEmit: true, declaration: false, declarationMap: false, sourceMap: false },
  );
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.split('/').pop()}:` +
        `${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `
      : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

describe('types', () => {
  it("defineTool infers the handler's args from a Standard Schema and takes them as a type argument otherwise", () => {
    expect(compile(['define-tool.ts'])).toEqual([]);
  });

  it("toolbox.declarations() is assignable to @google/genai's FunctionDeclaration[] with no cast", () => {
    expect(compile(['declarations.ts'])).toEqual([]);
  });
});
