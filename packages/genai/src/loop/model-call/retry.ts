import type { RetryOptions } from '../../options.js';

export interface RetryPolicy {
  retries: number;
  statuses: ReadonlySet<number>;
  connectionErrors: boolean;
  initialDelayMs: number;
  factor: number;
  maxDelayMs: number;
  readRetryAfterHeader: boolean;
  fetch: typeof fetch | undefined;
}

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) {
    return {
      retries: 0,
      statuses: new Set(),
      connectionErrors: false,
      initialDelayMs: 0,
      factor: 1,
      maxDelayMs: 0,
      readRetryAfterHeader: false,
      fetch: undefined,
    };
  }
  return {
    retries: Math.max(0, Math.floor(options?.retries ?? 3)),
    statuses: new Set(options?.statuses ?? [429, 500, 503]),
    connectionErrors: options?.connectionErrors ?? true,
    initialDelayMs: Math.max(0, options?.initialDelayMs ?? 500),
    factor: Math.max(1, options?.factor ?? 2),
    maxDelayMs: Math.max(0, options?.maxDelayMs ?? 30_000),
    readRetryAfterHeader: options?.readRetryAfterHeader ?? true,
    fetch: options?.fetch,
  };
}

/** The HTTP status of an SDK error (`ApiError.status`), if it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * A request that got no answer at all: fetch's TypeError ("fetch failed" in Node, "Failed to fetch" in browsers) or a
 * reset.
 */
export function isConnectionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const message = String((error as { message?: unknown }).message ?? '').toLowerCase();
  if (error instanceof TypeError && (message.startsWith('fetch failed') || message.startsWith('failed to fetch')))
    return true;
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET'].includes(code);
}

/** A Retry-After header value (seconds or an HTTP date) in milliseconds. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The `retryDelay` of a google.rpc.RetryInfo detail in an API error body ("17s", "0.5s"). The SDK puts the body,
 * as JSON, in the error's message.
 */
export function retryInfoDelay(error: unknown): number | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return undefined;
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(message);
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** The delay before retry number `attempt` (1-based): the server's word if it gave one, else exponential backoff. */
export function retryDelay(policy: RetryPolicy, attempt: number, serverDelayMs: number | undefined): number {
  if (serverDelayMs !== undefined) return Math.min(policy.maxDelayMs, serverDelayMs);
  const base = policy.initialDelayMs * policy.factor ** (attempt - 1);
  const jitter = base * 0.2 * Math.random();
  return Math.min(policy.maxDelayMs, Math.round(base + jitter));
}

/** Waits, unless the signal fires first (then rejects with its reason). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
