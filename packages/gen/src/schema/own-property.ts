/**
 * Sets a property that is the record's own even when its name is `__proto__` (a plain assignment would set the
 * prototype instead and the property would be lost). Names are the user's: any valid parameter or property name.
 */
export function setOwn<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The record's own property (never one every object inherits, such as `constructor` or `toString`). */
export function getOwn<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}
