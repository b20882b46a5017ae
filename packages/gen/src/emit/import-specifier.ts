import { dirname, relative, sep } from 'node:path';
import { ts } from '../program/typescript.js';

/** How relative imports name a TypeScript file under the project's module resolution. */
export type ExtensionStyle = 'js' | 'ts' | 'none';

/**
 * `node16`/`nodenext` resolution needs the emitted extension (`./service.js`), or the source one when the
 * compiler rewrites it (`rewriteRelativeImportExtensions`); bundler and classic resolution take none.
 */
export function extensionStyle(options: ts.CompilerOptions): ExtensionStyle {
  const nodeModules = [ts.ModuleKind.Node16, ts.ModuleKind.Node18, ts.ModuleKind.Node20, ts.ModuleKind.NodeNext];
  const resolution =
    options.moduleResolution ??
    (options.module !== undefined && nodeModules.includes(options.module)
      ? ts.ModuleResolutionKind.NodeNext
      : ts.ModuleResolutionKind.Bundler);
  if (resolution !== ts.ModuleResolutionKind.Node16 && resolution !== ts.ModuleResolutionKind.NodeNext) return 'none';
  return options.rewriteRelativeImportExtensions ? 'ts' : 'js';
}

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
