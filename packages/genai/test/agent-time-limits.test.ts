import { defineTool, Toolbox, type CallOptions, type ToolboxOptions } from '@toolwright/core';
import { reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, AgentApiError, AgentStreamError, type AgentEvent, type ToolboxLike } from '../src/index.js';
import { fakeGemini } from './support/fake.js';
import { startRawServer } from './support/raw-server.js';
import { EchoTools, toolbox } from './support/services.js';

const raw = await startRawServer();
const ok = JSON.stringify({
  candidates: [{ content: { role: 'model', parts: [{ text: 'Made it.' }] }, finishReason: 'STOP' }],
});

describe('failed replies whose body the SDK cannot read', () => {
  // The SDK parses an error body labelled JSON as JSON: an HTML page or nothing makes it throw a SyntaxError that
  // has lost the status. The Agent's recording fetch saw the status, so what is retryable is retried.
  const bodies = [
    '<html><body><h1>503 Service Unavailable</h1></body></html>',
    '',
    '{"error": {"code": 5',
    'upstream connect error',
  ];

  it('retries 429, 500 and 503 whatever the body and its label', async () => {
    for (const status of [429, 500, 503]) {
      for (const body of bodies) {
        for (const contentType of ['application/json', 'application/json; charset=UTF-8', 'text/html']) {
          raw.answers.push({ status, contentType, body }, { body: ok });
          const events: AgentEvent[] = [];
          const agent = new Agent({
            client: raw.client,
            model: 'm',
            retry: { initialDelayMs: 1 },
            onEvent: (event) => events.push(event),
          });
          const result = await agent.run('hi');
          expect(result.text).toBe('Made it.');
          expect(result.steps[0]!.retries).toBe(1);
          expect(events.find((event) => event.type === 'retry')).toMatchObject({ status });
        }
      }
    }
  });

  it('reports the status of what is not retried, and says the body could not be read', async () => {
    raw.answers.push({ status: 400, body: '<html>Bad Request</html>' });
    const error = await new Agent({ client: raw.client, model: 'm', retry: { initialDelayMs: 1 } })
      .run('hi')
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AgentApiError);
    expect(error).toMatchObject({ status: 400, attempts: 1 });
    expect((error as Error).message).toMatch(
      /^The model request failed with status 400: its body could not be read \(/,
    );
  });

  it('gives up after the retries with the last status', async () => {
    raw.answers.push({ status: 503, body: '' }, { status: 503, body: '' });
    const agent = new Agent({ client: raw.client, model: 'm', retry: { retries: 1, initialDelayMs: 1 } });
    const error = await agent.run('hi').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 503, attempts: 2 });
  });
});

describe('a model request that never answers', () => {
  it('is given up after requestTimeoutMs and retried as a request with no answer', async () => {
    raw.answers.push({ hang: true, body: '' }, { body: ok });
    const events: AgentEvent[] = [];
    const agent = new Agent({
      client: raw.client,
      model: 'm',
      requestTimeoutMs: 150,
      retry: { initialDelayMs: 1 },
      onEvent: (event) => events.push(event),
    });
    const result = await agent.run('hi');
    expect(result.text).toBe('Made it.');
    const retry = events.find((event) => event.type === 'retry');
    expect(retry).toMatchObject({
      attempt: 1,
      error: { name: 'TimeoutError', message: 'The model request got no answer within 150 ms' },
    });
  });

  it('closes the reply of a request it gave up, should it still come', async () => {
    // A plain run hands fetch no signal (it costs): the limit gives the request up, and its late reply is closed.
    raw.answers.push({ lateMs: 300, body: ok }, { body: ok });
    const agent = new Agent({ client: raw.client, model: 'm', requestTimeoutMs: 100, retry: { initialDelayMs: 1 } });
    const result = await agent.run('hi');
    expect(result.text).toBe('Made it.');
    expect(result.steps[0]!.retries).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(raw.closedUnread()).toBe(1);
  });

  it('ends the run with an AgentApiError that says so when it is not retried', async () => {
    raw.answers.push({ hang: true, body: '' });
    const agent = new Agent({ client: raw.client, model: 'm', requestTimeoutMs: 100, retry: false });
    const error = await agent.run('hi').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AgentApiError);
    expect((error as Error).message).toBe('The model request failed: The model request got no answer within 100 ms');
  });

  it('cuts a stream that stalls between chunks, never one that keeps coming', async () => {
    const slow = reply.withStream(reply.text('a slow but steady answer'), { textEvents: 4, intervalMs: 60 });
    const stalled = reply.withStream(reply.text('an answer that stalls'), { textEvents: 2, intervalMs: 2_000 });
    const { client } = await fakeGemini({ script: [slow, stalled] });
    const agent = new Agent({ client, model: 'm', requestTimeoutMs: 400, retry: false });
    let text = '';
    for await (const event of agent.stream('hi')) if (event.type === 'text') text += event.text;
    expect(text).toBe('a slow but steady answer');
    const error = await agent.stream('hi').result.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AgentStreamError);
    expect((error as AgentStreamError).cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('holds one signal and one timer for a long run: no listener warning, nothing left armed', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    try {
      for (const streaming of [false, true]) {
        for (const signal of [undefined, new AbortController().signal]) {
          const calls = Array.from({ length: 14 }, (_, i) => reply.functionCall('echo', { value: `v${i}` }));
          const { client } = await fakeGemini({ script: [...calls, 'Done.'] });
          const agent = new Agent({ client, model: 'm', tools: toolbox(new EchoTools()), maxTurns: 20 });
          const options = signal ? { signal } : {};
          const result = streaming ? await agent.stream('go', options).result : await agent.run('go', options);
          expect(result.text).toBe('Done.');
        }
      }
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.message)).toEqual([]);
      expect(timers()).toBeLessThanOrEqual(before);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('has a documented default, and 0 or Infinity turn it off', () => {
    const client = raw.client;
    expect(new Agent({ client, model: 'm' }).setup.requestTimeoutMs).toBe(600_000);
    expect(new Agent({ client, model: 'm', requestTimeoutMs: 0 }).setup.requestTimeoutMs).toBeUndefined();
    expect(new Agent({ client, model: 'm', requestTimeoutMs: Infinity }).setup.requestTimeoutMs).toBeUndefined();
    expect(() => new Agent({ client, model: 'm', requestTimeoutMs: Number.NaN })).toThrow(
      /requestTimeoutMs must be a number/,
    );
  });
});

describe('a tool call that never settles', () => {
  /** The time limit the tool itself sees (`ToolContext.timeoutMs`; undefined: none), on the real Toolbox. */
  async function limitsFor(
    own: { timeoutMs?: number } = {},
    toolboxOptions: ToolboxOptions = {},
    options: { toolTimeoutMs?: number | Record<string, number> } = {},
  ): Promise<Array<number | undefined>> {
    const { client } = await fakeGemini({ script: [reply.functionCall('echo', { value: 'x' }), 'Done.'] });
    const limits: Array<number | undefined> = [];
    const echo = defineTool({
      name: 'echo',
      parameters: { type: 'object', properties: { value: { type: 'string' } } },
      ...own,
      handler: (_args, context) => limits.push(context.timeoutMs),
    });
    await new Agent({ client, model: 'm', tools: new Toolbox([echo], toolboxOptions), ...options }).run('go');
    return limits;
  }

  it('gets 5 minutes where no limit is set anywhere', async () => {
    expect(await limitsFor()).toEqual([300_000]);
    expect(await limitsFor({}, {}, { toolTimeoutMs: { other: 5 } })).toEqual([300_000]);
  });

  it("keeps the Toolbox's limit, and the Agent option is a default ranked above it", async () => {
    expect(await limitsFor({}, { timeoutMs: 2_000 })).toEqual([2_000]);
    expect(await limitsFor({}, { timeoutMs: 2_000 }, { toolTimeoutMs: 50 })).toEqual([50]);
    expect(await limitsFor({}, { timeoutMs: 2_000 }, { toolTimeoutMs: { echo: 40, '*': 5 } })).toEqual([40]);
    // 0 (or Infinity) turns the limit off: the Toolbox takes it as "none", and the 5 minutes do not come back.
    expect(await limitsFor({}, {}, { toolTimeoutMs: 0 })).toEqual([undefined]);
    expect(await limitsFor({}, { timeoutMs: 2_000 }, { toolTimeoutMs: Infinity })).toEqual([undefined]);
  });

  it("yields to the tool's own limit, and a Toolbox's limit of 0 keeps the 5 minutes away", async () => {
    expect(await limitsFor({ timeoutMs: 70 }, { timeoutMs: 2_000 }, { toolTimeoutMs: 50 })).toEqual([70]);
    expect(await limitsFor({}, { timeoutMs: 0 })).toEqual([undefined]);
  });

  it('gives any ToolboxLike the same options, without asking what it is', async () => {
    const { client } = await fakeGemini({ script: [reply.functionCall('echo', {}), 'Done.'] });
    const seen: Array<CallOptions | undefined> = [];
    const box = toolbox(new EchoTools());
    const plain: ToolboxLike = {
      declarations: (options) => box.declarations(options),
      has: (name) => box.has(name),
      call: (call, options) => {
        seen.push(options);
        return box.call(call, options);
      },
    };
    await new Agent({ client, model: 'm', tools: plain, toolTimeoutMs: { echo: 30 } }).run('go');
    expect(seen).toMatchObject([{ defaultTimeoutMs: 30, fallbackTimeoutMs: 300_000 }]);
  });
});
