import { excerpt } from './excerpt.js';

/** A short description of a JSON value for an issue's `received`: its kind, and the value when it is small. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return value.length > 40
        ? `string ${JSON.stringify(value.slice(0, 40))}... (${value.length} characters)`
        : `string ${JSON.stringify(value)}`;
    case 'number':
      return Number.isInteger(value) ? `integer ${value}` : `number ${value}`;
    case 'boolean':
      return `boolean ${value}`;
    case 'bigint':
      return `integer ${value}`;
    case 'object':
      if (Array.isArray(value)) return `array of ${value.length} item${value.length === 1 ? '' : 's'}`;
      return describeObject(value);
    default:
      return typeof value;
  }
}

function describeObject(value: object): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'invalid date' : `date ${value.toISOString()}`;
  if (value instanceof URL) return `URL ${value.href}`;
  if (value instanceof Set) return `set of ${value.size} item${value.size === 1 ? '' : 's'}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return 'empty object';
  const shown = keys
    .slice(0, 5)
    .map((key) => excerpt(key, 40))
    .join(', ');
  return `object with ${keys.length > 5 ? `${keys.length} properties (${shown}, ...)` : `properties ${shown}`}`;
}
