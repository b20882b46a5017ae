import { setOwn } from '../own-property.js';

/**
 * A copy of JSON-like arguments whose plain objects have no prototype, for the validator of a schema that names a
 * property every object inherits. Validators are compiled without ajv's `ownProperties` (it costs about half of a
 * small validation), so they test `args.toString !== undefined`: on this copy that is true only when it was sent.
 * Anything that is not an array or a plain object (a Date a caller passed) is kept as it is. The caller has checked
 * the depth, so the recursion is bounded.
 */
export function withoutPrototypes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) setOwn(copy, key, withoutPrototypes((value as Record<string, unknown>)[key]));
  return copy;
}
