import { ts } from '../program/ts-morph.js';

/** Built-in types that JSON cannot carry, with a hint where there is a better type to use. */
export const UNSUPPORTED: Record<string, string> = {
  Map: 'use Record<string, V> or an array of [key, value] pairs',
  ReadonlyMap: 'use Record<string, V> or an array of [key, value] pairs',
  WeakMap: '',
  WeakSet: '',
  WeakRef: '',
  Promise: 'a tool argument is a plain value',
  PromiseLike: 'a tool argument is a plain value',
  RegExp: 'use a string',
  Function: '',
  Error: '',
  Symbol: '',
  ArrayBuffer: 'use a base64 string',
  SharedArrayBuffer: 'use a base64 string',
  DataView: 'use a base64 string',
  Uint8Array: 'use a base64 string or number[]',
  Buffer: 'use a base64 string',
  Blob: 'use a base64 string',
  AbortSignal: 'declare a ToolContext parameter to receive the call\'s signal',
};

/** A global type declared by the standard library or @types (not a user's class that happens to be called Date). */
export function isBuiltin(symbol: ts.Symbol): boolean {
  const declaration = symbol.declarations?.[0];
  if (declaration === undefined || !declaration.getSourceFile().isDeclarationFile) return false;
  return symbol.name in BUILTIN_NAMES || TYPED_ARRAY.test(symbol.name);
}

export const TYPED_ARRAY = /^(?:Big)?(?:Uint|Int|Float)\d+(?:Clamped)?Array$/;

const BUILTIN_NAMES: Record<string, true> = Object.fromEntries(
  ['Date', 'URL', 'Set', 'ReadonlySet', ...Object.keys(UNSUPPORTED)].map((name) => [name, true]),
);
