import { reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, AgentAbortedError, AgentStreamError, type AgentEvent } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';
import { toolbox, WeatherTools } from './support/services.js';

const tools = toolbox(new WeatherTools());

async function collect(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('Agent.stream', () => {
  it('streams text across two turns, with calls, results, turn ends and done in order', async () => {
    const { fake, client } = await fakeGemini({
      thinking: true,
      stream: { textEvents: 4 },
      script: [
        reply.functionCalls([{ name: 'getWeather', args: { city: 'Rome' }, id: 'a' }], {
          text: 'Let me look that up.',
        }),
        reply.text('The sky over Rome is clear today.'),
      ],
    });
    const agent = new Agent({ client, model: 'gemini-2.5-flash', tools });
    const stream = agent.stream('Rome?');
    const events = await collect(stream);
    const result = await stream.result;

    const kinds = events.filter((event) => event.type !== 'response').map((event) => `${event.type}@${event.turn}`);
    expect(kinds[0]).toBe('text@1');
    expect(kinds.slice(kinds.indexOf('tool_call@1'))).toEqual([
      'tool_call@1',
      'tool_result@1',
      'turn_end@1',
      ...kinds.filter((kind) => kind === 'text@2'),
      'turn_end@2',
      'done@2',
    ]);
    const texts = (turn: number) =>
      events.flatMap((event) => (event.type === 'text' && event.turn === turn ? [event.text] : []));
    expect(texts(1).join('')).toBe('Let me look that up.');
    // The answer comes in pieces, as the server sent them.
    expect(texts(2).length).toBeGreaterThan(1);
    expect(texts(2).join('')).toBe('The sky over Rome is clear today.');
    expect(result.text).toBe('The sky over Rome is clear today.');
    expect(events.at(-1)).toMatchObject({ type: 'done', result });
    for (const event of events) {
      expect(event.runId).toBe(stream.runId);
      expect(event.elapsedMs).toBeGreaterThanOrEqual(0);
    }

    // The merged model turn went back whole: one text part (joined) and the signed call.
    const modelTurn = bodies(fake)[1]!.contents[1];
    expect(modelTurn.parts[0]).toEqual({ text: 'Let me look that up.' });
    expect(modelTurn.parts[1].functionCall).toEqual({ name: 'getWeather', args: { city: 'Rome' }, id: 'a' });
    expect(typeof modelTurn.parts[1].thoughtSignature).toBe('string');
    fake.assertScriptUsed();
  });

  it('keeps a signature that arrives on an empty text part at the end of a streamed answer', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.content([{ text: 'Hello ' }, { text: 'there.' }, { text: '', thoughtSignature: 'c2lnbmF0dXJl' }]),
        'Second answer.',
      ],
    });
    const agent = new Agent({ client, model: 'm' });
    const chat = agent.chat();
    const first = chat.stream('Hi');
    await collect(first);
    expect((await first.result).history[1]!.parts).toEqual([
      { text: 'Hello there.' },
      { text: '', thoughtSignature: 'c2lnbmF0dXJl' },
    ]);
    await chat.send('Again');
    expect(bodies(fake)[1]!.contents[1].parts.at(-1)).toEqual({ text: '', thoughtSignature: 'c2lnbmF0dXJl' });
  });

  it('ends with a typed error holding the history up to the last complete turn when the stream breaks', async () => {
    const { fake, client } = await fakeGemini({
      stream: { textEvents: 6 },
      script: [
        reply.functionCalls([{ name: 'getWeather', args: { city: 'Lima' }, id: 'x' }]),
        reply.withStream(reply.text('It is sunny and warm in Lima this afternoon.'), { cutAfterEvents: 2 }),
      ],
    });
    const agent = new Agent({ client, model: 'm', tools });
    const stream = agent.stream('Lima?');
    const seen: AgentEvent[] = [];
    const failure = await (async () => {
      try {
        for await (const event of stream) seen.push(event);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(AgentStreamError);
    const error = failure as AgentStreamError;
    // What had arrived was passed on before the break: the text is never held back until the end.
    const streamed = seen.flatMap((event) => (event.type === 'text' && event.turn === 2 ? [event.text] : [])).join('');
    expect(streamed.length).toBeGreaterThan(0);
    expect(error.partialText).toBe(streamed);
    expect(error.history).toHaveLength(3);
    expect(error.history[2]!.parts![0]!.functionResponse).toMatchObject({
      id: 'x',
      name: 'getWeather',
      response: { output: { city: 'Lima' } },
    });
    expect(error.steps[0]!.calls[0]!.ok).toBe(true);
    await expect(stream.result).rejects.toBe(error);

    // Resuming from the history finishes the run without running the tool again.
    fake.push('It is sunny in Lima.');
    const resumed = await agent.run(error.history);
    expect(resumed.text).toBe('It is sunny in Lima.');
    expect(resumed.history.slice(0, 3)).toEqual(error.history);
    expect(resumed.steps.flatMap((step) => step.calls)).toEqual([]);
  });

  it('aborts the run when the reader stops early', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.withStream(reply.text('one two three four five six'), { textEvents: 6, intervalMs: 30 }),
        'never asked',
      ],
    });
    const stream = new Agent({ client, model: 'm' }).stream('count');
    for await (const event of stream) if (event.type === 'text') break;
    await expect(stream.result).rejects.toBeInstanceOf(AgentAbortedError);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives a chat stream its run id before it starts', async () => {
    const { client } = await fakeGemini({
      script: [reply.withStream(reply.text('first'), { intervalMs: 20 }), 'second'],
    });
    const chat = new Agent({ client, model: 'm' }).chat();
    const first = chat.stream('1');
    const second = chat.stream('2');
    expect(second.runId).toMatch(/^run_/);
    const events: AgentEvent[] = [];
    for await (const event of second) events.push(event);
    expect(events.every((event) => event.runId === second.runId)).toBe(true);
    expect((await second.result).history.map((content) => content.parts?.[0]?.text)).toEqual([
      '1',
      'first',
      '2',
      'second',
    ]);
    expect((await first.result).runId).toBe(first.runId);
  });
});
