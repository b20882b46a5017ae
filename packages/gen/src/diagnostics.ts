import { severityOf, type DiagnosticCode } from './diagnostic-codes.js';
import type { ts } from './program/typescript.js';

/** A problem found in the user's code, printed as `file:line:col: severity code: message`. */
export interface Diagnostic {
  /** Relative to the working directory when printed by the CLI; absolute in the API. */
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  /** Stable across releases (see diagnostic-codes.ts): tests, docs and `--ignore` name a diagnostic by it. */
  code: DiagnosticCode;
  message: string;
}

/**
 * Reports a problem at a node (the declaration being read, or a nested one met by the checker). Every stage reports
 * through it.
 */
export type Report = (node: ts.Node, code: DiagnosticCode, message: string) => void;

/** Where a diagnostic points: a file, and a 1-based line and column (what `positionOf` gives of a node). */
export interface Site {
  file: string;
  line: number;
  column: number;
}

/** Reports a problem at a site: the checks over the whole tool set, which read tools as plain data (ToolEntry). */
export type ReportAt = (site: Site, code: DiagnosticCode, message: string) => void;

/** Collects the problems of one run, each at the node it is about. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  /** Bound, so it can be handed out as a `Report` callback. */
  readonly report = (node: ts.Node, code: DiagnosticCode, message: string): void => {
    this.at(positionOf(node), code, message);
  };

  /** Bound, so it can be handed out as a `ReportAt` callback. */
  readonly at = (site: Site, code: DiagnosticCode, message: string): void => {
    this.add({ file: site.file, line: site.line, column: site.column, severity: severityOf(code), code, message });
  };

  /** Adds a diagnostic unless the same message was reported at the same place already. */
  add(diagnostic: Diagnostic): void {
    const key = `${diagnostic.file}\0${diagnostic.line}\0${diagnostic.column}\0${diagnostic.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(diagnostic);
  }

  hasErrors(): boolean {
    return this.list.some((diagnostic) => diagnostic.severity === 'error');
  }

  /** By file, then position: the order a reader goes through the code. */
  sorted(): Diagnostic[] {
    return [...this.list].sort(
      (a, b) =>
        compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.message, b.message),
    );
  }
}

/** Code-unit order, the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Where a node starts (leading trivia and JSDoc aside): its file, and 1-based line and column. */
export function positionOf(node: ts.Node): Site {
  const sourceFile = node.getSourceFile();
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { file: sourceFile.fileName, line: line + 1, column: character + 1 };
}
