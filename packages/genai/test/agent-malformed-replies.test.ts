import fc from 'fast-check';
import { reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, AgentApiError, type AgentResult } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';
import { startRawServer } from './support/raw-server.js';
import { EchoTools, toolbox } from './support/services.js';

const echo = toolbox(new EchoTools());
const raw = await startRawServer();

async function drain(stream: AsyncIterable<unknown> & { result: Promise<AgentResult> }): Promise<AgentResult> {
  for await (const event of stream) void event;
  return stream.result;
}

// Every way a functionCall part can be one the API would refuse to get back.
const malformedCall = fc.oneof(
  fc.constant({ args: { value: 'x' } }),
  fc.record({ name: fc.constantFrom('', null, 7, true, ['echo'], { a: 1 }), args: fc.constant({}) }),
  fc.record({ name: fc.string({ minLength: 129, maxLength: 400 }) }),
  fc.record({ name: fc.constant('echo'), args: fc.constantFrom('{"value":"x"}', 3, ['x'], false) }),
  fc.record({
    name: fc.constant('echo'),
    args: fc.constant({}),
    id: fc.constantFrom(5, { id: 'x' }, ['a'], 'i'.repeat(1_025)),
  }),
);

describe('malformed function calls', () => {
  it(
    'are fed back and retried once, then end the run as malformed_call; ' + 'none runs and none enters the history',
    async () => {
      let script: ReturnType<typeof reply.content>[] = [];
      const { fake, client } = await fakeGemini({ handler: () => script.shift() ?? reply.text('(unused)') });
      await fc.assert(
        fc.asyncProperty(malformedCall, fc.boolean(), async (functionCall, streaming) => {
          const bad = reply.content([
            { text: 'Calling.' },
            { functionCall: { name: 'echo', args: { value: 'ok' } } },
            { functionCall } as never,
          ]);
          script = [bad, structuredClone(bad)];
          const before = fake.requests.length;
          const agent = new Agent({ client, model: 'm', tools: echo });
          const result = streaming ? await drain(agent.stream('go')) : await agent.run('go');
          expect(result.stopReason).toBe('malformed_call');
          expect(result.finishMessage).toMatch(/^Malformed function call: .*function call 2/);
          expect(result.steps.flatMap((step) => step.calls)).toEqual([]);
          const sent = bodies(fake).slice(before);
          expect(fake.requests.slice(before).every((request) => request.status === 200)).toBe(true);
          expect(sent).toHaveLength(2);
          // The retry carries the model's words and the feedback, never the calls.
          expect(sent[1]!.contents.slice(1)).toEqual([
            { role: 'model', parts: [{ text: 'Calling.' }] },
            { role: 'user', parts: [{ text: expect.stringMatching(/could not be parsed \(.*function call 2/) }] },
          ]);
          expect(result.history.flatMap((content) => content.parts ?? []).some((part) => part.functionCall)).toBe(
            false,
          );
          expect(JSON.stringify(result.history).length).toBeLessThan(2_000);
        }),
        { numRuns: 40 },
      );
    },
  );

  it('lets the model try again after the feedback', async () => {
    const { client } = await fakeGemini({
      script: [
        reply.content([{ functionCall: { args: {} } } as never]),
        reply.functionCall('echo', { value: 'ok' }),
        'Done.',
      ],
    });
    const result = await new Agent({ client, model: 'm', tools: echo }).run('go');
    expect(result.stopReason).toBe('stop');
    expect(result.steps.flatMap((step) => step.calls.map((call) => call.name))).toEqual(['echo']);
  });
});

describe('the turn limit', () => {
  it(
    'leaves no call unanswered: ' + 'calls that come with calling off are dropped, the words beside them kept',
    async () => {
      for (const streaming of [false, true]) {
        const { fake, client } = await fakeGemini({
          script: [
            reply.functionCall('echo', { value: '1' }),
            reply.functionCalls([{ name: 'echo', args: { value: '2' } }], { text: 'One more look.' }),
            'Next.',
          ],
        });
        const agent = new Agent({ client, model: 'm', tools: echo, maxTurns: 1 });
        const result = streaming ? await drain(agent.stream('go')) : await agent.run('go');
        expect(result.stopReason).toBe('max_turns');
        expect(result.text).toBe('One more look.');
        expect(result.history.at(-1)).toEqual({ role: 'model', parts: [{ text: 'One more look.' }] });
        await agent.chat({ history: result.history }).send('Go on.');
        expect(fake.requests.map((request) => request.status)).toEqual([200, 200, 200]);
      }
    },
  );
});

describe('reply bodies the loop cannot read', () => {
  const body = (candidate: unknown) => JSON.stringify({ candidates: [candidate] });

  it('a candidate without content is no answer: asked once more, then empty_response', async () => {
    for (const empty of [{}, { finishReason: 'STOP' }, { content: {} }, { content: { parts: [{}] } }, null]) {
      raw.answers.push({ body: empty === null ? '{}' : body(empty) }, { body: body(empty ?? {}) });
      const result = await new Agent({ client: raw.client, model: 'm', tools: echo }).run('go');
      expect(result.stopReason).toBe('empty_response');
      expect(result.history).toEqual([{ role: 'user', parts: [{ text: 'go' }] }]);
    }
  });

  it('a body of the wrong shape is an AgentApiError that names the field, streamed or not', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { candidates: [{ content: { parts: 'abc' } }] },
        /candidates\[0\]\.content\.parts should be a list, but is a text of 3 characters/,
      ],
      [
        { candidates: [{ content: { role: 'model', parts: [7] } }] },
        /candidates\[0\]\.content\.parts\[0\] should be an object, but is a number/,
      ],
      [
        { candidates: [{ content: { parts: [{ text: { a: 1 } }] } }] },
        /parts\[0\]\.text should be a text, but is an object/,
      ],
      [{ candidates: [{ content: 'hello' }] }, /candidates\[0\]\.content should be an object/],
      [
        { candidates: [{ finishReason: 3, content: { parts: [{ text: 'x' }] } }] },
        /candidates\[0\]\.finishReason should be a text/,
      ],
    ];
    for (const [reply, message] of cases) {
      for (const streaming of [false, true]) {
        raw.answers.push(
          streaming
            ? { contentType: 'text/event-stream', body: `data: ${JSON.stringify(reply)}\r\n\r\n` }
            : { body: JSON.stringify(reply) },
        );
        const agent = new Agent({ client: raw.client, model: 'm', tools: echo });
        const error = await (streaming ? drain(agent.stream('go')) : agent.run('go')).catch(
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(AgentApiError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).not.toMatch(/is not a function|Cannot read/);
        expect((error as AgentApiError).history).toEqual([{ role: 'user', parts: [{ text: 'go' }] }]);
      }
    }
  });
});
