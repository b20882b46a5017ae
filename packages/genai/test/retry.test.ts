import { describe, expect, it } from 'vitest';
import {
  isConnectionError,
  parseRetryAfter,
  retryDelay,
  retryInfoDelay,
  retryPolicy,
} from '../src/loop/model-call/retry.js';

describe('retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('reads RetryInfo.retryDelay from the error body the SDK puts in the message', () => {
    const message = JSON.stringify({
      error: { code: 429, details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }] },
    });
    expect(retryInfoDelay(new Error(message))).toBe(17_000);
    expect(retryInfoDelay(new Error('{"error":{"code":500}}'))).toBeUndefined();
  });

  it('backs off exponentially within bounds, and the server wins up to maxDelayMs', () => {
    const policy = retryPolicy({ initialDelayMs: 100, factor: 2, maxDelayMs: 1_000 });
    for (const [attempt, base] of [
      [1, 100],
      [2, 200],
      [3, 400],
    ] as const) {
      const delay = retryDelay(policy, attempt, undefined);
      expect(delay).toBeGreaterThanOrEqual(base);
      expect(delay).toBeLessThanOrEqual(base * 1.2);
    }
    expect(retryDelay(policy, 10, undefined)).toBe(1_000);
    expect(retryDelay(policy, 1, 300)).toBe(300);
    expect(retryDelay(policy, 1, 60_000)).toBe(1_000);
    expect(retryPolicy(false).retries).toBe(0);
  });

  it('knows a request that got no answer', () => {
    expect(isConnectionError(new TypeError('fetch failed'))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionError(new Error('fetch failed'))).toBe(false);
    expect(isConnectionError(Object.assign(new Error('bad'), { status: 400 }))).toBe(false);
  });
});
