// The worker: a Restate endpoint serving the virtual object ShopAgent on PORT (default 9080) of HOST (default
// 127.0.0.1, this machine only: set HOST=0.0.0.0 where Restate runs on another host).
//   GEMINI_BASE_URL set: the client talks to that server (GEMINI_API_KEY, or "test" without one).
//   GEMINI_API_KEY set: the real Gemini API. Neither: a scripted model on an in-process FakeGemini.
//   GEMINI_MODEL picks the model (default gemini-2.5-flash); LEDGER names the charges file (default ./ledger.txt).
//   APPROVE_CHARGES=1: each chargeCard call waits for POST /ShopAgent/<conversation>/approve (or /deny).
import { createServer } from 'node:http2';
import { resolve } from 'node:path';
import { GoogleGenAI } from '@google/genai';
import * as restate from '@restatedev/restate-sdk';
import { startFakeGemini } from '@toolwright/testing';
import { shopAgentObject } from './shop-agent.js';
import { shopModel } from './shop-model.js';

const port = Number(process.env.PORT ?? 9080);
const host = process.env.HOST ?? '127.0.0.1';
const model = process.env.GEMINI_MODEL ?? 'gemini-2.5-flash';
const ledger = resolve(process.env.LEDGER ?? 'ledger.txt');

let client: GoogleGenAI;
if (process.env.GEMINI_BASE_URL) {
  client = new GoogleGenAI({
    apiKey: process.env.GEMINI_API_KEY ?? 'test',
    httpOptions: { baseUrl: process.env.GEMINI_BASE_URL },
  });
} else if (process.env.GEMINI_API_KEY) {
  client = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY });
} else {
  // The answer after a charge takes a few seconds offline: time to kill the worker mid-run and watch the run finish.
  const fake = await startFakeGemini({
    handler: shopModel({ answerDelayMs: Number(process.env.SHOP_ANSWER_DELAY_MS ?? 3000) }),
  });
  client = new GoogleGenAI({ apiKey: 'offline', httpOptions: { baseUrl: fake.url } });
  console.log(`(offline: no GEMINI_API_KEY, so a scripted model on FakeGemini at ${fake.url} answers)`);
}

const approveCharges = process.env.APPROVE_CHARGES === '1';
const handler = restate.endpoint().bind(shopAgentObject({ client, model, ledger, approveCharges })).http2Handler();
const server = createServer(handler);
await new Promise<void>((listening) => server.listen(port, host, listening));
const bound = (server.address() as { port: number }).port;
console.log(`ShopAgent worker (pid ${process.pid}) listening on port ${bound} of ${host}; charges go to ${ledger}`);
