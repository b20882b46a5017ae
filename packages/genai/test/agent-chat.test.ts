import { reply, type FakeRequest } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';
import { MathTools, toolbox } from './support/services.js';

const tools = toolbox(new MathTools());

describe('chat', () => {
  it('keeps the history across three sends, streamed or not', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        'Hello Ada.',
        reply.functionCall('double', { n: 21 }, { id: 'd' }),
        'Twice 21 is 42.',
        (request: FakeRequest) =>
          `You said: ${request.contents
            .filter((content) => content.role === 'user')
            .map((content) => content.parts[0]?.text ?? '(tool)')
            .join(' | ')}`,
      ],
    });
    const chat = new Agent({ client, model: 'm', tools }).chat();
    expect((await chat.send('I am Ada.')).text).toBe('Hello Ada.');
    const second = chat.stream('Double 21.');
    const texts: string[] = [];
    for await (const event of second) if (event.type === 'text') texts.push(event.text);
    expect(texts.join('')).toBe('Twice 21 is 42.');
    const third = await chat.send('What did I say?');
    expect(third.text).toBe('You said: I am Ada. | Double 21. | (tool) | What did I say?');
    expect(chat.history).toEqual(third.history);
    expect(chat.history).toHaveLength(8);
    const sent = bodies(fake);
    expect(sent[3]!.contents).toEqual(third.history.slice(0, 7));
  });

  it('queues sends so they never interleave, and leaves the history alone after a failure', async () => {
    const { client } = await fakeGemini({ script: ['one', reply.error(400, { message: 'rejected' }), 'three'] });
    const chat = new Agent({ client, model: 'm' }).chat();
    const [first, second, third] = await Promise.allSettled([chat.send('1'), chat.send('2'), chat.send('3')]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { text: 'one' } });
    expect(second.status).toBe('rejected');
    expect(third).toMatchObject({ status: 'fulfilled', value: { text: 'three' } });
    expect(chat.history.map((content) => content.parts?.[0]?.text)).toEqual(['1', 'one', '3', 'three']);
  });
});

describe('independent runs', () => {
  it('100 concurrent runs and chats on one Agent never mix histories, events or results', async () => {
    // The fake answers each request from its own contents: ask for the double of n, then say it.
    const { fake, client } = await fakeGemini({
      handler: (request) => {
        const response = request.functionResponses[0];
        if (response) return reply.text(`result ${JSON.stringify(response.response)}`);
        const n = Number(/n=(\d+)/.exec(request.text)?.[1]);
        return reply.functionCall('double', { n }, { id: `call-${n}` });
      },
    });
    const agent = new Agent({ client, model: 'm', tools });
    const events = new Map<string, AgentEvent[]>();
    const runs = Array.from({ length: 100 }, async (_, n) => {
      const mine: AgentEvent[] = [];
      if (n % 3 === 0) {
        const stream = agent.stream(`n=${n}`);
        for await (const event of stream) mine.push(event);
        const result = await stream.result;
        events.set(result.runId, mine);
        return { n, result };
      }
      const options = { onEvent: (event: AgentEvent) => mine.push(event) };
      const result = n % 3 === 1 ? await agent.run(`n=${n}`, options) : await agent.chat().send(`n=${n}`, options);
      events.set(result.runId, mine);
      return { n, result };
    });
    const results = await Promise.all(runs);
    expect(new Set(results.map(({ result }) => result.runId)).size).toBe(100);
    for (const { n, result } of results) {
      expect(result.text).toBe(`result {"output":{"doubled":${n * 2}}}`);
      expect(result.history[0]!.parts![0]!.text).toBe(`n=${n}`);
      expect(result.history[1]!.parts![0]!.functionCall).toMatchObject({ id: `call-${n}`, args: { n } });
      expect(result.history[2]!.parts![0]!.functionResponse).toMatchObject({
        id: `call-${n}`,
        response: { output: { doubled: n * 2 } },
      });
      const mine = events.get(result.runId)!;
      expect(mine.every((event) => event.runId === result.runId)).toBe(true);
      expect(mine.find((event) => event.type === 'tool_call')).toMatchObject({ id: `call-${n}` });
      expect(mine.at(-1)).toMatchObject({ type: 'done' });
    }
    expect(fake.requests).toHaveLength(200);
  });

  it('stops a streamed send while its next event is awaited: the run is aborted and the history stays', async () => {
    const { client } = await fakeGemini({ script: ['Hello.', reply.text('Too late.', { delayMs: 5_000 }), 'Again.'] });
    const chat = new Agent({ client, model: 'm' }).chat();
    await chat.send('Hi.');
    const stream = chat.stream('Think long.');
    const events = stream[Symbol.asyncIterator]();
    const waiting = events.next();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await events.return!();
    expect(await waiting).toEqual({ value: undefined, done: true });
    await expect(stream.result).rejects.toMatchObject({ name: 'AgentAbortedError' });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(chat.history.map((content) => content.parts?.[0]?.text)).toEqual(['Hi.', 'Hello.']);
  });

  it('stops a streamed send that waits behind another before its run starts', async () => {
    const { fake, client } = await fakeGemini({ script: [reply.text('First.', { delayMs: 200 }), 'Third.'] });
    const chat = new Agent({ client, model: 'm' }).chat();
    const first = chat.send('One.');
    const second = chat.stream('Two.');
    const events = second[Symbol.asyncIterator]();
    await events.return!();
    expect((await first).text).toBe('First.');
    await expect(second.result).rejects.toMatchObject({ name: 'AgentAbortedError' });
    expect((await chat.send('Three.')).text).toBe('Third.');
    // The stopped send never reached the model, and left no trace in the conversation.
    expect(fake.requests).toHaveLength(2);
    expect(chat.history.map((content) => content.parts?.[0]?.text)).toEqual(['One.', 'First.', 'Three.', 'Third.']);
  });
});
