// Type-level tests of @tool(): the fixtures are compiled with the TypeScript API, under the workspace's compiler
// options, in both decorator modes. Every method shape must type-check; misuse must not (the misuse fixtures mark
// each error with @ts-expect-error, so a use that stops being an error fails the compile as well).
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const fixtures = join(__dirname, 'fixtures');
const baseConfig = join(__dirname, '..', '..', '..', '..', 'tsconfig.base.json');

function compile(files: string[], experimentalDecorators: boolean): string[] {
  const { config } = ts.readConfigFile(baseConfig, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(baseConfig, '..'));
  const program = ts.createProgram(
    files.map((file) => join(fixtures, file)),
    { ...options, noEmit: true, declaration: false, declarationMap: false, sourceMap: false, experimentalDecorators },
  );
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.split('/').pop()}:` +
        `${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `
      : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

describe('@tool() types', () => {
  it('standard (TC39) decorators: any instance method type-checks, misuse does not', () => {
    expect(compile(['methods.ts', 'standard-misuse.ts'], false)).toEqual([]);
  });

  it('legacy decorators (experimentalDecorators): the same methods type-check, misuse does not', () => {
    expect(compile(['methods.ts', 'legacy-misuse.ts'], true)).toEqual([]);
  });
});
