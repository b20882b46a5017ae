import type { Content } from '@google/genai';
import fc from 'fast-check';
import { reply, type Reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, AgentError, type AgentResult } from '../src/index.js';
import { fakeGemini } from './support/fake.js';
import { EchoTools, toolbox } from './support/services.js';

// Whatever happens in a run (turn limits, calls after calling was turned off, broken and nameless calls, empty
// answers, API errors, dropped connections, streams cut short, aborts at any event, hooks that throw), the history it
// returns or carries in its AgentError is one the API accepts as the start of the next request: sent as it is, and
// continued with a new user turn. The strict, thinking FakeGemini is the judge.
const call = fc.record({ name: fc.constantFrom('echo', 'explode', 'nope'), withId: fc.boolean() });
const modelTurn = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('calls' as const),
      calls: fc.array(call, { minLength: 1, maxLength: 3 }),
      text: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'malformed' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'nameless' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'error' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'disconnect' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cut' as const }) },
);
const scenario = fc.record({
  turns: fc.array(modelTurn, { maxLength: 6 }),
  maxTurns: fc.integer({ min: 1, max: 4 }),
  streaming: fc.boolean(),
  abortAtEvent: fc.option(fc.integer({ min: 1, max: 25 }), { nil: undefined }),
  hookFailsAtCall: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
let counter = 0;

function replyFor(turn: Scenario['turns'][number]): Reply {
  switch (turn.kind) {
    case 'calls': {
      // Arguments unique per call: FakeGemini's signature ledger keys calls by name, id and arguments.
      const calls = turn.calls.map((c) => ({
        name: c.name,
        args: { value: `v${counter++}` },
        ...(c.withId ? { id: `id-${counter++}` } : {}),
      }));
      return reply.functionCalls(calls, turn.text ? { text: 'Let me look.' } : {});
    }
    case 'malformed':
      return reply.malformedFunctionCall();
    case 'nameless':
      return reply.content([{ text: 'Calling.' }, { functionCall: { args: { value: 'x' } } } as never]);
    case 'empty':
      return reply.content([]);
    case 'error':
      return reply.serverError();
    case 'disconnect':
      return reply.disconnect();
    case 'cut':
      return reply.withStream(reply.text('a long answer that breaks'), { cutAfterEvents: 1 });
  }
}

async function drain(stream: AsyncIterable<unknown> & { result: Promise<AgentResult> }): Promise<AgentResult> {
  for await (const event of stream) void event;
  return stream.result;
}

describe('every history a run leaves', () => {
  it('starts a request the API accepts', async () => {
    let script: Reply[] = [];
    const { fake, client } = await fakeGemini({ thinking: true, handler: () => script.shift() ?? reply.text('Done.') });
    const tools = toolbox(new EchoTools());

    await fc.assert(
      fc.asyncProperty(scenario, async ({ turns, maxTurns, streaming, abortAtEvent, hookFailsAtCall }) => {
        script = turns.map(replyFor);
        const controller = new AbortController();
        let events = 0;
        let calls = 0;
        const agent = new Agent({
          client,
          model: 'm',
          tools,
          maxTurns,
          retry: false,
          onEvent: () => {
            if (++events === abortAtEvent) controller.abort(new Error('stop here'));
          },
          beforeToolCall: () => {
            if (++calls === hookFailsAtCall) throw new Error('the hook broke');
          },
        });
        let history: Content[];
        try {
          const input = 'go';
          const result = streaming
            ? await drain(agent.stream(input, { signal: controller.signal }))
            : await agent.run(input, { signal: controller.signal });
          history = result.history;
        } catch (error) {
          expect(error).toBeInstanceOf(AgentError);
          history = (error as AgentError).history;
        }

        // The judge: the same strict server, with the signatures it issued. Nothing of the old script is left.
        script = [];
        const plain = new Agent({ client, model: 'm', tools, retry: false });
        const before = fake.requests.length;
        await plain.run(history);
        await plain.chat({ history }).send('And now?');
        const judged = fake.requests.slice(before);
        expect(judged.map((request) => request.problems)).toEqual([[], []]);
        expect(judged.map((request) => request.status)).toEqual([200, 200]);
      }),
      { numRuns: 80 },
    );
  });
});
