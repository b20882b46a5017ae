// The TypeScript gen runs: the `typescript` package, through its public entry point (loaded as typescript-cjs.cts
// says), and its lib files, read from the folder beside it. Import them from here, never from 'typescript' directly.
// gen works on the compiler's own nodes, types and symbols: ts-morph is not loaded (its tests use it to build
// programs, and hand gen the compiler objects inside).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import typescript from '#typescript';

export import ts = typescript;

/** The folder of TypeScript's lib files (lib.es2022.d.ts, lib.dom.d.ts, ...): where its compiler host looks. */
export const libFolder: string = dirname(ts.getDefaultLibFilePath({}));

const libPrefix = `${libFolder.replace(/\\/g, '/')}/`;

/** Whether a file of a program is one of TypeScript's lib files (a program's file names have forward slashes). */
export function isLibFile(fileName: string): boolean {
  return fileName.startsWith(libPrefix);
}

/** TypeScript's lib files, by file name (for the table of host lib globals and its test). */
export function libFiles(): { fileName: string; text: string }[] {
  return readdirSync(libFolder)
    .filter((fileName) => /^lib(\..+)?\.d\.ts$/.test(fileName))
    .sort()
    .map((fileName) => ({ fileName, text: ts.sys.readFile(join(libFolder, fileName)) ?? '' }));
}
