import { describe, expect, it } from 'vitest';
import { reply, type FakeGemini } from '../src/index.js';
import { splitIntoEvents } from '../src/sse.js';
import { apiError, clientFor, collect, MODEL, useFakes } from './helpers.js';

const fakeWith = useFakes();

async function rawStream(fake: FakeGemini, query = '?alt=sse'): Promise<Response> {
  return fetch(`${fake.url}/v1beta/models/${MODEL}:streamGenerateContent${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'go' }] }] }),
  });
}

describe('SSE wire format', () => {
  it('writes `data: <json>` events separated by CRLF blank lines, the last with finishReason and usage', async () => {
    const fake = await fakeWith({ script: [reply.text('abcdefghijkl', { stream: { textEvents: 4 } })] });
    const response = await rawStream(fake);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const raw = await response.text();
    expect(raw.endsWith('\r\n\r\n')).toBe(true);
    const events = raw.slice(0, -4).split('\r\n\r\n');
    expect(events).toHaveLength(4);
    const bodies = events.map((event) => {
      expect(event.startsWith('data: ')).toBe(true);
      return JSON.parse(event.slice(6));
    });
    expect(bodies.map((b) => b.candidates[0].content.parts[0].text)).toEqual(['abc', 'def', 'ghi', 'jkl']);
    expect(
      bodies.slice(0, -1).every((b) => b.candidates[0].finishReason === undefined && b.usageMetadata === undefined),
    ).toBe(true);
    expect(bodies.at(-1).candidates[0].finishReason).toBe('STOP');
    expect(bodies.at(-1).usageMetadata.totalTokenCount).toBeGreaterThan(0);
    expect(new Set(bodies.map((b) => b.responseId)).size).toBe(1);
  });

  it('answers a JSON array of the same chunks without alt=sse', async () => {
    const fake = await fakeWith({ script: [reply.text('abcdef', { stream: { textEvents: 2 } })] });
    const response = await rawStream(fake, '');
    expect(response.headers.get('content-type')).toContain('application/json');
    const chunks = (await response.json()) as Array<{
      candidates: Array<{ content: { parts: Array<{ text: string }> } }>;
    }>;
    expect(chunks.map((c) => c.candidates[0]!.content.parts[0]!.text)).toEqual(['abc', 'def']);
  });

  it('carries finishMessage on the wire', async () => {
    const fake = await fakeWith({ script: [reply.malformedFunctionCall('Malformed function call: print(')] });
    const [event] = (await (await rawStream(fake)).text()).split('\r\n\r\n');
    expect(JSON.parse(event!.slice(6)).candidates[0]).toEqual({
      content: {},
      finishReason: 'MALFORMED_FUNCTION_CALL',
      finishMessage: 'Malformed function call: print(',
      index: 0,
    });
  });
});

describe('streaming through the SDK', () => {
  it('splits text into the server default number of events, or the reply’s', async () => {
    const fake = await fakeWith({
      stream: { textEvents: 5 },
      script: [reply.text('0123456789'), reply.text('0123456789', { stream: { textEvents: 2 } })],
    });
    const ai = clientFor(fake);
    const five = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'go' }));
    expect(five.map((c) => c.text)).toEqual(['01', '23', '45', '67', '89']);
    const two = await collect(await ai.models.generateContentStream({ model: MODEL, contents: 'go' }));
    expect(two.map((c) => c.text)).toEqual(['01234', '56789']);
  });

  it('keeps function calls whole, after the text before them', async () => {
    const fake = await fakeWith({
      script: [
        reply.functionCalls([{ name: 'a', args: { long: 'x'.repeat(200) } }, { name: 'b' }], { text: 'Calling.' }),
      ],
    });
    const chunks = await collect(await clientFor(fake).models.generateContentStream({ model: MODEL, contents: 'go' }));
    expect(chunks.at(-1)!.functionCalls).toEqual([
      { name: 'a', args: { long: 'x'.repeat(200) } },
      { name: 'b', args: {} },
    ]);
    expect(chunks.at(-1)!.candidates![0]!.finishReason).toBe('STOP');
    expect(chunks.slice(0, -1).every((c) => c.functionCalls === undefined)).toBe(true);
  });

  it('a stream cut by a dropped connection: the SDK throws after the events it got', async () => {
    const fake = await fakeWith({
      script: [reply.text('abcdefghi', { stream: { textEvents: 3, cutAfterEvents: 2 } })],
    });
    const got: string[] = [];
    const run = async () => {
      for await (const chunk of await clientFor(fake).models.generateContentStream({ model: MODEL, contents: 'go' }))
        got.push(chunk.text!);
    };
    await expect(run()).rejects.toThrow(/terminated/);
    expect(got).toEqual(['abc', 'def']);
  });

  it('a stream cut by an unterminated event: the SDK throws "Incomplete JSON segment at the end"', async () => {
    const fake = await fakeWith({
      script: [reply.withStream(reply.text('abcdefghi'), { textEvents: 3, cutAfterEvents: 1, cut: 'unterminated' })],
    });
    const got: string[] = [];
    const run = async () => {
      for await (const chunk of await clientFor(fake, 'v1').models.generateContentStream({
        model: MODEL,
        contents: 'go',
      }))
        got.push(chunk.text!);
    };
    await expect(run()).rejects.toThrow('Incomplete JSON segment at the end');
    expect(got).toEqual(['abc']);
  });

  it('a stream cut by an error event: the SDK throws ApiError with its code', async () => {
    const fake = await fakeWith({
      script: [reply.text('abcdefghi', { stream: { textEvents: 3, cutAfterEvents: 1, cut: reply.unavailable() } })],
    });
    const got: string[] = [];
    const run = async () => {
      for await (const chunk of await clientFor(fake).models.generateContentStream({ model: MODEL, contents: 'go' }))
        got.push(chunk.text!);
    };
    const error = await apiError(run(), 503);
    expect(error).toMatchObject({ code: 503, status: 'UNAVAILABLE' });
    expect(got).toEqual(['abc']);
  });

  it('stops writing when the client aborts between events', async () => {
    const fake = await fakeWith({ script: [reply.text('abcdefghi', { stream: { textEvents: 3, intervalMs: 200 } })] });
    const controller = new AbortController();
    const got: string[] = [];
    const run = async () => {
      const stream = await clientFor(fake).models.generateContentStream({
        model: MODEL,
        contents: 'go',
        config: { abortSignal: controller.signal },
      });
      for await (const chunk of stream) {
        got.push(chunk.text!);
        controller.abort();
      }
    };
    await expect(run()).rejects.toThrow(/abort/i);
    expect(got).toEqual(['abc']);
  });

  it('keeps a text signature on the last piece of the text', async () => {
    const fake = await fakeWith({ thinking: true, script: [reply.text('abcdef', { stream: { textEvents: 3 } })] });
    const chunks = await collect(await clientFor(fake).models.generateContentStream({ model: MODEL, contents: 'go' }));
    const signatures = chunks.map((c) => c.candidates![0]!.content!.parts![0]!.thoughtSignature);
    expect(signatures.slice(0, 2)).toEqual([undefined, undefined]);
    expect(fake.signatures.knows(signatures[2]!)).toBe(true);
  });
});

describe('splitIntoEvents', () => {
  it('never splits a surrogate pair and never makes empty pieces', () => {
    const events = splitIntoEvents([{ text: '😀😀x' }], 10);
    expect(events).toEqual([[{ text: '😀' }], [{ text: '😀' }], [{ text: 'x' }]]);
  });

  it('makes one event for a reply without parts', () => {
    expect(splitIntoEvents([], 3)).toEqual([[]]);
  });

  it('groups consecutive calls and keeps other parts whole', () => {
    const call = (name: string) => ({ functionCall: { name, args: {} } });
    const image = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
    expect(splitIntoEvents([call('a'), call('b'), image, call('c')], 3)).toEqual([
      [call('a'), call('b')],
      [image],
      [call('c')],
    ]);
  });
});
