import { equal } from './equal.js';

type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/**
 * The pair of equal items that `uniqueItems` reports, as ajv finds it, or null. Items of scalar types (the `items`
 * schema's `type`) are told apart by a lookup object, skipping items of other types, and reported as [i, j] with
 * i < j; others by deep equality of every pair, reported as [i, j] with i > j. ajv's quirks are kept (a lookup object
 * never finds `"__proto__"` twice), so that a validator using this accepts what ajv's code accepts.
 */
export function duplicateItems(
  list: readonly unknown[],
  itemTypes: readonly JsonTypeName[] | null,
): [number, number] | null {
  if (itemTypes && itemTypes.length > 0 && !itemTypes.some((type) => type === 'object' || type === 'array')) {
    if (list.length <= 1) return null;
    const several = itemTypes.length > 1;
    const indices: Record<string, unknown> = {};
    for (let i = list.length; i--; ) {
      let item = list[i];
      if (!itemTypes.some((type) => hasJsonType(type, item))) continue;
      if (several && typeof item === 'string') item += '_';
      const key = item as string;
      if (typeof indices[key] === 'number') return [i, indices[key] as number];
      indices[key] = i;
    }
    return null;
  }
  for (let i = list.length; i--; ) {
    for (let j = i; j--; ) if (equal(list[i], list[j])) return [i, j];
  }
  return null;
}

/** Whether `data` has the JSON type `type` (ajv's test, strictNumbers off). */
export function hasJsonType(type: JsonTypeName, data: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof data === 'number' && !((data as number) % 1) && !Number.isNaN(data);
    case 'object':
      return typeof data === 'object' && data !== null && !Array.isArray(data);
    case 'array':
      return Array.isArray(data);
    case 'null':
      return data === null;
    default:
      return typeof data === type;
  }
}
