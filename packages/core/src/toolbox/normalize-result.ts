/**
 * Turns any value into JSON data that can be sent as (part of) a functionResponse, without ever throwing:
 * Date -> ISO text, bigint -> text, Map -> object, Set and typed arrays -> arrays, Error -> { name, message },
 * `toJSON` honoured, functions and symbols dropped (null inside arrays, as JSON.stringify does), non-finite numbers
 * -> null, a value that contains itself -> "[Circular]". The size is capped at `maxSize` characters of JSON text:
 * a string that does not fit is cut, an item or property that does not fit is left out with those after it, and
 * `truncated` is set.
 */
export interface NormalizeOptions {
  /** Default 100,000 (the Toolbox's default); at least 32 (smaller caps are raised to 32: any scalar fits). */
  maxSize?: number;
  /** Keep the stack of errors inside the value (default false). */
  includeStack?: boolean;
}

interface WalkOptions {
  maxSize: number;
  includeStack: boolean;
}

export interface NormalizedValue {
  value: unknown;
  truncated: boolean;
}

const MAX_DEPTH = 64;
const MIN_SIZE = 32;
const DEFAULT_SIZE = 100_000;
const CIRCULAR = '[Circular]';
const TOO_DEEP = '[Too deep]';

/** Returns JSON data for `value`; `truncated` when the size cap cut something. */
export function normalizeResult(value: unknown, requested: NormalizeOptions = {}): NormalizedValue {
  const size = Math.max(requested.maxSize ?? DEFAULT_SIZE, MIN_SIZE);
  const scalar = scalarJson(value, size);
  if (scalar !== NOT_SCALAR) return { value: scalar, truncated: false };
  const walker = new Walker({ maxSize: size, includeStack: requested.includeStack ?? false });
  const result = walker.walk(value, 0);
  return { value: result === undefined ? null : result, truncated: walker.truncated };
}

/** What scalarJson gives for a value it does not handle: an object, an array, a string too long. */
export const NOT_SCALAR: unique symbol = Symbol('not a scalar');

/**
 * The JSON data of the common small results (most tools answer with a scalar), with nothing to allocate; NOT_SCALAR
 * where normalizeResult must walk the value. `maxSize` as in NormalizeOptions.
 */
export function scalarJson(value: unknown, maxSize: number): unknown {
  switch (typeof value) {
    case 'string':
      return jsonLength(value) <= Math.max(maxSize, MIN_SIZE) ? value : NOT_SCALAR;
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'undefined':
    case 'function':
    case 'symbol':
      return null;
    default:
      return value === null ? null : NOT_SCALAR;
  }
}

/** Turns a thrown value into `{ name, message, ... }` without throwing. */
export function errorToPayload(
  error: unknown,
  includeStack = false,
): { name: string; message: string; [key: string]: unknown } {
  try {
    if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
      const walked = new Walker({ maxSize: 20_000, includeStack }).walkError(error as Error, 0, true);
      return walked;
    }
    const { value } = normalizeResult(error, { maxSize: 20_000, includeStack });
    return { name: 'Error', message: typeof value === 'string' ? value : safeString(error) };
  } catch {
    return { name: 'Error', message: 'An error was thrown that could not be described' };
  }
}

class Walker {
  truncated = false;
  remaining: number;
  /** Properties written so far in the object being filled (for commas). */
  private count = 0;
  private readonly ancestors = new Set<object>();

  constructor(private readonly options: WalkOptions) {
    this.remaining = options.maxSize;
  }

  /** Returns JSON data, or undefined for what JSON leaves out (functions, symbols, undefined). */
  walk(value: unknown, depth: number): unknown {
    switch (typeof value) {
      case 'string':
        return this.string(value);
      case 'number':
        if (!Number.isFinite(value)) {
          this.remaining -= 4;
          return null;
        }
        this.remaining -= String(value).length;
        return value === 0 ? 0 : value;
      case 'boolean':
        this.remaining -= value ? 4 : 5;
        return value;
      case 'bigint':
        return this.string(value.toString());
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (value === null) {
      this.remaining -= 4;
      return null;
    }
    if (this.remaining < 2) {
      // Not even brackets fit: the caller drops this value.
      this.truncated = true;
      this.remaining -= 2;
      return null;
    }
    const object = value as object;
    if (this.ancestors.has(object)) return this.string(CIRCULAR);
    if (depth >= MAX_DEPTH) {
      this.truncated = true;
      return this.string(TOO_DEEP);
    }
    this.ancestors.add(object);
    try {
      return this.object(object, depth);
    } catch (error) {
      return this.string(`[Unreadable: ${safeString((error as Error)?.message ?? error)}]`);
    } finally {
      this.ancestors.delete(object);
    }
  }

  private object(object: object, depth: number): unknown {
    if (object instanceof Date)
      return this.string(Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString());
    if (Array.isArray(object)) return this.array(object, depth);
    if (object instanceof Map) return this.map(object, depth);
    if (object instanceof Set) return this.iterable(object, object.size, depth);
    if (object instanceof Error) return this.walkError(object, depth);
    if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
      const view = object as unknown as ArrayLike<number | bigint>;
      return this.iterable(Array.prototype.slice.call(view) as unknown[], view.length, depth);
    }
    if (object instanceof RegExp) return this.string(String(object));
    const toJSON = (object as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') {
      const replaced: unknown = toJSON.call(object, '');
      if (replaced === object) return this.properties(object, depth);
      return this.walk(replaced, depth + 1);
    }
    if (typeof (object as { then?: unknown }).then === 'function') return this.string('[Promise]');
    return this.properties(object, depth);
  }

  private string(text: string): string {
    const cost = jsonLength(text);
    if (cost <= this.remaining) {
      this.remaining -= cost;
      return text;
    }
    this.truncated = true;
    const cut = text.slice(0, fittingPrefix(text, this.remaining - 2));
    this.remaining -= jsonLength(cut);
    return cut;
  }

  private full(): boolean {
    if (this.remaining > 0) return false;
    this.truncated = true;
    return true;
  }

  private array(items: readonly unknown[], depth: number): unknown[] {
    this.remaining -= 2;
    const out: unknown[] = [];
    for (let i = 0; i < items.length; i++) {
      if (this.full()) break;
      let item: unknown;
      try {
        item = items[i];
      } catch (error) {
        item = `[Unreadable: ${safeString((error as Error)?.message ?? error)}]`;
      }
      if (!this.addItem(out, item, depth)) break;
    }
    return out;
  }

  private iterable(items: Iterable<unknown>, size: number, depth: number): unknown[] {
    this.remaining -= 2;
    const out: unknown[] = [];
    if (size === 0) return out;
    for (const item of items) {
      if (this.full()) break;
      if (!this.addItem(out, item, depth)) break;
    }
    return out;
  }

  /** Adds one array item if it fits (a comma, then the item); false when it did not and the array must end. */
  private addItem(out: unknown[], item: unknown, depth: number): boolean {
    const before = this.remaining;
    if (out.length > 0) this.remaining -= 1;
    const walked = this.walk(item, depth + 1);
    if (walked === undefined) this.remaining -= 4;
    if (this.remaining < 0) {
      this.remaining = before;
      this.truncated = true;
      return false;
    }
    out.push(walked === undefined ? null : walked);
    return true;
  }

  /** Adds one property if it fits (a comma, the key, the value); false when it did not and the object must end. */
  private addProperty(out: Record<string, unknown>, key: string, item: unknown, depth: number): boolean {
    const before = this.remaining;
    if (this.count > 0) this.remaining -= 1;
    this.remaining -= jsonLength(key) + 1;
    const walked = this.walk(item, depth + 1);
    if (walked === undefined) {
      this.remaining = before;
      return true;
    }
    if (this.remaining < 0) {
      this.remaining = before;
      this.truncated = true;
      return false;
    }
    defineKey(out, key, walked);
    this.count++;
    return true;
  }

  private map(map: Map<unknown, unknown>, depth: number): Record<string, unknown> {
    this.remaining -= 2;
    const out: Record<string, unknown> = {};
    const outer = this.count;
    this.count = 0;
    for (const [key, item] of map) {
      if (this.full()) break;
      if (!this.addProperty(out, this.key(key, depth), item, depth)) break;
    }
    this.count = outer;
    return out;
  }

  private key(key: unknown, depth: number): string {
    if (typeof key === 'string') return key;
    if (typeof key !== 'object' || key === null) return String(key);
    const walked = this.walk(key, depth + 1);
    try {
      return JSON.stringify(walked) ?? String(walked);
    } catch {
      return '[object]';
    }
  }

  private properties(object: object, depth: number): Record<string, unknown> {
    this.remaining -= 2;
    const out: Record<string, unknown> = {};
    const outer = this.count;
    this.count = 0;
    for (const key of Object.keys(object)) {
      if (this.full()) break;
      let item: unknown;
      try {
        item = (object as Record<string, unknown>)[key];
      } catch (error) {
        item = `[Unreadable: ${safeString((error as Error)?.message ?? error)}]`;
      }
      if (!this.addProperty(out, key, item, depth)) break;
    }
    this.count = outer;
    return out;
  }

  /** `{ name, message, ...own properties, cause?, stack? }`; `complete` keeps name and message even past the cap. */
  walkError(error: Error, depth: number, complete = false): { name: string; message: string; [key: string]: unknown } {
    this.remaining -= 2;
    const out = {} as { name: string; message: string; [key: string]: unknown };
    const outer = this.count;
    this.count = 0;
    this.addProperty(out, 'name', safeString(readSafely(error, 'name') ?? 'Error'), depth);
    this.addProperty(out, 'message', safeString(readSafely(error, 'message') ?? ''), depth);
    let room = true;
    for (const key of Object.keys(error)) {
      if (key === 'name' || key === 'message' || key === 'stack') continue;
      if (this.full() || !(room = this.addProperty(out, key, readSafely(error, key), depth))) break;
    }
    const cause = readSafely(error, 'cause');
    if (room && cause !== undefined && !Object.hasOwn(out, 'cause') && !this.ancestors.has(cause as object)) {
      room = this.addProperty(out, 'cause', cause, depth);
    }
    if (room && this.options.includeStack) {
      const stack = readSafely(error, 'stack');
      if (typeof stack === 'string') this.addProperty(out, 'stack', stack, depth);
    }
    this.count = outer;
    if (complete) {
      out.name ??= safeString(readSafely(error, 'name') ?? 'Error');
      out.message ??= safeString(readSafely(error, 'message') ?? '');
    }
    return out;
  }
}

/** Own data property even for `__proto__`, so no key can reach the prototype. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function readSafely(object: object, key: string): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Control characters JSON writes as `\b`, `\t`, `\n`, `\f`, `\r`; the others take six characters (`\u0001`). */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/**
 * The length of the longest prefix of `text` whose JSON form, quotes left out, takes at most `budget` characters:
 * each character is charged what JSON.stringify writes for it, and a surrogate pair is never split (half a pair
 * would be written as a 6-character escape).
 */
function fittingPrefix(text: string, budget: number): number {
  let used = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let width = 1;
    let cost = 1;
    if (code < 0x20) {
      cost = SHORT_ESCAPES.has(code) ? 2 : 6;
    } else if (code === 0x22 || code === 0x5c) {
      cost = 2;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      const paired = code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
      width = paired ? 2 : 1;
      cost = paired ? 2 : 6;
    }
    if (used + cost > budget) break;
    used += cost;
    index += width;
  }
  return index;
}

/** The length of the string as JSON text. */
function jsonLength(text: string): number {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text).length : text.length + 2;
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : String(value);
  } catch {
    return '[unprintable]';
  }
}
