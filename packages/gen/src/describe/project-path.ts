import { relative, sep } from 'node:path';
import type { ts } from '../program/typescript.js';

/** A file's path relative to the project folder, with `/` separators (stable across machines). */
export function projectPath(projectDir: string, file: string): string {
  return relative(projectDir, file).split(sep).join('/');
}

/** `projectPath` of a file, computed once per file (`path.relative` is not cheap, and a file has many tools). */
const projectPaths = new WeakMap<ts.SourceFile, { projectDir: string; path: string }>();

export function projectPathOf(file: ts.SourceFile, projectDir: string): string {
  const known = projectPaths.get(file);
  if (known && known.projectDir === projectDir) return known.path;
  const path = projectPath(projectDir, file.fileName);
  projectPaths.set(file, { projectDir, path });
  return path;
}
