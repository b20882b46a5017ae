import { ts } from '../../program/typescript.js';
import { child, failure, plain, typeText, type TypeKind } from './mapped.js';

/**
 * Global types of the standard library: `Date` and `URL` are strings the Toolbox revives, `Set` an array of unique
 * items revived into a Set; the others JSON cannot carry (`Map`, `Promise`, typed arrays, ...) are errors.
 */
export const mapBuiltin: TypeKind = (type, _written, context) => {
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return undefined;
  const symbol = type.getSymbol();
  const builtin = symbol && isBuiltin(symbol) ? symbol.name : undefined;
  if (builtin === undefined) return undefined;
  if (builtin === 'Date') {
    return { schema: { type: 'string', format: 'date-time' }, revive: { kind: 'date' }, problems: [], local: false };
  }
  if (builtin === 'URL') {
    return { schema: { type: 'string', format: 'uri' }, revive: { kind: 'url' }, problems: [], local: false };
  }
  if (builtin === 'Set' || builtin === 'ReadonlySet') {
    const [element] = context.checker.getTypeArguments(type as ts.TypeReference);
    const items = element ? child(context.map(element), '[]') : plain({});
    return {
      schema: { type: 'array', items: items.schema, uniqueItems: true },
      revive: items.revive ? { kind: 'set', items: items.revive } : { kind: 'set' },
      problems: items.problems,
      local: items.local,
    };
  }
  if (builtin in UNSUPPORTED || TYPED_ARRAY.test(builtin)) {
    const hint = UNSUPPORTED[builtin] ?? 'use a base64 string or number[]';
    const text = typeText(type, context.checker);
    return failure('TW3001', `has type ${text}, which JSON cannot carry${hint ? `: ${hint}` : ''}`);
  }
  return undefined;
};

/** Built-in types that JSON cannot carry, with a hint where there is a better type to use. */
const UNSUPPORTED: Record<string, string> = {
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
  AbortSignal: "declare a ToolContext parameter to receive the call's signal",
};

/** A global type declared by the standard library or @types (not a user's class that happens to be called Date). */
export function isBuiltin(symbol: ts.Symbol): boolean {
  const declaration = symbol.declarations?.[0];
  if (declaration === undefined || !declaration.getSourceFile().isDeclarationFile) return false;
  return symbol.name in BUILTIN_NAMES || TYPED_ARRAY.test(symbol.name);
}

const TYPED_ARRAY = /^(?:Big)?(?:Uint|Int|Float)\d+(?:Clamped)?Array$/;

const BUILTIN_NAMES: Record<string, true> = Object.fromEntries(
  ['Date', 'URL', 'Set', 'ReadonlySet', ...Object.keys(UNSUPPORTED)].map((name) => [name, true]),
);
