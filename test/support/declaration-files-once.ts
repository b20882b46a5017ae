// A compiler host for the type-checks of test files: the declaration files of node_modules (TypeScript's libs,
// @types/node, packages' .d.ts) are parsed once per test worker and shared by every program built after, as gen does
// for its lib files. They are most of what such a program parses, and never change while the tests run (a test's
// own .d.ts files may, so they are read each time).
import ts from 'typescript';

const parsed = new Map<string, ts.SourceFile | undefined>();

/** `ts.createCompilerHost(options)`, but that a node_modules declaration file already parsed is reused. */
export function hostParsingDeclarationsOnce(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (!/\/node_modules\/.*\.d\.[cm]?ts$/.test(fileName)) return getSourceFile(fileName, languageVersion, ...rest);
    const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, ...rest));
    return parsed.get(key);
  };
  return host;
}
