import { type Tool, Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeRequest } from '../src/index.js';
import { apiError, clientFor, MODEL, useFakes } from './helpers.js';

const fakeWith = useFakes();

const weatherTool: Tool = {
  functionDeclarations: [
    {
      name: 'get_weather',
      parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
    },
  ],
};

describe('handler', () => {
  it('gets the parsed request and its helper views', async () => {
    const seen: FakeRequest[] = [];
    const fake = await fakeWith({
      handler: (request) => {
        seen.push(request);
        return request.functionResponses.length
          ? `It is ${String(request.functionResponses[0]!.response.output)}.`
          : reply.functionCall('get_weather', { city: 'Boston' }, { id: 'w1' });
      },
    });
    const ai = clientFor(fake, 'v1');
    const first = await ai.models.generateContent({
      model: MODEL,
      contents: 'Weather in Boston?',
      config: {
        tools: [weatherTool],
        toolConfig: { functionCallingConfig: { mode: 'ANY' as never } },
        systemInstruction: 'Be brief.',
      },
    });
    const call = first.functionCalls![0]!;
    const second = await ai.models.generateContentStream({
      model: MODEL,
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Boston?' }] },
        first.candidates![0]!.content!,
        {
          role: 'user',
          parts: [{ functionResponse: { id: call.id!, name: call.name!, response: { output: 'sunny' } } }],
        },
      ],
      config: { tools: [weatherTool] },
    });
    let text = '';
    for await (const chunk of second) text += chunk.text ?? '';
    expect(text).toBe('It is sunny.');

    expect(seen[0]).toMatchObject({
      index: 0,
      turn: 0,
      apiVersion: 'v1',
      model: MODEL,
      method: 'generateContent',
      stream: false,
      text: 'Weather in Boston?',
      functionResponses: [],
      answeredCalls: [],
      toolMode: 'ANY',
      functionDeclarations: [{ name: 'get_weather' }],
    });
    expect(seen[0]!.headers['x-goog-api-key']).toBe('test');
    expect(seen[0]!.body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }], role: 'user' });
    expect(seen[1]).toMatchObject({
      index: 1,
      method: 'streamGenerateContent',
      stream: true,
      text: '',
      functionResponses: [{ id: 'w1', name: 'get_weather', response: { output: 'sunny' } }],
      answeredCalls: [{ id: 'w1', name: 'get_weather', args: { city: 'Boston' } }],
      toolMode: 'AUTO',
    });
  });

  it('may be async, and a failing handler is a 500 that says which request', async () => {
    const fake = await fakeWith({
      handler: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (request.text === 'boom') throw new Error('no reply for boom');
        return reply.text('ok');
      },
    });
    const ai = clientFor(fake);
    expect((await ai.models.generateContent({ model: MODEL, contents: 'hi' })).text).toBe('ok');
    const error = await apiError(ai.models.generateContent({ model: MODEL, contents: 'boom' }), 500);
    expect(error.message).toBe('FakeGemini: the handler failed for request #1: no reply for boom');
    expect(fake.requests[1]!.error).toEqual(error);
  });

  it('rejects a value that is not a reply, with a message that says so', async () => {
    const fake = await fakeWith({ handler: () => ({ text: 'oops' }) as never });
    const error = await apiError(clientFor(fake).models.generateContent({ model: MODEL, contents: 'hi' }), 500);
    expect(error.message).toMatch(/^FakeGemini: the handler produced \{"text":"oops"\}, which is not a reply/);
  });

  it('answers 100 concurrent requests, each from its own request', async () => {
    const fake = await fakeWith({
      handler: (request) => reply.delay(request.index % 7, reply.text(`echo ${request.text}`)),
    });
    const ai = clientFor(fake);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? ai.models.generateContent({ model: MODEL, contents: `q${i}` }).then((r) => r.text)
          : ai.models.generateContentStream({ model: MODEL, contents: `q${i}` }).then(async (s) => {
              let text = '';
              for await (const chunk of s) text += chunk.text ?? '';
              return text;
            }),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 100 }, (_, i) => `echo q${i}`));
    expect(fake.requests).toHaveLength(100);
    expect(new Set(fake.requests.map((r) => r.index)).size).toBe(100);
  });
});

describe('script', () => {
  it('says which script entry failed', async () => {
    const fake = await fakeWith({
      script: [
        'fine',
        () => {
          throw new Error('entry bug');
        },
      ],
    });
    const ai = clientFor(fake);
    await ai.models.generateContent({ model: MODEL, contents: 'a' });
    const error = await apiError(ai.models.generateContent({ model: MODEL, contents: 'b' }), 500);
    expect(error.message).toBe('FakeGemini: script entry 1 failed for request #1: entry bug');
  });

  it('answers in order, takes functions as entries, and reports what is left', async () => {
    const fake = await fakeWith({
      script: ['one', (request) => reply.text(`two for ${request.text}`), reply.text('three')],
    });
    const ai = clientFor(fake);
    expect((await ai.models.generateContent({ model: MODEL, contents: 'a' })).text).toBe('one');
    expect((await ai.models.generateContent({ model: MODEL, contents: 'b' })).text).toBe('two for b');
    expect(fake.pending).toBe(1);
    expect(() => fake.assertScriptUsed()).toThrow('FakeGemini: 1 script entry was never used (2 requests received).');
    expect((await ai.models.generateContent({ model: MODEL, contents: 'c' })).text).toBe('three');
    expect(fake.pending).toBe(0);
    fake.assertScriptUsed();
  });

  it('answers 500 naming the request once the script is used up', async () => {
    const fake = await fakeWith({ script: ['only'] });
    const ai = clientFor(fake);
    await ai.models.generateContent({ model: MODEL, contents: 'a' });
    const error = await apiError(ai.models.generateContent({ model: MODEL, contents: 'b' }), 500);
    expect(error).toMatchObject({ code: 500, status: 'INTERNAL' });
    expect(error.message).toBe(
      'FakeGemini: the script has no reply for request #1 (turn 1): it held 1 reply, all used. Add entries to ' +
        'the script, or pass a handler.',
    );
    fake.push('more');
    expect((await ai.models.generateContent({ model: MODEL, contents: 'c' })).text).toBe('more');
  });

  it('does not spend an entry on a request the rules reject', async () => {
    const fake = await fakeWith({ script: ['kept'] });
    const ai = clientFor(fake);
    await apiError(ai.models.generateContent({ model: MODEL, contents: [{ role: 'user', parts: [] }] }), 400);
    expect(fake.pending).toBe(1);
    expect(fake.requests[0]!.problems).toEqual([
      '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.',
    ]);
  });

  it('falls back to the handler after the script', async () => {
    const fake = await fakeWith({ script: ['scripted'], handler: () => 'handled' });
    const ai = clientFor(fake);
    expect((await ai.models.generateContent({ model: MODEL, contents: 'a' })).text).toBe('scripted');
    expect((await ai.models.generateContent({ model: MODEL, contents: 'b' })).text).toBe('handled');
  });
});

describe('independence and records', () => {
  it('keeps several fakes in one process apart', async () => {
    const [a, b] = await Promise.all([fakeWith({ script: ['from a'] }), fakeWith({ script: ['from b'] })]);
    expect(a.url).not.toBe(b.url);
    const [ra, rb] = await Promise.all([
      clientFor(a).models.generateContent({ model: MODEL, contents: 'x' }),
      clientFor(b).models.generateContent({ model: MODEL, contents: 'y' }),
    ]);
    expect([ra.text, rb.text]).toEqual(['from a', 'from b']);
    expect(a.requests.map((r) => r.body)).toEqual([{ contents: [{ parts: [{ text: 'x' }], role: 'user' }] }]);
    expect(b.requests).toHaveLength(1);
  });

  it('records path, headers and body of every request, unknown routes included', async () => {
    const fake = await fakeWith({ script: ['hi'] });
    await clientFor(fake).models.generateContent({ model: MODEL, contents: 'x', config: { temperature: 0 } });
    const unknown = await fetch(`${fake.url}/v1beta/models/${MODEL}:countTokens`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    const [first, second] = fake.requests;
    expect(first).toMatchObject({
      index: 0,
      method: 'POST',
      path: `/v1beta/models/${MODEL}:generateContent`,
      body: { contents: [{ parts: [{ text: 'x' }], role: 'user' }], generationConfig: { temperature: 0 } },
      route: { apiVersion: 'v1beta', model: MODEL, method: 'generateContent', sse: false },
      status: 200,
      problems: [],
    });
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['x-goog-api-client']).toMatch(/^google-genai-sdk\//);
    expect(second).toMatchObject({
      index: 1,
      path: `/v1beta/models/${MODEL}:countTokens`,
      status: 404,
      route: undefined,
    });
  });

  it('keeps the requests that reached the model in turn order, each as a handler got it (fake.turns)', async () => {
    const handled: FakeRequest[] = [];
    const fake = await fakeWith({
      script: [reply.unavailable(), 'one'],
      handler: (request) => {
        handled.push(request);
        return 'two';
      },
    });
    // Refused by the rules (no contents) and sent to no model route: neither is a turn.
    const refused = await fetch(`${fake.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k' },
      body: '{"contents": []}',
    });
    expect(refused.status).toBe(400);
    expect((await fetch(`${fake.url}/v1beta/models/${MODEL}:countTokens`, { method: 'POST' })).status).toBe(404);
    const ai = clientFor(fake);
    await apiError(ai.models.generateContent({ model: MODEL, contents: 'first' }), 503);
    expect((await ai.models.generateContent({ model: MODEL, contents: 'second' })).text).toBe('one');
    const third = { role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: 3 } } }] };
    await ai.models.generateContent({
      model: MODEL,
      contents: [
        { role: 'user', parts: [{ text: 'third' }] },
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
        third,
      ],
    });

    expect(fake.requests.map((request) => request.status)).toEqual([400, 404, 503, 200, 200]);
    expect(fake.turns.map(({ index, turn, text }) => ({ index, turn, text }))).toEqual([
      { index: 2, turn: 0, text: 'first' },
      { index: 3, turn: 1, text: 'second' },
      { index: 4, turn: 2, text: '' },
    ]);
    // The view the handler got, not a copy; its body is the request's, typed.
    expect(fake.turns[2]).toBe(handled[0]);
    expect(fake.turns[2]!.functionResponses).toEqual([{ name: 'f', response: { output: 3 } }]);
    expect(fake.turns[2]!.answeredCalls).toEqual([{ name: 'f', args: {} }]);
    expect(fake.turns[0]!.body.contents).toEqual([{ role: 'user', parts: [{ text: 'first' }] }]);
    expect(fake.turns[0]!.body).toBe(fake.requests[2]!.body);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const fake = await fakeWith({ script: [] });
    const response = await fetch(`${fake.url}/v1/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'k' },
      body: '{"contents": [',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^Invalid JSON payload received/,
    );
    expect(fake.requests[0]!.body).toBe('{"contents": [');
  });

  it('close() ends a reply still waiting on its delay', async () => {
    const fake = await startFakeGemini({ script: [reply.delay(60_000, reply.text('late'))] });
    const pending = clientFor(fake).models.generateContent({ model: MODEL, contents: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await fake.close();
    await expect(pending).rejects.toThrow();
  });
});
