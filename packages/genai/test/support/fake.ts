import { GoogleGenAI } from '@google/genai';
import { startFakeGemini, type FakeGemini, type FakeGeminiOptions } from '@toolwright/testing';
import { afterEach } from 'vitest';
import { GeminiRestClient } from '../../src/rest-client/gemini-rest-client.js';

const started: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/**
 * The client the Agent tests run on: @google/genai's (the default), or genai's own light client when
 * TOOLWRIGHT_TEST_CLIENT=rest (CI runs the Agent's tests both ways).
 */
export const testClientKind = process.env.TOOLWRIGHT_TEST_CLIENT === 'rest' ? 'rest' : 'sdk';

/**
 * A FakeGemini closed after the test, and the client pointed at it (API version pinned). `kind: 'sdk'` for tests of
 * what only @google/genai has (its own function-calling loop).
 */
export async function fakeGemini(
  options: FakeGeminiOptions,
  kind: 'sdk' | 'rest' = testClientKind,
): Promise<{ fake: FakeGemini; client: GoogleGenAI }> {
  const fake = await startFakeGemini(options);
  started.push(fake);
  const clientOptions = { apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } };
  const client =
    kind === 'rest' ? (new GeminiRestClient(clientOptions) as unknown as GoogleGenAI) : new GoogleGenAI(clientOptions);
  return { fake, client };
}

/** The request bodies FakeGemini accepted (status 200), in order. */
export function bodies(
  fake: FakeGemini,
): Array<{ contents: any[]; tools?: any[]; toolConfig?: any; systemInstruction?: any; generationConfig?: any }> {
  return fake.requests.filter((request) => request.status === 200).map((request) => request.body as never);
}
