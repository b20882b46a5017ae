// An Agent stream answered in the AI SDK's UI message stream protocol, read by the `ai` package's own client side:
// DefaultChatTransport (what useChat sends and parses with) over real HTTP, and readUIMessageStream (what builds
// the message useChat shows). The model is FakeGemini behind the real @google/genai client.
import { Readable } from 'node:stream';
import { reply } from '@toolwright/testing';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { Agent, toUIMessageStream, toUIMessageStreamResponse, type AgentStream } from '../src/index.js';
import { fakeGemini } from './support/fake.js';
import { chatRoute, slowTool, weatherAndExplode } from './support/ui-chat.js';

/** A route that answers each POST with `toUIMessageStreamResponse` of a fresh Agent stream, as a web app's would. */
async function route(start: (text: string) => AgentStream): Promise<{ url: string; streams: AgentStream[] }> {
  const streams: AgentStream[] = [];
  const url = await chatRoute((raw, response) => {
    const { messages } = JSON.parse(raw) as { messages: UIMessage[] };
    const last = messages
      .at(-1)!
      .parts.map((part) => (part.type === 'text' ? part.text : ''))
      .join('');
    const stream = start(last);
    streams.push(stream);
    const answer = toUIMessageStreamResponse(stream);
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    const body = Readable.fromWeb(answer.body as never);
    response.on('close', () => body.destroy());
    body.pipe(response);
  });
  return { url, streams };
}

/** Sends one user message the way useChat does and reads the assistant message it builds, snapshot by snapshot. */
async function chat(url: string, text: string, abortSignal?: AbortSignal): Promise<UIMessage[]> {
  const transport = new DefaultChatTransport({ api: url });
  const stream = await transport.sendMessages({
    chatId: 'c1',
    messageId: undefined,
    trigger: 'submit-message',
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
    abortSignal,
  });
  const snapshots: UIMessage[] = [];
  const errors: unknown[] = [];
  for await (const message of readUIMessageStream({ stream, onError: (error) => errors.push(error) })) {
    snapshots.push(structuredClone(message));
  }
  if (errors.length) (snapshots as UIMessage[] & { errors?: unknown[] }).errors = errors;
  return snapshots;
}

const tools = weatherAndExplode;

describe('toUIMessageStreamResponse', () => {
  it('streams text, tool calls and results, errors of tools, and the end, as useChat builds them', async () => {
    const { client } = await fakeGemini({
      script: [
        reply.functionCalls([
          { name: 'getWeather', args: { city: 'Oslo' }, id: 'c1' },
          { name: 'explode', args: {}, id: 'c2' },
        ]),
        reply.text('Oslo is clear; the other station is down.', { stream: { textEvents: 4 } }),
      ],
    });
    const agent = new Agent({ client, model: 'm', tools });
    const { url } = await route((text) => agent.stream(text));
    const snapshots = await chat(url, 'Weather in Oslo?');
    const message = snapshots.at(-1)!;
    expect(message.role).toBe('assistant');
    const parts = message.parts.filter((part) => part.type !== 'step-start');
    expect(parts).toEqual([
      expect.objectContaining({
        type: 'tool-getWeather',
        toolCallId: 'c1',
        state: 'output-available',
        input: { city: 'Oslo' },
        output: { city: 'Oslo', sky: 'clear' },
      }),
      expect.objectContaining({ type: 'tool-explode', toolCallId: 'c2', state: 'output-error' }),
      expect.objectContaining({ type: 'text', text: 'Oslo is clear; the other station is down.', state: 'done' }),
    ]);
    expect((parts[1] as { errorText: string }).errorText).toContain('the station is on fire');
    expect(message.parts.filter((part) => part.type === 'step-start')).toHaveLength(2);
    // The text arrived in pieces: useChat saw it grow.
    const texts = snapshots.map((snapshot) => snapshot.parts.find((part) => part.type === 'text'));
    expect(new Set(texts.map((part) => (part as { text?: string } | undefined)?.text)).size).toBeGreaterThan(2);
  });

  it("answers a run's error as an error chunk the client reports, with the text onError gives", async () => {
    const { client } = await fakeGemini({ script: [reply.unavailable('upstream said no')] });
    const agent = new Agent({ client, model: 'm', retry: { retries: 0 } });
    const response = toUIMessageStreamResponse(agent.stream('Hi'), { onError: () => 'Something went wrong.' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const body = await response.text();
    expect(body).toContain('data: {"type":"error","errorText":"Something went wrong."}');
    expect(body).not.toContain('upstream said no');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);

    // And through the client: readUIMessageStream hands the error to onError.
    const { client: again } = await fakeGemini({ script: [reply.unavailable('upstream said no')] });
    const failing = new Agent({ client: again, model: 'm', retry: { retries: 0 } });
    const served = await route(() => failing.stream('Hi'));
    const snapshots = (await chat(served.url, 'Hi')) as UIMessage[] & { errors?: unknown[] };
    expect(String(snapshots.errors?.[0])).toContain('upstream said no');
  });

  it('goes on past events that make no chunk (a retry, raw responses) when read one chunk at a time', async () => {
    const { client } = await fakeGemini({ script: [reply.serverError(), reply.text('Back again.')] });
    const agent = new Agent({ client, model: 'm', retry: { initialDelayMs: 1 } });
    // One read at a time, as a plain reader (or a server piping it by hand) does: nothing else asks for more.
    const reader = toUIMessageStream(agent.stream('Hi')).getReader();
    const types: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) types.push(next.value.type);
    expect(types).toContain('text-delta');
    expect(types.at(-1)).toBe('finish');
  });

  it('aborts the run when the client goes away mid-answer', async () => {
    let toolRan = false;
    const slow = slowTool((stillRunning) => {
      toolRan = stillRunning;
    });
    const { client } = await fakeGemini({
      script: [reply.functionCall('slow', {}, { id: 's1' }), reply.text('Finally.')],
    });
    const agent = new Agent({ client, model: 'm', tools: slow });
    const { url, streams } = await route((text) => agent.stream(text));
    const controller = new AbortController();
    const reading = chat(url, 'Go', controller.signal).catch((error: unknown) => error);
    await new Promise<void>((resolve) => {
      const wait = () => (streams.length ? resolve() : setTimeout(wait, 10));
      wait();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    await reading;
    await expect(streams[0]!.result).rejects.toMatchObject({ name: 'AgentAbortedError' });
    expect(toolRan).toBe(false);
  });
});
