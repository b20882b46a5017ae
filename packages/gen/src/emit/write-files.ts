import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes each file next to its target under a temporary name, then renames them all into place: a reader never
 * sees a half-written file, and when any write fails no target is replaced.
 */
export function writeFilesAtomically(files: readonly { path: string; text: string }[]): void {
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const { path, text } of files) {
      mkdirSync(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now().toString(36)}.tmp`);
      staged.push({ temp, path });
      writeFileSync(temp, text);
    }
  } catch (error) {
    for (const { temp } of staged) rmSync(temp, { force: true });
    throw error;
  }
  for (const { temp, path } of staged) renameSync(temp, path);
}
