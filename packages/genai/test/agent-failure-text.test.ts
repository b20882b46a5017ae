// What an AgentApiError says when the request never got an answer from the Gemini API: the reason and the fix, not
// only what the layer below said ("fetch failed", Google Cloud's credentials).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GoogleGenAI } from '@google/genai';
import { startFakeGemini } from '@toolwright/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent, GeminiRestClient } from '../src/index.js';

const failure = (agent: Agent) =>
  agent.run('Hello?').then(
    () => {
      throw new Error('the run succeeded');
    },
    (error: Error) => error.message,
  );

describe('the message of a model request that got no answer', () => {
  it('names the reason fetch keeps in its cause (a refused connection), on both clients', async () => {
    const fake = await startFakeGemini({ script: [] });
    const baseUrl = fake.url;
    await fake.close(); // nothing listens there now
    const clients = {
      GoogleGenAI: new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl } }),
      GeminiRestClient: new GeminiRestClient({ apiKey: 'test', httpOptions: { baseUrl } }),
    };
    for (const [name, client] of Object.entries(clients)) {
      const agent = new Agent({ client, model: 'gemini-2.5-flash', retry: false });
      expect(await failure(agent), name).toMatch(
        /^The model request failed: fetch failed \(connect ECONNREFUSED [\d.:]+\)$/,
      );
    }
  });

  describe('GoogleGenAI without an API key', () => {
    const saved = { ...process.env };
    let config: string | undefined;
    afterEach(() => {
      process.env = saved;
      if (config) rmSync(config, { recursive: true, force: true });
      vi.restoreAllMocks();
    });

    it('says to set GEMINI_API_KEY, where google-auth-library speaks only of Google Cloud credentials', async () => {
      // No key anywhere, no gcloud configuration, no metadata server to ask: what a new user's laptop has.
      config = mkdtempSync(join(tmpdir(), 'no-gcloud-'));
      const { GEMINI_API_KEY, GOOGLE_API_KEY, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_GENAI_USE_VERTEXAI, ...rest } =
        saved;
      process.env = { ...rest, CLOUDSDK_CONFIG: config, METADATA_SERVER_DETECTION: 'none' };
      vi.spyOn(console, 'warn').mockImplementation(() => {}); // the SDK's own "API key should be set"
      const agent = new Agent({ client: new GoogleGenAI({}), model: 'gemini-2.5-flash', retry: false });
      const message = await failure(agent);
      expect(message).toContain('Could not load the default credentials');
      expect(message).toContain('for the Gemini API set GEMINI_API_KEY or pass new GoogleGenAI({ apiKey })');
    });
  });
});
