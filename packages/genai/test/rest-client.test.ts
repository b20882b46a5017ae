// The light Gemini client on its own: its reply helpers, its SSE reading cut at every byte, the errors it throws for
// what a server sends, and the settings it refuses. (rest-client-parity.test.ts compares it with @google/genai; CI
// also runs every Agent test on it, with TOOLWRIGHT_TEST_CLIENT=rest.)
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent, AgentApiError, GeminiApiError, GeminiRestClient } from '../src/index.js';
import { modelPath } from '../src/rest-client/request-body.js';
import { sseEvents } from '../src/rest-client/sse-events.js';
import { startRawServer } from './support/raw-server.js';
import { MathTools, toolbox } from './support/services.js';

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function clientOn(options: Parameters<typeof startFakeGemini>[0]) {
  const fake = await startFakeGemini(options);
  fakes.push(fake);
  return { fake, client: new GeminiRestClient({ apiKey: 'k', httpOptions: { baseUrl: fake.url } }) };
}

/** A body cut into the given pieces. */
function bodyOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function eventsOf(pieces: string[]): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of sseEvents(bodyOf(pieces))) events.push(event);
  return events;
}

describe('GeminiRestClient', () => {
  it('answers with the JSON received and the text and functionCalls helpers', async () => {
    const { fake, client } = await clientOn({
      script: [reply.functionCalls([{ name: 'add', args: { a: 1 }, id: 'c' }], { text: 'Adding.' })],
    });
    const response = await client.models.generateContent({ model: 'models/gemini-2.5-flash', contents: 'Go.' });
    expect(response.text).toBe('Adding.');
    expect(response.functionCalls).toEqual([{ name: 'add', args: { a: 1 }, id: 'c' }]);
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(fake.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(modelPath('tunedModels/mine')).toBe('tunedModels/mine');
    expect(modelPath('gemini-2.5-flash')).toBe('models/gemini-2.5-flash');
    expect(fake.requests[0]!.headers['x-goog-api-key']).toBe('k');
    expect(fake.requests[0]!.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Go.' }] }] });
  });

  it('reads SSE events cut at every byte, with any of the three line ends and multi-line data', async () => {
    const events = [{ a: 1 }, { b: 'two\nlines' }, { c: [3] }];
    const wire = [
      `data: ${JSON.stringify(events[0])}\n\n`,
      `: a comment\r\ndata: ${JSON.stringify(events[1])}\r\n\r\n`,
      `data: {"c":\ndata: [3]}\r\r`,
    ].join('');
    for (let cut = 1; cut <= 7; cut++) {
      const pieces = Array.from({ length: Math.ceil(wire.length / cut) }, (_, i) => wire.slice(i * cut, (i + 1) * cut));
      expect(await eventsOf(pieces)).toEqual(events);
    }
  });

  it('throws on a stream that ends inside an event, on an event that is not JSON, and on an error event', async () => {
    await expect(eventsOf(['data: {"a":1}\n\n', 'data: {"b":'])).rejects.toThrow(/ended inside an event/);
    await expect(eventsOf(['data: {oops}\n\n'])).rejects.toThrow(/not JSON: \{oops\}/);
    const error = await eventsOf([
      'data: {"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}\n\n',
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeminiApiError);
    expect((error as GeminiApiError).status).toBe(503);
    expect((error as GeminiApiError).message).toContain('overloaded');
  });

  it("streams a FakeGemini reply, and throws the API's error for a cut stream", async () => {
    const { client } = await clientOn({
      script: [
        reply.withStream(reply.text('One two three.'), { textEvents: 3 }),
        reply.withStream(reply.text('Half of it.'), { textEvents: 3, cutAfterEvents: 1, cut: 'unterminated' }),
      ],
    });
    const texts: string[] = [];
    for await (const chunk of await client.models.generateContentStream({ model: 'm', contents: 'Go.' }))
      texts.push(chunk.text ?? '');
    expect(texts.join('')).toBe('One two three.');
    const cut = await client.models.generateContentStream({ model: 'm', contents: 'Go.' });
    await expect(
      (async () => {
        for await (const _chunk of cut);
      })(),
    ).rejects.toThrow(/ended inside an event/);
  });

  it('keeps the status of an error page that is not JSON, and retries it', async () => {
    const raw = await startRawServer();
    const ok = JSON.stringify({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Up.' }] }, finishReason: 'STOP' }],
    });
    raw.answers.push({ status: 503, body: '<html>Service Unavailable</html>' });
    const client = new GeminiRestClient({ apiKey: 'k', httpOptions: { baseUrl: raw.url } });
    const error = await client.models.generateContent({ model: 'm', contents: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeminiApiError);
    expect((error as GeminiApiError).status).toBe(503);
    expect((error as GeminiApiError).message).toContain('<html>Service Unavailable</html>');
    raw.answers.push({ status: 503, contentType: 'text/html', body: '<html>down</html>' }, { body: ok });
    const agent = new Agent({ client, model: 'm', retry: { initialDelayMs: 1 } });
    const result = await agent.run('x');
    expect(result.text).toBe('Up.');
    expect(result.steps[0]!.retries).toBe(1);
  });

  it('aborts a request on the signal, and on its time limit', async () => {
    const { client } = await clientOn({
      script: [reply.delay(5_000, reply.text('late')), reply.delay(5_000, reply.text('late'))],
    });
    const controller = new AbortController();
    const pending = client.models.generateContent({
      model: 'm',
      contents: 'x',
      config: { abortSignal: controller.signal },
    });
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    const limited = new GeminiRestClient({ apiKey: 'k', httpOptions: { baseUrl: fakes[0]!.url, timeout: 50 } });
    await expect(limited.models.generateContent({ model: 'm', contents: 'x' })).rejects.toThrow(/timeout|abort/i);
  });

  it('refuses what it would not send right: a config key it does not know, Vertex settings, bad names', async () => {
    const { fake, client } = await clientOn({ script: [] });
    const send = (params: object) => client.models.generateContent({ model: 'm', contents: 'x', ...params });
    await expect(send({ config: { routingConfig: {} } })).rejects.toThrow(/does not send config\.routingConfig/);
    await expect(send({ config: { httpOptions: { retryOptions: { attempts: 2 } } } })).rejects.toThrow(
      /does not take httpOptions\.retryOptions/,
    );
    await expect(send({ model: 'm?key=other' })).rejects.toThrow(/invalid model name/);
    await expect(send({ contents: [] })).rejects.toThrow(/must not be empty/);
    expect(fake.requests).toHaveLength(0);
    expect(() => new GeminiRestClient({ apiKey: '' })).toThrow(/needs an API key/);
  });

  it('takes its key and base URL from the environment when none is given, as GoogleGenAI reads them', async () => {
    const fake = await startFakeGemini({
      script: [reply.text('a'), reply.text('b'), reply.text('c'), reply.text('d')],
    });
    fakes.push(fake);
    const keyOf = async (options: { apiKey?: string }) => {
      const client = new GeminiRestClient({ ...options, httpOptions: { baseUrl: fake.url } });
      await client.models.generateContent({ model: 'm', contents: 'x' });
      return fake.requests.at(-1)!.headers['x-goog-api-key'];
    };
    try {
      vi.stubEnv('GOOGLE_API_KEY', '');
      vi.stubEnv('GEMINI_API_KEY', 'gemini-key');
      expect(await keyOf({})).toBe('gemini-key');
      vi.stubEnv('GOOGLE_API_KEY', 'google-key');
      expect(await keyOf({})).toBe('google-key');
      expect(await keyOf({ apiKey: 'given' })).toBe('given');
      vi.stubEnv('GOOGLE_API_KEY', '');
      vi.stubEnv('GEMINI_API_KEY', '');
      expect(() => new GeminiRestClient()).toThrow(/needs an API key.*GEMINI_API_KEY/);
      // The base URL too: a client built as the quick start builds it reaches FakeGemini with no change of code.
      vi.stubEnv('GEMINI_API_KEY', 'k');
      vi.stubEnv('GOOGLE_GEMINI_BASE_URL', fake.url);
      await new GeminiRestClient().models.generateContent({ model: 'm', contents: 'x' });
      expect(fake.requests).toHaveLength(4);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is what the Agent runs on: a tool call and the answer, on FakeGemini', async () => {
    const { fake } = await clientOn({ script: [reply.functionCall('add', { a: 2, b: 3 }), reply.text('Five.')] });
    const client = new GeminiRestClient({ apiKey: 'k', httpOptions: { baseUrl: fake.url } });
    const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: toolbox(new MathTools()) });
    const result = await agent.run('Two plus three?');
    expect(result.text).toBe('Five.');
    expect(result.steps[0]!.calls[0]!.response).toEqual({ output: 5 });
    const failing = new Agent({ client, model: 'gemini-2.5-flash', retry: false });
    fake.push(reply.error(403, { message: 'key refused' }));
    const error = await failing.run('x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentApiError);
    expect((error as AgentApiError).status).toBe(403);
    expect((error as AgentApiError).message).toMatch(/status 403.*key refused/);
  });
});
