/** What a read reports besides a value: the text ended inside it, it cannot be read, or it waits for more. */

/** The text ended inside a value: in a stream, more may come; in a whole reply, the call was cut off. */
export class Incomplete {
  constructor(readonly at: number) {}
}

/** The text is not a value, and no more text can make it one. */
export class Unreadable {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

/** What the reader forgave, by name. */
export type Repair =
  | 'single-quotes'
  | 'python-literals'
  | 'trailing-comma'
  | 'unquoted-key'
  | 'raw-newline-in-string'
  | 'python-escape'
  | 'tuple-as-list';

/** A read that reached the end of a stream's text so far: call it again after more text has come. */
export const MORE: unique symbol = Symbol('more');
export type More = typeof MORE;

/** A read that may wait for more text: a generator that yields while it waits, and returns what it read. */
export type Reading<T> = Generator<undefined, T, undefined>;

/** Sets a key as data: "__proto__" is an ordinary key here, never the object's prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
