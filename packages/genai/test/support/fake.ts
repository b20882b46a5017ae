import { GoogleGenAI } from '@google/genai';
import { startFakeGemini, type FakeGemini, type FakeGeminiOptions } from '@toolwright/testing';
import { afterEach } from 'vitest';

const started: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/** A FakeGemini closed after the test, and the real SDK client pointed at it (API version pinned). */
export async function fakeGemini(options: FakeGeminiOptions): Promise<{ fake: FakeGemini; client: GoogleGenAI }> {
  const fake = await startFakeGemini(options);
  started.push(fake);
  const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  return { fake, client };
}

/** The request bodies FakeGemini accepted (status 200), in order. */
export function bodies(
  fake: FakeGemini,
): Array<{ contents: any[]; tools?: any[]; toolConfig?: any; systemInstruction?: any; generationConfig?: any }> {
  return fake.requests.filter((request) => request.status === 200).map((request) => request.body as never);
}
