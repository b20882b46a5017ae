import { relative, sep } from 'node:path';

/** A file's path relative to the project folder, with `/` separators (stable across machines). */
export function projectPath(projectDir: string, file: string): string {
  return relative(projectDir, file).split(sep).join('/');
}
