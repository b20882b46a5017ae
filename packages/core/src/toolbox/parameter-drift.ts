import type { ManifestParam, ManifestTool } from '../manifest.js';
import { parameterNames } from './parameter-names.js';

/**
 * Whether the method's parameters still fit its manifest entry, checked when the Toolbox binds it. gen-tools' TS
 * module already fails `tsc` for a parameter inserted, removed, retyped or moved past one of another type; what the
 * type checker cannot see (a rename, a reorder of same-typed parameters), and every drift under a JSON manifest, is
 * read here from the method's source text: its parameter names against the manifest's, in order.
 *
 * Where the text cannot tell, nothing is refused: a wrapper from another decorator (`...args`), a destructured
 * parameter (its manifest name is made up), a name a compiler changed (`order2`), and minified code, whose names (all of one or two characters) do not
 * say whether a parameter was renamed. `fn.length` (the parameters before the first default) is checked in every case.
 */
export function checkParameters(entry: ManifestTool, fn: (...args: unknown[]) => unknown, where: string): void {
  const params: ManifestParam[] = Array.isArray(entry.params) ? entry.params : [];
  const listed = params.map((param) => param.name);
  const stale = (found: string): TypeError =>
    new TypeError(
      `${where} ${found}, but the manifest lists (${listed.join(', ')}): the method changed since gen-tools ` +
        'wrote the manifest, and its arguments would reach the wrong parameters: run gen-tools',
    );
  let leadingRequired = 0;
  while (leadingRequired < params.length && !params[leadingRequired]!.optional) leadingRequired++;
  if (fn.length > params.length || (fn.length !== 0 && fn.length < leadingRequired)) {
    throw stale(`takes ${fn.length} parameter${fn.length === 1 ? '' : 's'} before any default`);
  }
  const names = parameterNames(fn);
  if (names === null || names.some((name) => name.startsWith('...'))) return;
  if (names.length !== params.length) throw stale(`takes (${names.join(', ')})`);
  const differ = names.some((name, i) => name !== '' && !sameName(name, listed[i]!));
  if (!differ) return;
  // A minifier gives every parameter a name of one or two characters; names the manifest holds, swapped, are a reorder.
  const minified = names.every((name) => name.length <= 2);
  const reordered = names.every((name) => name === '' || listed.some((other) => sameName(name, other)));
  if (reordered || !minified) throw stale(`takes (${names.map((name) => name || '{...}').join(', ')})`);
}

/**
 * Whether a parameter's name in the running code is the one gen-tools read: compilers rename a parameter that would
 * shadow a name they add (esbuild and SWC append digits, `order2`; Rollup `order$1`; Babel prefixes `_`).
 */
function sameName(running: string, listed: string): boolean {
  return running === listed || running.replace(/^_+|\$?\d+$/g, '') === listed.replace(/^_+|\$?\d+$/g, '');
}
