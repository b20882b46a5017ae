import type { Node } from 'ts-morph';
import type { Diagnostic } from './diagnostic.js';

/** Collects the problems of one run, each at the node it is about. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  /** Bound, so it can be handed out as a `Report` callback. */
  readonly report = (node: Node, severity: Diagnostic['severity'], message: string): void => {
    const sourceFile = node.getSourceFile();
    const { line, column } = sourceFile.getLineAndColumnAtPos(node.getStart());
    this.add({ file: sourceFile.getFilePath(), line, column, severity, message });
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
