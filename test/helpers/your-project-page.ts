// docs/your-project.md's project as the tests write it: the JSON files marked `<!-- sample: project <file> -->`
// (package.json, tsconfig.json, ...) and the `ts` blocks marked `<!-- sample: project -->`, each named by the path
// in its first line's comment (`// src/main.ts`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { codeBlocks } from './markdown.js';

export const YOUR_PROJECT_PAGE = 'docs/your-project.md';

const blocks = codeBlocks(YOUR_PROJECT_PAGE);

/** The JSON block marked `<!-- sample: project <name> -->`. */
export function projectFile(name: string): string {
  const block = blocks.find((candidate) => candidate.directive === `project ${name}`);
  if (!block) throw new Error(`${YOUR_PROJECT_PAGE} has no block marked "project ${name}"`);
  return block.code;
}

/** The page's source files, in the page's order. */
export const projectSources = blocks
  .filter((block) => block.directive === 'project' && block.lang === 'ts')
  .map((block) => {
    const path = /^\/\/ (src\/[\w.-]+\.ts)/.exec(block.code)?.[1];
    if (!path) throw new Error(`${YOUR_PROJECT_PAGE}:${block.line}: a project block starts with "// src/<file>.ts"`);
    return { path, code: block.code };
  });

/** Writes the named JSON files and every source file of the page into `dir`. */
export function writeProject(dir: string, files: string[]): void {
  for (const name of files) writeFileSync(join(dir, name), projectFile(name));
  for (const { path, code } of projectSources) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
}
