// The step seam: each model request and each tool call runs through the Agent's step runner. A journaling runner
// (the way Restate, Inngest or DBOS run steps) replays a run from its journal: no tool runs twice, no model turn is
// asked again, and the run ends as it would have without the crash.
import { reply } from '@toolwright/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Agent,
  AgentAbortedError,
  AgentError,
  type AgentEvent,
  type StepDetail,
  type StepRunner,
  type ToolboxLike,
} from '../src/index.js';
import { FORMATS } from '../src/prompt-calling.js';
import { fakeGemini } from './support/fake.js';
import { toolbox, EchoTools, WeatherTools } from './support/services.js';

/** A journal of step results as JSON text, keyed by step name, the way an engine keeps one per run. */
class Journal {
  readonly entries = new Map<string, string>();
  readonly started: string[] = [];

  /** A runner over this journal; `crashAt` makes it fail (as a killed process would) when asked for that step. */
  runner(crashAt = Infinity): StepRunner {
    let count = 0;
    const inFlight = new Set<Promise<unknown>>();
    return async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const stored = this.entries.get(name);
      if (stored !== undefined) return JSON.parse(stored) as T;
      if (count++ >= crashAt) {
        // Everything started before the crash is durable; this step and all later ones never happen.
        await Promise.allSettled([...inFlight]);
        throw new Error('worker killed');
      }
      this.started.push(name);
      const running = fn();
      inFlight.add(running);
      const value = await running;
      const text = JSON.stringify(value);
      // The engine hands back what it journaled, not the object fn made.
      this.entries.set(name, text);
      return JSON.parse(text) as T;
    };
  }
}

/**
 * An engine that, like Restate's SDK, drives its journal through one waiter: awaiting a second of its promises while
 * another is awaited is a violation (Restate's "awaitNext already pending", which fails the attempt). Its `all`
 * awaits a batch of steps as one promise, as `RestatePromise.allSettled` does.
 */
class OneWaiterEngine {
  readonly started: string[] = [];
  readonly violations: string[] = [];
  private awaited: string | undefined;

  /** A journal promise: its work starts when it is first awaited, and holds the one waiter until it settles. */
  promise<T>(name: string, work: () => Promise<T>): Promise<T> {
    let running: Promise<T> | undefined;
    const thenable = {
      then: (onFulfilled?: (value: T) => unknown, onRejected?: (reason: unknown) => unknown) => {
        if (!running) {
          if (this.awaited !== undefined) this.violations.push(`${name} while ${this.awaited}`);
          this.awaited = name;
          this.started.push(name);
          running = work().finally(() => {
            if (this.awaited === name) this.awaited = undefined;
          });
        }
        return running.then(onFulfilled, onRejected);
      },
    };
    return thenable as unknown as Promise<T>;
  }

  runner(): StepRunner {
    const single = <T>(name: string, fn: () => Promise<T>) => this.promise(name, fn);
    return Object.assign(single, {
      all: <T>(steps: readonly { name: string; fn: () => Promise<T> }[]) =>
        this.promise(`batch: ${steps.map((step) => step.name).join(', ')}`, () =>
          Promise.allSettled(steps.map((step) => step.fn())),
        ),
    });
  }
}

/** A ToolboxLike that counts executions per call id and answers with values JSON cannot hold as they are. */
function countingTools(): ToolboxLike & { runs: Map<string, number> } {
  const runs = new Map<string, number>();
  return {
    runs,
    declarations: () => [
      {
        name: 'charge',
        description: 'Charges an order.',
        parametersJsonSchema: { type: 'object', properties: { order: { type: 'string' } } },
      },
    ],
    has: (name) => name === 'charge',
    async call(call) {
      const key = call.id ?? '?';
      runs.set(key, (runs.get(key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      const output = {
        order: (call.args as { order: string }).order,
        at: new Date(0),
        cents: 1999n,
        tags: new Set(['a']),
      };
      const response = { name: call.name ?? '', response: { output } as never };
      return { functionResponse: call.id !== undefined ? { id: call.id, ...response } : response };
    },
  };
}

/** A model that asks for `calls[t]` parallel charges on turn t, then answers (decided from the request). */
async function shop(calls: number[]) {
  return fakeGemini({
    handler: (request) => {
      const turn = request.contents.filter((content) => content.role === 'model').length;
      if (turn >= calls.length) return reply.text(`Charged ${request.contents.length} contents.`);
      return reply.functionCalls(
        Array.from({ length: calls[turn]! }, (_, i) => ({
          name: 'charge',
          args: { order: `o${turn}.${i}` },
          id: `c${turn}.${i}`,
        })),
      );
    },
  });
}

describe('the step runner', () => {
  it('runs each model request and each tool call as a named step, tools in call order', async () => {
    const { client } = await shop([2, 1]);
    const journal = new Journal();
    const agent = new Agent({ client, model: 'm', tools: countingTools(), step: journal.runner() });
    const result = await agent.run('charge');
    expect(journal.started).toEqual([
      'model 1',
      'tool 1.0 charge',
      'tool 1.1 charge',
      'model 2',
      'tool 2.0 charge',
      'model 3',
    ]);
    expect(result.stopReason).toBe('stop');
  });

  it('replays a finished run from its journal: no tool runs and no model turn is asked again', async () => {
    const { fake, client } = await shop([2, 1]);
    const tools = countingTools();
    const agent = new Agent({ client, model: 'm', tools });
    const journal = new Journal();
    const first = await agent.run('charge', { step: journal.runner(), runId: 'run-1' });
    const requests = fake.requests.length;

    const events: AgentEvent[] = [];
    const replayed = await agent.run('charge', {
      step: journal.runner(),
      runId: 'run-1',
      onEvent: (event) => events.push(event),
    });

    expect(fake.requests.length).toBe(requests);
    expect([...tools.runs.values()]).toEqual([1, 1, 1]);
    expect(replayed.text).toBe(first.text);
    expect(replayed.history).toEqual(JSON.parse(JSON.stringify(first.history)));
    expect(replayed.usage).toEqual(first.usage);
    expect(replayed.steps.map((step) => step.calls.map((call) => call.callId))).toEqual(
      first.steps.map((step) => step.calls.map((call) => call.callId)),
    );
    // A listener sees the conversation again: the answer's text, every call and every result.
    expect(events.filter((event) => event.type === 'text').map((event) => (event as { text: string }).text)).toEqual([
      first.text,
    ]);
    expect(events.filter((event) => event.type === 'tool_result')).toHaveLength(3);
  });

  it(
    'streams through the step runner: ' + 'deltas as they arrive, and on a replay the journaled reply at once',
    async () => {
      const { fake, client } = await fakeGemini({
        script: [
          reply.functionCall('charge', { order: 'o1' }, { id: 'c1' }),
          reply.text('Charged order o1 for you.', { stream: { textEvents: 3 } }),
        ],
      });
      const journal = new Journal();
      const agent = new Agent({ client, model: 'm', tools: countingTools(), step: journal.runner() });
      const texts = async () => {
        const seen: string[] = [];
        for await (const event of agent.stream('charge', { runId: 's' }))
          if (event.type === 'text') seen.push(event.text);
        return seen;
      };
      const live = await texts();
      expect(live.length).toBeGreaterThan(1);
      expect(live.join('')).toBe('Charged order o1 for you.');
      const requests = fake.requests.length;
      expect(await texts()).toEqual(['Charged order o1 for you.']);
      expect(fake.requests.length).toBe(requests);
    },
  );

  it('replays prompt-based calling: the calls read from the text, and only the prose as text events', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.text(`Let me look.\n${FORMATS['tool-call'].call('getWeather', { city: 'Rome' })}\n`),
        reply.text('Rome is clear.'),
      ],
    });
    const journal = new Journal();
    const agent = new Agent({ client, model: 'gemma-3-27b-it', tools: toolbox(new WeatherTools()), calling: 'prompt' });
    const texts = async () => {
      const seen: string[] = [];
      const result = await agent.run('Weather in Rome?', {
        step: journal.runner(),
        runId: 'p',
        onEvent: (event) => void (event.type === 'text' && seen.push(event.text)),
      });
      return { seen, result };
    };
    const first = await texts();
    const requests = fake.requests.length;
    const replayed = await texts();
    expect(fake.requests.length).toBe(requests);
    expect(replayed.result.text).toBe('Rome is clear.');
    expect(replayed.result.steps[0]!.calls.map((call) => call.name)).toEqual(['getWeather']);
    expect(replayed.seen.join('')).toBe(first.seen.join(''));
    expect(replayed.seen.join('')).not.toContain('getWeather');
  });

  it('journals tool results as JSON, and the model gets what was journaled', async () => {
    const { fake, client } = await shop([1]);
    const journal = new Journal();
    await new Agent({ client, model: 'm', tools: countingTools(), step: journal.runner() }).run('charge');
    const journaled = JSON.parse(journal.entries.get('tool 1.0 charge')!);
    expect(journaled).toEqual({
      response: { output: { order: 'o0.0', at: '1970-01-01T00:00:00.000Z', cents: '1999', tags: ['a'] } },
    });
    expect(fake.turns.at(-1)!.functionResponses[0]!.response).toEqual(journaled.response);
  });

  it(
    'resumes a run killed after any step: ' + 'every tool ran once, every model turn was asked once, same end',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
          fc.nat(),
          async (calls, cut) => {
            const { fake, client } = await shop(calls);
            const tools = countingTools();
            const agent = new Agent({ client, model: 'm', tools });
            const total = calls.length + 1 + calls.reduce((sum, n) => sum + n, 0);
            const journal = new Journal();

            const crash = await agent
              .run('charge', { step: journal.runner(cut % total), runId: 'r' })
              .catch((error: unknown) => error);
            expect(crash).toBeInstanceOf(AgentError);
            expect((crash as AgentError).code).toBe('step');
            const resumed = await agent.run('charge', { step: journal.runner(), runId: 'r' });

            expect(resumed.stopReason).toBe('stop');
            expect(resumed.steps).toHaveLength(calls.length + 1);
            expect(fake.requests.length).toBe(calls.length + 1);
            expect(tools.runs.size).toBe(total - calls.length - 1);
            expect([...tools.runs.values()].every((count) => count === 1)).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it(
    'runs steps elsewhere from their JSON detail, as Temporal activities would: ' + 'the loop itself does no I/O',
    async () => {
      const { fake, client } = await shop([2, 1]);
      // The workflow side: no client that works, tools it can declare but never run.
      const worker = countingTools();
      const declarationsOnly: ToolboxLike = {
        ...countingTools(),
        call: () => Promise.reject(new Error('a tool ran in the workflow')),
      };
      const noClient = {
        models: {
          generateContent: () => Promise.reject(new Error('I/O in the workflow')),
          generateContentStream: () => Promise.reject(new Error('I/O')),
        },
      };
      const workflow = new Agent({ client: noClient, model: 'm', tools: declarationsOnly });
      // The activity side: the same options, a real client and the real tools.
      const activities = new Agent({ client, model: 'm', tools: worker });
      const journal = new Map<string, string>();
      const started: string[] = [];
      const step: StepRunner = async <T>(name: string, _fn: () => Promise<T>, detail: StepDetail) => {
        if (!journal.has(name)) {
          started.push(name);
          journal.set(name, JSON.stringify(await activities.runStep(JSON.parse(JSON.stringify(detail)) as StepDetail)));
        }
        return JSON.parse(journal.get(name)!) as T;
      };

      const result = await workflow.run('charge', { step, runId: 'wf' });
      expect(result.stopReason).toBe('stop');
      expect(result.text).toBe('Charged 5 contents.');
      expect(result.usage.requests).toBe(3);
      expect(Object.fromEntries(worker.runs)).toEqual({ 'c0.0': 1, 'c0.1': 1, 'c1.0': 1 });
      expect(started).toEqual([
        'model 1',
        'tool 1.0 charge',
        'tool 1.1 charge',
        'model 2',
        'tool 2.0 charge',
        'model 3',
      ]);
      // A replay of the workflow asks nothing of the activities.
      const requests = fake.requests.length;
      expect((await workflow.run('charge', { step, runId: 'wf' })).text).toBe(result.text);
      expect(fake.requests.length).toBe(requests);
    },
  );

  it(
    "asks the run's beforeToolCall after the Agent's, with the arguments it chose; " + 'a refusal answers the model',
    async () => {
      const { fake, client } = await fakeGemini({
        script: [
          reply.functionCalls([
            { name: 'echo', args: { value: 'a' }, id: '1' },
            { name: 'echo', args: { value: 'b' }, id: '2' },
          ]),
          'ok',
        ],
      });
      const seen: unknown[] = [];
      const agent = new Agent({
        client,
        model: 'm',
        tools: toolbox(new EchoTools()),
        beforeToolCall: (call) => ({ args: { value: `${(call.args as { value: string }).value}!` } }),
      });
      const result = await agent.run('go', {
        beforeToolCall: (call) => {
          seen.push(call.args);
          return call.index === 1 ? { deny: 'needs a person' } : undefined;
        },
      });
      expect(seen).toEqual([{ value: 'a!' }, { value: 'b!' }]);
      expect(result.steps[0]!.calls.map((call) => call.outcome)).toEqual(['ran', 'denied']);
      expect(result.steps[0]!.calls[0]!.editedArgs).toEqual({ value: 'a!' });
      expect(fake.turns.at(-1)!.functionResponses[1]!.response).toMatchObject({
        error: { message: expect.stringContaining('needs a person') },
      });
    },
  );

  it('starts tool steps in call order even when their hooks finish out of order', async () => {
    const { client } = await shop([3]);
    const journal = new Journal();
    const agent = new Agent({ client, model: 'm', tools: countingTools(), step: journal.runner() });
    await agent.run('charge', {
      beforeToolCall: (call) => new Promise((resolve) => setTimeout(resolve, (3 - call.index) * 15)),
    });
    expect(journal.started).toEqual(['model 1', 'tool 1.0 charge', 'tool 1.1 charge', 'tool 1.2 charge', 'model 2']);
  });

  it(
    "an engine's cancel (a rejected step and the run's " + 'signal) aborts the run and reaches the running tool',
    async () => {
      const { client } = await fakeGemini({ script: [reply.functionCall('hang', {}, { id: 'h' })] });
      const controller = new AbortController();
      let toolSignal: AbortSignal | undefined;
      const tools = toolbox(new EchoTools());
      const agent = new Agent({ client, model: 'm', tools, beforeToolCall: (call) => void (toolSignal = call.signal) });
      const step: StepRunner = async (name, fn) => {
        if (!name.startsWith('tool')) return fn();
        const running = fn();
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.abort(new Error('cancelled by the engine'));
        await running;
        throw new Error('cancelled by the engine');
      };
      const error = await agent.run('hang', { step, signal: controller.signal }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AgentAbortedError);
      expect(toolSignal?.aborted).toBe(true);
    },
  );

  it(
    "gives a runner with `all` each turn's tool steps as one batch in call order, awaited once: " +
      "an engine that allows one waiter at a time (as Restate's SDK does) is never awaited twice at once",
    async () => {
      const { client } = await shop([3, 2]);
      const tools = countingTools();
      const engine = new OneWaiterEngine();
      const agent = new Agent({ client, model: 'm', tools, step: engine.runner() });
      // An approval that waits on the engine (an awakeable), beside the turn's other calls.
      const result = await agent.run('charge', {
        beforeToolCall: (call) => (call.index === 1 ? engine.promise('approval', async () => undefined) : undefined),
      });
      expect(result.stopReason).toBe('stop');
      expect(engine.violations).toEqual([]);
      expect(engine.started).toEqual([
        'model 1',
        'approval',
        'batch: tool 1.0 charge, tool 1.1 charge, tool 1.2 charge',
        'model 2',
        'approval',
        'batch: tool 2.0 charge, tool 2.1 charge',
        'model 3',
      ]);
      expect([...tools.runs.values()]).toEqual([1, 1, 1, 1, 1]);

      // The same engine without `all`: the Agent awaits the steps together itself, and the engine sees two waiters.
      const { client: again } = await shop([3]);
      const single = new OneWaiterEngine();
      const plain: StepRunner = (name, fn) => single.runner()(name, fn, undefined as never);
      await new Agent({ client: again, model: 'm', tools: countingTools(), step: plain }).run('charge');
      expect(single.violations.length).toBeGreaterThan(0);
    },
  );

  it("gives a tool the call's id as ToolContext.callId, the model's or the run's own, the same on a replay", async () => {
    const { client } = await fakeGemini({
      handler: (request) =>
        request.functionResponses.length
          ? reply.text('done')
          : reply.functionCalls([
              { name: 'hang', args: {} },
              { name: 'hang', args: {}, id: 'model-id' },
            ]),
    });
    const seen: Array<string | undefined> = [];
    const tools: ToolboxLike = {
      ...countingTools(),
      call: async (call, options) => {
        seen.push(options?.callId === undefined ? undefined : (call.id ?? options.callId));
        return { functionResponse: { name: call.name ?? '', response: { output: 'ok' } } };
      },
    };
    const journal = new Journal();
    const agent = new Agent({ client, model: 'm', tools });
    await agent.run('go', { runId: 'inv-1' });
    await agent.run('go', { runId: 'inv-2', step: journal.runner() });
    expect(seen).toEqual(['inv-1:1:0', 'model-id', 'inv-2:1:0', 'model-id']);
    expect(JSON.parse(journal.entries.get('tool 1.0 hang')!)).toEqual({ response: { output: 'ok' } });
  });

  it('keeps tools concurrent inside a batch, at most `concurrency` at a time', async () => {
    for (const concurrency of [8, 3]) {
      const { client } = await shop([8]);
      let running = 0;
      let most = 0;
      const tools: ToolboxLike = {
        ...countingTools(),
        async call(call) {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running -= 1;
          return { functionResponse: { id: call.id ?? '', name: call.name ?? '', response: { output: 'ok' } } };
        },
      };
      const engine = new OneWaiterEngine();
      await new Agent({ client, model: 'm', tools, concurrency, step: engine.runner() }).run('charge');
      expect(most).toBe(concurrency);
      expect(engine.violations).toEqual([]);
    }
  });

  it("journals a tool's media parts with its response, so a replay sends the model the same parts", async () => {
    const { fake, client } = await shop([1]);
    const image = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
    const tools: ToolboxLike = {
      ...countingTools(),
      call: async (call) => ({
        functionResponse: { id: call.id ?? '', name: call.name ?? '', response: { output: 'a chart' }, parts: [image] },
      }),
    };
    const journal = new Journal();
    const agent = new Agent({ client, model: 'm', tools });
    await agent.run('charge', { step: journal.runner(), runId: 'media' });
    expect(JSON.parse(journal.entries.get('tool 1.0 charge')!)).toEqual({
      response: { output: 'a chart' },
      parts: [image],
    });
    const requests = fake.turns.length;
    const replayed = await agent.run('charge', { step: journal.runner(), runId: 'media' });
    expect(fake.turns.length).toBe(requests);
    const answered = replayed.history.flatMap((content) => content.parts ?? []).find((part) => part.functionResponse);
    expect(answered?.functionResponse?.parts).toEqual([image]);
  });

  it('ends the run with a step error when the runner fails a model step', async () => {
    const { client } = await fakeGemini({ script: ['never asked'] });
    const step: StepRunner = () => Promise.reject(new Error('journal mismatch'));
    const error = await new Agent({ client, model: 'm', step }).run('hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    expect(error).toMatchObject({ code: 'step', message: 'The step "model 1" failed: journal mismatch' });
  });
});
