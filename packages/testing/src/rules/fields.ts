import { snakeCase } from './messages.js';

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a field by its JSON name: the API accepts both the camelCase and the snake_case spelling of every proto
 * field (`functionDeclarations` and `function_declarations`).
 */
export function field(object: Record<string, unknown>, camelName: string): unknown {
  if (camelName in object) return object[camelName];
  const snake = snakeCase(camelName);
  return snake in object ? object[snake] : undefined;
}

/** Keys of `object` that are neither a listed camelCase name nor its snake_case spelling. */
export function unknownKeys(object: Record<string, unknown>, camelNames: ReadonlySet<string>): string[] {
  const known = new Set<string>();
  for (const name of camelNames) {
    known.add(name);
    known.add(snakeCase(name));
  }
  return Object.keys(object).filter((key) => !known.has(key));
}
