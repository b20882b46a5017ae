import { isAbsolute, relative, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';

/** `file:line:col: severity code: message` (as tsc writes `error TS2322`), the file relative to `cwd`. */
export function formatDiagnostic(diagnostic: Diagnostic, cwd: string = process.cwd()): string {
  return (
    `${displayPath(diagnostic.file, cwd)}:${diagnostic.line}:${diagnostic.column}: ` +
    `${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`
  );
}

/** A path as a user in `cwd` would type it: relative where that is shorter than going up to the root. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  if (rel === '' || isAbsolute(rel)) return file;
  const shown = rel.split(sep).join('/');
  return shown.startsWith('../') && shown.length > file.length ? file : shown;
}
