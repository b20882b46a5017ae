import { ts } from '../program/typescript.js';
import type { DiagnosticCode } from '../diagnostic-codes.js';
import type { Report } from '../diagnostics.js';

/** A problem met while mapping a type, relative to the type: `path` leads from the type to the offending part. */
export interface Problem {
  code: DiagnosticCode;
  /** Property names, `[]` for array items, `[0]` for tuple positions, `[key]` for record values. */
  path: string[];
  /** A predicate: "has a function type ..., which JSON cannot carry". */
  message: string;
  /** Where to point, when not at the declaration being mapped (a JSDoc tag on a nested property). */
  at?: ts.Node;
}

/** How a message names the declaration it is about: `parameter "filter"`, `property "limit"`, ... */
export function subjectOf(raw: ts.Node): string {
  if (ts.isParameter(raw)) return `parameter "${raw.name.getText()}"`;
  if (ts.isPropertySignature(raw) || ts.isPropertyDeclaration(raw)) return `property "${raw.name.getText()}"`;
  if (ts.isMethodDeclaration(raw) || ts.isFunctionDeclaration(raw))
    return `the return type of "${raw.name?.getText() ?? 'function'}"`;
  const text = raw.getText().replace(/\s+/g, ' ');
  return `type "${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

function pathText(path: readonly string[]): string {
  let text = '';
  for (const segment of path) text += segment.startsWith('[') || text === '' ? segment : `.${segment}`;
  return text;
}

/** `parameter "filter": property "where.onMatch" has ...` */
function problemMessage(subject: string, problem: Problem): string {
  if (problem.path.length === 0) return `${subject} ${problem.message}`;
  const where = problem.path[0]!.startsWith('[')
    ? `element "${pathText(problem.path)}"`
    : `property "${pathText(problem.path)}"`;
  return `${subject}: ${where} ${problem.message}`;
}

/** Reports problems at `node`, or at a nested declaration when the problem names one in a file of the project. */
export function reportProblems(
  problems: readonly Problem[],
  node: ts.Node,
  report: Report,
  isProjectFile: (fileName: string) => boolean = () => true,
): void {
  if (problems.length === 0) return;
  const subject = subjectOf(node);
  for (const problem of problems) {
    const at = problem.at && isProjectFile(problem.at.getSourceFile().fileName) ? problem.at : node;
    report(at, problem.code, problemMessage(subject, problem));
  }
}
