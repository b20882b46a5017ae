import { FinishReason, GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { reply } from '../src/index.js';
import { apiError, clientFor, collect, MODEL, useFakes } from './helpers.js';

const fakeWith = useFakes();

describe.each(['v1beta', 'v1'] as const)('reply kinds over %s', (apiVersion) => {
  it('text, unary and streamed', async () => {
    const fake = await fakeWith({ script: [reply.text('Sunny, 21 degrees.'), reply.text('Sunny, 21 degrees.')] });
    const ai = clientFor(fake, apiVersion);
    const response = await ai.models.generateContent({ model: MODEL, contents: 'weather?' });
    expect(response.text).toBe('Sunny, 21 degrees.');
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.STOP);
    expect(response.modelVersion).toBe(MODEL);
    expect(response.responseId).toEqual(expect.any(String));

    const chunks = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'weather?' }));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.text).join('')).toBe('Sunny, 21 degrees.');
    expect(fake.requests.map((r) => r.path)).toEqual([
      `/${apiVersion}/models/${MODEL}:generateContent`,
      `/${apiVersion}/models/${MODEL}:streamGenerateContent?alt=sse`,
    ]);
    fake.assertScriptUsed();
  });

  it('one function call with an id', async () => {
    const fake = await fakeWith({ script: [reply.functionCall('get_weather', { city: 'Boston' }, { id: 'call-1' })] });
    const response = await clientFor(fake, apiVersion).models.generateContent({ model: MODEL, contents: 'weather?' });
    expect(response.functionCalls).toEqual([{ id: 'call-1', name: 'get_weather', args: { city: 'Boston' } }]);
    expect(response.candidates?.[0]?.content?.role).toBe('model');
  });

  it('several function calls with server-made ids, streamed whole in one event', async () => {
    const fake = await fakeWith({
      script: [
        reply.functionCalls(
          [
            { name: 'a', args: { n: 1 } },
            { name: 'b', args: { n: 2 } },
          ],
          { ids: true, text: 'Let me check both.' },
        ),
      ],
    });
    const chunks = await collect(
      await clientFor(fake, apiVersion).models.generateContentStream({ model: MODEL, contents: 'go' }),
    );
    const withCalls = chunks.filter((c) => c.functionCalls?.length);
    expect(withCalls).toHaveLength(1);
    expect(withCalls[0]!.functionCalls).toEqual([
      { id: 'call-0-0', name: 'a', args: { n: 1 } },
      { id: 'call-0-1', name: 'b', args: { n: 2 } },
    ]);
    expect(chunks.map((c) => c.text ?? '').join('')).toBe('Let me check both.');
  });

  it('thoughtSignature on the first call part, or on each', async () => {
    const fake = await fakeWith({
      script: [
        reply.functionCalls([{ name: 'a' }, { name: 'b' }], { thoughtSignature: 'first' }),
        reply.functionCalls([{ name: 'a' }, { name: 'b' }], { thoughtSignature: 'each' }),
        reply.functionCalls([{ name: 'a', thoughtSignature: 'bXktc2ln' }]),
      ],
    });
    const ai = clientFor(fake, apiVersion);
    const signaturesOf = async () =>
      (await ai.models.generateContent({ model: MODEL, contents: 'go' })).candidates![0]!.content!.parts!.map(
        (p) => p.thoughtSignature,
      );
    const first = await signaturesOf();
    expect(first[0]).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(first[1]).toBeUndefined();
    const each = await signaturesOf();
    expect(each.every((s) => typeof s === 'string')).toBe(true);
    expect(new Set([...each, first[0]]).size).toBe(3);
    expect(await signaturesOf()).toEqual(['bXktc2ln']);
    expect(fake.signatures.knows('bXktc2ln')).toBe(true);
  });

  it('MALFORMED_FUNCTION_CALL with empty content, unary and streamed', async () => {
    const fake = await fakeWith({ script: [reply.malformedFunctionCall(), reply.finish('MALFORMED_FUNCTION_CALL')] });
    const ai = clientFor(fake, apiVersion);
    const response = await ai.models.generateContent({ model: MODEL, contents: 'go' });
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.MALFORMED_FUNCTION_CALL);
    // The SDK drops finishMessage from Gemini Developer API responses; the wire carries it (see streaming.test.ts).
    expect(response.candidates?.[0]?.content).toEqual({});
    expect(response.text).toBeUndefined();
    expect(response.functionCalls).toBeUndefined();

    const chunks = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'go' }));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.candidates?.[0]?.finishReason).toBe(FinishReason.MALFORMED_FUNCTION_CALL);
  });

  it('other finish reasons keep their content', async () => {
    const fake = await fakeWith({ script: [reply.text('It was a dark and', { finishReason: 'MAX_TOKENS' })] });
    const response = await clientFor(fake, apiVersion).models.generateContent({ model: MODEL, contents: 'story' });
    expect(response.candidates?.[0]?.finishReason).toBe(FinishReason.MAX_TOKENS);
    expect(response.text).toBe('It was a dark and');
  });

  it('429 with Retry-After and a RetryInfo detail', async () => {
    let retryAfter: string | null = null;
    const spy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      retryAfter = response.headers.get('retry-after');
      return response;
    };
    const fake = await fakeWith({ script: [reply.rateLimited(2), reply.rateLimited(7)] });
    const ai = clientFor(fake, apiVersion, { fetch: spy });
    const error = await apiError(ai.models.generateContent({ model: MODEL, contents: 'go' }), 429);
    expect(error).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' }],
    });
    expect(retryAfter).toBe('2');
    await apiError(ai.models.generateContentStream({ model: MODEL, contents: 'go' }), 429);
    expect(retryAfter).toBe('7');
  });

  it('errors the SDK retries with retryOptions: each attempt takes the next script entry', async () => {
    const fake = await fakeWith({
      script: [reply.rateLimited(1), reply.unavailable(), reply.text('third time lucky')],
    });
    const ai = new GoogleGenAI({
      apiKey: 'test',
      apiVersion,
      httpOptions: { baseUrl: fake.url, retryOptions: { attempts: 3, initialDelay: 0.01, maxDelay: 0.02 } },
    });
    expect((await ai.models.generateContent({ model: MODEL, contents: 'go' })).text).toBe('third time lucky');
    expect(fake.requests.map((r) => r.status)).toEqual([429, 503, 200]);
    expect(fake.requests.map((r) => r.error?.status)).toEqual(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', undefined]);
  });

  it('500 and 503 with the error body', async () => {
    const fake = await fakeWith({
      script: [reply.serverError(), reply.unavailable(), reply.error(504, { message: 'too slow' })],
    });
    const ai = clientFor(fake, apiVersion);
    expect(await apiError(ai.models.generateContent({ model: MODEL, contents: 'go' }), 500)).toMatchObject({
      code: 500,
      status: 'INTERNAL',
    });
    expect(await apiError(ai.models.generateContentStream({ model: MODEL, contents: 'go' }), 503)).toMatchObject({
      code: 503,
      status: 'UNAVAILABLE',
      message: 'The model is overloaded. Please try again later.',
    });
    expect(await apiError(ai.models.generateContent({ model: MODEL, contents: 'go' }), 504)).toEqual({
      code: 504,
      status: 'DEADLINE_EXCEEDED',
      message: 'too slow',
    });
  });

  it('a delay holds the reply back while other requests are answered', async () => {
    const order: string[] = [];
    const fake = await fakeWith({
      handler: (request) =>
        request.text === 'slow' ? reply.delay(1000, reply.text('slow done')) : reply.text('fast done'),
    });
    const ai = clientFor(fake, apiVersion);
    const slow = ai.models.generateContent({ model: MODEL, contents: 'slow' }).then((r) => order.push(r.text!));
    // Send the fast one once the slow one is being held back.
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const fast = ai.models.generateContent({ model: MODEL, contents: 'fast' }).then((r) => order.push(r.text!));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['fast done', 'slow done']);
  });

  it('usage metadata: estimated by default, set by the reply', async () => {
    const fake = await fakeWith({
      script: [
        reply.text('a'),
        reply.withUsage(reply.text('b'), { promptTokenCount: 10, candidatesTokenCount: 5, thoughtsTokenCount: 3 }),
      ],
    });
    const ai = clientFor(fake, apiVersion);
    const estimated = (await ai.models.generateContent({ model: MODEL, contents: 'hello' })).usageMetadata!;
    expect(estimated.promptTokenCount).toBeGreaterThan(0);
    expect(estimated.totalTokenCount).toBe(estimated.promptTokenCount! + estimated.candidatesTokenCount!);
    const chunks = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'hello' }));
    expect(chunks.at(-1)!.usageMetadata).toEqual({
      promptTokenCount: 10,
      candidatesTokenCount: 5,
      thoughtsTokenCount: 3,
      totalTokenCount: 18,
    });
  });

  it('a dropped connection makes the client throw', async () => {
    const fake = await fakeWith({ script: [reply.disconnect()] });
    await expect(clientFor(fake, apiVersion).models.generateContent({ model: MODEL, contents: 'go' })).rejects.toThrow(
      /fetch failed|other side closed|terminated/,
    );
    expect(fake.requests[0]!.status).toBeUndefined();
  });
});
