/**
 * A positive integer option of connectMcp or serveMcp (`api`), or its default; anything else is the programmer's
 * error.
 */
export function countOption(
  api: 'connectMcp' | 'serveMcp',
  name: string,
  value: number | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${api} option ${name} must be an integer >= 1, got ${value}`);
  return value;
}
