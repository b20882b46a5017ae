/**
 * Turns any value into JSON data that can be sent as (part of) a functionResponse, without ever throwing:
 * Date -> ISO text, bigint -> text, Map -> object, Set and typed arrays -> arrays, Error -> { name, message },
 * `toJSON` honoured, functions and symbols dropped (null inside arrays, as JSON.stringify does), non-finite numbers
 * -> null, a value that contains itself -> "[Circular]". The size is capped: past `maxSize` characters of JSON
 * (counted approximately: escapes are not counted), strings are cut and further items and properties are left out,
 * and `truncated` is set.
 */
export interface NormalizeOptions {
  maxSize: number;
  includeStack: boolean;
}

export interface NormalizedValue {
  value: unknown;
  truncated: boolean;
}

const MAX_DEPTH = 64;
const CIRCULAR = '[Circular]';
const TOO_DEEP = '[Too deep]';

/** Returns JSON data for `value`; `truncated` when the size cap cut something. */
export function normalizeResult(value: unknown, options: NormalizeOptions): NormalizedValue {
  // The common small cases, with no walker to allocate.
  switch (typeof value) {
    case 'string':
      if (value.length + 2 <= options.maxSize) return { value, truncated: false };
      break;
    case 'boolean':
      return { value, truncated: false };
    case 'number':
      return { value: Number.isFinite(value) ? value : null, truncated: false };
    case 'undefined':
    case 'function':
    case 'symbol':
      return { value: null, truncated: false };
    default:
      if (value === null) return { value, truncated: false };
  }
  const walker = new Walker(options);
  const result = walker.walk(value, 0);
  return { value: result === undefined ? null : result, truncated: walker.truncated };
}

/** Turns a thrown value into `{ name, message, ... }` without throwing. */
export function errorToPayload(error: unknown, includeStack: boolean): { name: string; message: string; [key: string]: unknown } {
  try {
    if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
      const walked = new Walker({ maxSize: 20_000, includeStack }).walkError(error as Error, 0);
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
  private remaining: number;
  private readonly ancestors = new Set<object>();

  constructor(private readonly options: NormalizeOptions) {
    this.remaining = options.maxSize;
  }

  /** Returns JSON data, or undefined for what JSON leaves out (functions, symbols, undefined). */
  walk(value: unknown, depth: number): unknown {
    switch (typeof value) {
      case 'string':
        return this.string(value);
      case 'number':
        this.remaining -= 4;
        return Number.isFinite(value) ? value : null;
      case 'boolean':
        this.remaining -= 5;
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
    if (object instanceof Date) return this.string(Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString());
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
    const cost = text.length + 2;
    if (cost <= this.remaining) {
      this.remaining -= cost;
      return text;
    }
    this.truncated = true;
    const keep = Math.max(0, this.remaining - 2);
    this.remaining = -1;
    return text.slice(0, keep);
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
      const walked = this.walk(item, depth + 1);
      out.push(walked === undefined ? null : walked);
      this.remaining -= 1;
    }
    return out;
  }

  private iterable(items: Iterable<unknown>, size: number, depth: number): unknown[] {
    this.remaining -= 2;
    const out: unknown[] = [];
    if (size === 0) return out;
    for (const item of items) {
      if (this.full()) break;
      const walked = this.walk(item, depth + 1);
      out.push(walked === undefined ? null : walked);
      this.remaining -= 1;
    }
    return out;
  }

  private map(map: Map<unknown, unknown>, depth: number): Record<string, unknown> {
    this.remaining -= 2;
    const out: Record<string, unknown> = {};
    for (const [key, item] of map) {
      if (this.full()) break;
      const walked = this.walk(item, depth + 1);
      if (walked === undefined) continue;
      const name = this.key(key, depth);
      defineKey(out, name, walked);
      this.remaining -= name.length + 4;
    }
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
    for (const key of Object.keys(object)) {
      if (this.full()) break;
      let item: unknown;
      try {
        item = (object as Record<string, unknown>)[key];
      } catch (error) {
        item = `[Unreadable: ${safeString((error as Error)?.message ?? error)}]`;
      }
      const walked = this.walk(item, depth + 1);
      if (walked === undefined) continue;
      defineKey(out, key, walked);
      this.remaining -= key.length + 4;
    }
    return out;
  }

  walkError(error: Error, depth: number): { name: string; message: string; [key: string]: unknown } {
    const out: { name: string; message: string; [key: string]: unknown } = {
      name: this.string(safeString(readSafely(error, 'name') ?? 'Error')),
      message: this.string(safeString(readSafely(error, 'message') ?? '')),
    };
    for (const key of Object.keys(error)) {
      if (key === 'name' || key === 'message' || key === 'stack') continue;
      if (this.full()) break;
      const walked = this.walk(readSafely(error, key), depth + 1);
      if (walked !== undefined) defineKey(out, key, walked);
    }
    const cause = readSafely(error, 'cause');
    if (cause !== undefined && !Object.hasOwn(out, 'cause') && !this.ancestors.has(cause as object)) {
      const walked = this.walk(cause, depth + 1);
      if (walked !== undefined) out.cause = walked;
    }
    if (this.options.includeStack) {
      const stack = readSafely(error, 'stack');
      if (typeof stack === 'string') out.stack = this.string(stack);
    }
    return out;
  }
}

/** Own data property even for `__proto__`, so no key can reach the prototype. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function readSafely(object: object, key: string): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : String(value);
  } catch {
    return '[unprintable]';
  }
}
