/** The value a CommonJS module compiled from TS exports as `default`, whichever way the importer interoperates. */
export function defaultOf<T>(module: unknown): T {
  // Node's ESM import of CJS puts module.exports on `default`; TS's CJS output puts the export there again. Two
  // steps at most (fast-uri's exports name themselves as their own `default`).
  let value = module as { default?: unknown };
  for (let step = 0; step < 2 && typeof value === 'object' && value !== null && value.default !== undefined; step++) {
    if (value.default === value) break;
    value = value.default as typeof value;
  }
  return value as T;
}
