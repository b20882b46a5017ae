import { dirname, relative, sep } from 'node:path';

/**
 * How relative imports name a TypeScript file under the project's module resolution (see `extensionStyle` in
 * index.ts). This module loads no TypeScript.
 */
export type ExtensionStyle = 'js' | 'ts' | 'none';

const EMITTED: Record<string, string> = { '.ts': '.js', '.tsx': '.js', '.mts': '.mjs', '.cts': '.cjs' };

/** The module specifier that imports `file` from a module at `fromFile`. */
export function importSpecifier(fromFile: string, file: string, style: ExtensionStyle): string {
  let path = relative(dirname(fromFile), file).split(sep).join('/');
  if (!path.startsWith('../')) path = `./${path}`;
  const extension = /\.(d\.)?[mc]?tsx?$/.exec(path)?.[0] ?? '';
  if (extension.startsWith('.d.') || style === 'ts') return path;
  const stem = path.slice(0, path.length - extension.length);
  return style === 'js' ? `${stem}${EMITTED[extension] ?? extension}` : stem;
}
