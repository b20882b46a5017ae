import path from 'node:path';
import { ts } from '../../program/typescript.js';
import { failure, type TypeKind } from './mapped.js';

/**
 * A type TypeScript could not resolve (a missing import, a typo) or could not compute (a union too complex to
 * represent, a circular alias): it would pass as `any` without this, so it is an error.
 */
export const mapUnresolved: TypeKind = (type, written, context) => {
  if (!(type.flags & ts.TypeFlags.Any)) return undefined;
  if ((type as { intrinsicName?: string }).intrinsicName !== 'error') return undefined;
  const name = written ? ` ${written.getText()}` : '';
  const reason = written ? compilerError(written, context.checker, context.projectDir) : undefined;
  if (reason) {
    return { ...failure('TW3004', `has the type${name}, which TypeScript cannot compute: ${reason}`), local: true };
  }
  return {
    ...failure('TW3004', `has the type${name}, which TypeScript cannot resolve: check its import`),
    local: true,
  };
};

/**
 * The compiler's own error for a type it could not compute, where the type is written or where what it names is
 * declared (TS2590 "union type too complex" is reported at the alias, not at the parameter), with its place.
 */
function compilerError(written: ts.TypeNode, checker: ts.TypeChecker, projectDir: string): string | undefined {
  const nodes: ts.Node[] = [written];
  const name = ts.isTypeReferenceNode(written) ? written.typeName : undefined;
  let symbol = name ? checker.getSymbolAtLocation(name) : undefined;
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  // A name that does not resolve is a missing import or a typo: the caller says so.
  if (name && !symbol?.declarations?.length) return undefined;
  nodes.push(...(symbol?.declarations ?? []));
  // The checker's per-file diagnostics (not part of its public type): computed only here, on the error path.
  type WithDiagnostics = { getDiagnostics?: (file: ts.SourceFile) => readonly ts.Diagnostic[] };
  const diagnosticsOf = (checker as WithDiagnostics).getDiagnostics;
  if (typeof diagnosticsOf !== 'function') return undefined;
  const place = (file: ts.SourceFile, position: number): string => {
    const { line, character } = file.getLineAndCharacterOfPosition(position);
    return `${path.relative(projectDir, file.fileName).split(path.sep).join('/')}:${line + 1}:${character + 1}`;
  };
  for (const node of nodes) {
    const file = node.getSourceFile();
    const [start, end] = [node.getStart(file), node.getEnd()];
    const found = diagnosticsOf
      .call(checker, file)
      .find((diagnostic) => diagnostic.start !== undefined && diagnostic.start >= start && diagnostic.start < end);
    if (!found) continue;
    const message = ts.flattenDiagnosticMessageText(found.messageText, ' ');
    return `${message} (TS${found.code} at ${place(file, found.start!)})`;
  }
  // The checker reports such an error once, when the type is first computed, and it may already be gone: a name
  // that resolves is no missing import, so say where it is declared and what most often causes it.
  const declaration = symbol?.declarations?.[0] ?? (name ? undefined : written);
  if (!declaration) return undefined;
  const file = declaration.getSourceFile();
  const what = declaration === written ? 'it' : `its declaration at ${place(file, declaration.getStart(file))}`;
  return (
    `${what} does not compile, most often as a union too complex to represent (TS2590); ` +
    "run tsc --noEmit for the compiler's error"
  );
}
