import { GoogleGenAI } from '@google/genai';
import { startFakeGemini, type FakeGemini, type FakeGeminiOptions } from '@toolwright/testing';

/** FakeGemini and the real SDK client pointed at it (API version pinned). */
export async function fakeGemini(options: FakeGeminiOptions): Promise<{ fake: FakeGemini; client: GoogleGenAI }> {
  const fake = await startFakeGemini(options);
  const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  return { fake, client };
}
