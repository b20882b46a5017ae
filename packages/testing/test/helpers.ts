import { ApiError, GoogleGenAI } from '@google/genai';
import { afterEach, expect } from 'vitest';
import { startFakeGemini, type FakeGemini, type FakeGeminiOptions } from '../src/index.js';

export const MODEL = 'gemini-2.5-flash';

/** The real SDK client, pointed at the fake. */
export function clientFor(
  fake: FakeGemini,
  apiVersion: 'v1' | 'v1beta' = 'v1beta',
  extra: { fetch?: typeof fetch } = {},
): GoogleGenAI {
  return new GoogleGenAI({ apiKey: 'test', apiVersion, httpOptions: { baseUrl: fake.url, ...extra } });
}

/** Awaits a rejection with the SDK's ApiError of this HTTP status, and returns the parsed error body. */
export async function apiError(
  promise: Promise<unknown>,
  status: number,
): Promise<{ code: number; message: string; status: string; details?: unknown[] }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  expect(apiError.status).toBe(status);
  // The SDK's message is the JSON error body (unary), or "got status: X. <json>" (stream events).
  const json = apiError.message.slice(apiError.message.indexOf('{'));
  return (JSON.parse(json) as { error: { code: number; message: string; status: string; details?: unknown[] } }).error;
}

/** Collects a stream's chunks. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const chunks: T[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** A starter of fakes for one test file: every fake it started is closed after each test. */
export function useFakes(): (options: FakeGeminiOptions) => Promise<FakeGemini> {
  const fakes: FakeGemini[] = [];
  afterEach(async () => {
    await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  });
  return async (options) => {
    const fake = await startFakeGemini(options);
    fakes.push(fake);
    return fake;
  };
}
