// A worker (Cloudflare Workers' module syntax) that answers `POST { "prompt": "..." }` with an Agent run. The
// Toolbox is built once per isolate, at module scope: with `gen-tools --validators` it compiles nothing, so this
// costs a cold start next to nothing and needs no eval, which workers forbid.
import { GoogleGenAI } from '@google/genai';
import { Toolbox } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { ShopService } from './shop-service.js';
import { manifest } from './tools.generated.js';

export interface Env {
  GEMINI_API_KEY: string;
  /** Another endpoint than Google's (a proxy, or FakeGemini in tests). */
  GEMINI_BASE_URL?: string;
  GEMINI_MODEL?: string;
}

const toolbox = new Toolbox([new ShopService()], manifest);

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== 'POST') return new Response('POST { "prompt": "..." }', { status: 405 });
    const body = (await request.json().catch(() => null)) as { prompt?: unknown } | null;
    if (typeof body?.prompt !== 'string')
      return Response.json({ error: 'the body must be { "prompt": "..." }' }, { status: 400 });
    const client = new GoogleGenAI({
      apiKey: env.GEMINI_API_KEY,
      ...(env.GEMINI_BASE_URL ? { httpOptions: { baseUrl: env.GEMINI_BASE_URL } } : {}),
    });
    const agent = new Agent({ client, model: env.GEMINI_MODEL ?? 'gemini-2.5-flash', tools: toolbox });
    const result = await agent.run(body.prompt);
    return Response.json({ text: result.text, stopReason: result.stopReason, steps: result.steps });
  },
};
