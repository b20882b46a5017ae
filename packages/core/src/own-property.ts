/**
 * Sets an own property under any name: `target.__proto__ = value` would replace the prototype instead, and the
 * property would be lost. Property and parameter names are the user's (and the model's): any valid name.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
