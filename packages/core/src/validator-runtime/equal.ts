const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Deep equality of JSON values, for `const`, `enum` and `uniqueItems`. ajv's own helper (fast-deep-equal) calls an
 * object's `valueOf` and `toString` when they are not Object.prototype's: a model's arguments object with a property
 * of that name (`{ "toString": "a" }`) made it throw, and the call failed with a TypeError instead of an answer. JSON
 * values hold no functions, so comparing their structure is enough: the same answer as ajv's wherever ajv's does not
 * throw (NaN equals NaN too), and an answer where it did.
 */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  const list = Array.isArray(a);
  if (list !== Array.isArray(b)) return false;
  if (list) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], other[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!hasOwn.call(b, key)) return false;
  for (const key of keys) {
    if (!equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
