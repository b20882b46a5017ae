import fc from 'fast-check';
import { reply, type Reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent } from '../src/index.js';
import { fakeGemini } from './support/fake.js';
import { EchoTools, toolbox } from './support/services.js';

// Whatever the model does (parallel calls to good, failing and unknown tools, with or without ids, broken calls,
// text), the loop only ever sends what the strict FakeGemini accepts, answers every call once in order, and ends
// with a result whose history is what it sent plus the last reply.
const call = fc.record({
  name: fc.constantFrom('echo', 'explode', 'nope'),
  value: fc.string({ maxLength: 5 }),
  withId: fc.boolean(),
});
const turn = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(call, { minLength: 1, maxLength: 4 }).map((calls) => ({ kind: 'calls' as const, calls })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'malformed' as const }) },
);
const conversation = fc.record({
  turns: fc.array(turn, { maxLength: 5 }),
  answer: fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ''),
  maxTurns: fc.integer({ min: 1, max: 6 }),
  streaming: fc.boolean(),
});

async function drain<T>(stream: AsyncIterable<unknown> & { result: Promise<T> }): Promise<T> {
  for await (const event of stream) void event;
  return stream.result;
}

describe('the loop under any model behaviour', () => {
  it('keeps the protocol and loses no call', async () => {
    let script: Reply[] = [];
    let counter = 0;
    // A thinking model: every call turn is signed, and a turn sent back without its signature would be refused.
    const { fake, client } = await fakeGemini({
      thinking: true,
      handler: () => script.shift() ?? reply.text('(script used up)'),
    });
    const tools = toolbox(new EchoTools());

    await fc.assert(
      fc.asyncProperty(conversation, async ({ turns, answer, maxTurns, streaming }) => {
        script = turns.map((entry) =>
          entry.kind === 'malformed'
            ? reply.malformedFunctionCall()
            : reply.functionCalls(
                // Arguments unique per call: FakeGemini's signature ledger keys calls by name, id and arguments, so two
                // identical calls without ids would be taken for one (a FakeGemini limitation, reported).
                entry.calls.map((c) => ({
                  name: c.name,
                  args: { value: `${c.value}#${counter++}` },
                  ...(c.withId ? { id: `id-${counter++}` } : {}),
                })),
              ),
        );
        script.push(reply.text(answer));
        const before = fake.requests.length;
        const agent = new Agent({ client, model: 'm', tools, maxTurns, retry: false });
        const result = streaming ? await drain(agent.stream('go')) : await agent.run('go');

        const sent = fake.requests.slice(before);
        expect(sent.every((request) => request.status === 200)).toBe(true);
        const lastContents = fake.turns.at(-1)!.contents;
        expect(result.history.slice(0, lastContents.length)).toEqual(lastContents);
        // Every model turn with calls is followed by exactly its answers, in order, ids echoed.
        result.history.forEach((content, i) => {
          const calls = (content.parts ?? []).filter((part) => part.functionCall).map((part) => part.functionCall!);
          if (content.role !== 'model' || calls.length === 0 || i === result.history.length - 1) return;
          const answers = result.history[i + 1]!.parts!.map((part) => part.functionResponse!);
          expect(answers.map((a) => [a.id, a.name])).toEqual(calls.map((c) => [c.id, c.name]));
        });
        const executed = result.steps.reduce((sum, step) => sum + step.calls.length, 0);
        const answered = result.history.reduce(
          (sum, content) => sum + (content.parts ?? []).filter((part) => part.functionResponse).length,
          0,
        );
        expect(executed).toBe(answered);
        expect(['stop', 'max_turns', 'malformed_call']).toContain(result.stopReason);
        if (result.stopReason === 'stop') expect(result.text).toBe(answer);
      }),
      { numRuns: 60 },
    );
  });
});
