import { GoogleGenAI } from '@google/genai';
import { reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, AgentAbortedError, AgentApiError, AgentHookError, type AgentEvent } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';
import { EchoTools, SlowTools, toolbox } from './support/services.js';

const echo = toolbox(new EchoTools());

const mode = (body: { toolConfig?: { functionCallingConfig?: { mode?: string } } }) =>
  body.toolConfig?.functionCallingConfig?.mode ?? 'AUTO';

describe('turn limit', () => {
  it('sends the last results and asks for a final answer with calling off', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCall('echo', { value: '1' }, { id: 'a' }),
        reply.functionCall('echo', { value: '2' }, { id: 'b' }),
        (request) => {
          // The last results are there, and calling is off.
          expect(request.functionResponses.map((response) => response.id)).toEqual(['b']);
          expect(request.toolMode).toBe('NONE');
          return reply.text('Stopped after two rounds.');
        },
      ],
    });
    const agent = new Agent({ client, model: 'm', tools: echo, maxTurns: 2 });
    const result = await agent.run('loop');
    expect(result.stopReason).toBe('max_turns');
    expect(result.text).toBe('Stopped after two rounds.');
    expect(result.steps.map((step) => step.calls.length)).toEqual([1, 1, 0]);
    expect(bodies(fake).map(mode)).toEqual(['AUTO', 'AUTO', 'NONE']);
    expect(result.history).toHaveLength(6);
  });
});

describe('function calling modes', () => {
  it('forces a call on the first turn with ANY, then falls back to AUTO without allowedFunctionNames', async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCall('echo', { value: 'x' }), reply.functionCall('echo', { value: 'y' }), 'Done.'],
    });
    const agent = new Agent({
      client,
      model: 'm',
      tools: echo,
      toolConfig: { functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['echo'] } },
    });
    const result = await agent.run('go');
    expect(result.text).toBe('Done.');
    const sent = bodies(fake).map((body) => body.toolConfig?.functionCallingConfig);
    expect(sent[0]).toEqual({ mode: 'ANY', allowedFunctionNames: ['echo'] });
    expect(sent[1]).toEqual({ mode: 'AUTO' });
    expect(sent[2]).toEqual({ mode: 'AUTO' });
  });

  it('keeps ANY for forcedTurns and passes NONE and VALIDATED through', async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCall('echo'), reply.functionCall('echo'), 'ok', 'ok', 'ok'],
    });
    const any = new Agent({
      client,
      model: 'm',
      tools: echo,
      forcedTurns: 2,
      fallbackMode: 'NONE',
      toolConfig: { functionCallingConfig: { mode: 'ANY' as never } },
    });
    await any.run('go');
    expect(bodies(fake).map(mode)).toEqual(['ANY', 'ANY', 'NONE']);
    for (const value of ['NONE', 'VALIDATED']) {
      const agent = new Agent({
        client,
        model: 'm',
        tools: echo,
        toolConfig: { functionCallingConfig: { mode: value as never } },
      });
      await agent.run('go');
      expect(mode(bodies(fake).at(-1)!)).toBe(value);
    }
  });
});

describe('tool failures go back to the model', () => {
  it(
    'answers a throwing tool, ' + 'an unknown tool and a tool that hangs past its timeout with errors, and goes on',
    async () => {
      const { fake, client } = await fakeGemini({
        script: [
          reply.functionCalls([
            { name: 'explode', id: '1' },
            { name: 'nope', id: '2' },
            { name: 'hang', id: '3' },
            { name: 'echo', args: { value: 'fine' }, id: '4' },
          ]),
          'Some tools failed.',
        ],
      });
      const agent = new Agent({ client, model: 'm', tools: echo, toolTimeoutMs: { hang: 50 } });
      const result = await agent.run('try');
      expect(result.text).toBe('Some tools failed.');
      const responses = bodies(fake)[1]!.contents[2].parts.map((part: any) => part.functionResponse);
      expect(responses.map((response: any) => response.id)).toEqual(['1', '2', '3', '4']);
      expect(responses[0].response.error).toMatchObject({ name: 'RangeError', message: 'the tool blew up' });
      expect(responses[1].response.error.name).toBe('UnknownTool');
      expect(responses[2].response.error.name).toBe('TimeoutError');
      expect(responses[3].response).toEqual({ output: { value: 'fine' } });
      expect(result.steps[0]!.calls.map((call) => call.ok)).toEqual([false, false, false, true]);
    },
  );

  it('stops running a tool that keeps failing, and says so to the model', async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCall('explode'), reply.functionCall('explode'), reply.functionCall('explode'), 'Gave up.'],
    });
    const agent = new Agent({ client, model: 'm', tools: echo, maxToolErrors: 2 });
    const result = await agent.run('try');
    expect(result.steps.slice(0, 3).map((step) => step.calls[0]!.outcome)).toEqual(['ran', 'ran', 'skipped']);
    expect(bodies(fake)[3]!.contents.at(-1).parts[0].functionResponse.response.error.name).toBe('ToolDisabled');
  });
});

describe('hooks', () => {
  it('beforeToolCall approves, denies or edits; afterToolCall can replace the response', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCalls([
          { name: 'echo', args: { value: 'keep' }, id: 'k' },
          { name: 'echo', args: { value: 'secret' }, id: 's' },
          { name: 'echo', args: { value: 'edit me' }, id: 'e' },
        ]),
        'ok',
      ],
    });
    const agent = new Agent({
      client,
      model: 'm',
      tools: echo,
      beforeToolCall: (call) => {
        const { value } = call.args as { value: string };
        if (value === 'secret') return { deny: 'secrets are off limits' };
        if (value === 'edit me') return { args: { value: 'edited' } };
        return undefined;
      },
      afterToolCall: (call, result) =>
        call.id === 'k' ? { response: { output: { redacted: true, ok: result.ok } } } : undefined,
    });
    const result = await agent.run('go');
    const responses = bodies(fake)[1]!.contents[2].parts.map((part: any) => part.functionResponse.response);
    expect(responses[0]).toEqual({ output: { redacted: true, ok: true } });
    expect(responses[1].error).toMatchObject({ name: 'CallDenied' });
    expect(responses[1].error.message).toContain('secrets are off limits');
    expect(responses[2]).toEqual({ output: { value: 'edited' } });
    expect(result.steps[0]!.calls.map((call) => call.outcome)).toEqual(['ran', 'denied', 'ran']);
    expect(result.steps[0]!.calls[2]!.editedArgs).toEqual({ value: 'edited' });
  });
});

describe('hooks that throw', () => {
  it('a throwing beforeToolCall stops the run with AgentHookError; a throwing onEvent does not', async () => {
    const { client } = await fakeGemini({
      script: [reply.functionCall('echo', { value: 'x' }), 'ok', reply.functionCall('echo', { value: 'y' })],
    });
    const lines: string[] = [];
    const calm = new Agent({
      client,
      model: 'm',
      tools: echo,
      debug: (line) => lines.push(line),
      onEvent: () => {
        throw new Error('listener bug');
      },
    });
    expect((await calm.run('go')).text).toBe('ok');
    expect(lines.some((line) => line.includes('onEvent listener threw: Error: listener bug'))).toBe(true);

    const strict = new Agent({
      client,
      model: 'm',
      tools: echo,
      beforeToolCall: () => {
        throw new Error('policy service down');
      },
    });
    const error = await strict.run('go').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AgentHookError);
    expect((error as AgentHookError).hook).toBe('beforeToolCall');
    expect((error as AgentHookError).message).toContain('policy service down');
    // The turn whose calls could not all be answered is not in the history: it ends on a complete turn.
    expect((error as AgentHookError).history).toHaveLength(1);
  });
});

describe('broken calls', () => {
  it('retries MALFORMED_FUNCTION_CALL once with feedback', async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.malformedFunctionCall(), reply.functionCall('echo', { value: 'ok' }), 'Fixed.'],
    });
    const agent = new Agent({ client, model: 'm', tools: echo });
    const result = await agent.run('go');
    expect(result.text).toBe('Fixed.');
    expect(result.stopReason).toBe('stop');
    const retry = bodies(fake)[1]!;
    expect(retry.contents).toHaveLength(2);
    expect(retry.contents[1].parts[0].text).toMatch(/could not be parsed/);
    expect(result.steps[0]!.finishReason).toBe('MALFORMED_FUNCTION_CALL');
  });

  it('reports a second broken call in a row', async () => {
    const { client } = await fakeGemini({
      script: [reply.finish('UNEXPECTED_TOOL_CALL'), reply.finish('UNEXPECTED_TOOL_CALL')],
    });
    const result = await new Agent({ client, model: 'm', tools: echo }).run('go');
    expect(result.stopReason).toBe('unexpected_tool_call');
    expect(result.text).toBe('');
  });
});

describe('empty answers after tool results', () => {
  it('asks once more with the same request, then goes on', async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCall('echo', { value: 'ok' }), reply.content([]), reply.text(''), 'Answered.'],
    });
    const result = await new Agent({ client, model: 'm', tools: echo }).run('go');
    expect(result.text).toBe('');
    expect(result.stopReason).toBe('empty_response');
    expect(bodies(fake)).toHaveLength(3);
    // The empty reply left no trace: the retry is the same request.
    expect(bodies(fake)[2]!.contents).toEqual(bodies(fake)[1]!.contents);
    expect(fake.pending).toBe(1);
  });

  it('takes the answer of the second request', async () => {
    for (const streaming of [false, true]) {
      const { fake, client } = await fakeGemini({
        script: [reply.functionCall('echo', { value: 'ok' }), reply.content([]), 'Answered.'],
      });
      const agent = new Agent({ client, model: 'm', tools: echo });
      let text = '';
      if (streaming) {
        for await (const event of agent.stream('go')) {
          if (event.type === 'text') text += event.text;
          if (event.type === 'done') expect(event.result.stopReason).toBe('stop');
        }
      } else {
        const result = await agent.run('go');
        text = result.text;
        expect(result.stopReason).toBe('stop');
        expect(result.history.at(-1)).toEqual({ role: 'model', parts: [{ text: 'Answered.' }] });
      }
      expect(text).toBe('Answered.');
      expect(bodies(fake)).toHaveLength(3);
    }
  });

  it('treats an empty first answer the same way: it is no answer', async () => {
    const { fake, client } = await fakeGemini({ script: [reply.content([]), reply.content([])] });
    const result = await new Agent({ client, model: 'm', tools: echo }).run('go');
    expect(result.stopReason).toBe('empty_response');
    expect(result.history).toEqual([{ role: 'user', parts: [{ text: 'go' }] }]);
    expect(bodies(fake)).toHaveLength(2);
  });
});

describe('retries', () => {
  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    const { fake, client } = await fakeGemini({ script: [reply.rateLimited(1), 'Made it.'] });
    const events: AgentEvent[] = [];
    const agent = new Agent({ client, model: 'm', onEvent: (event) => events.push(event) });
    const result = await agent.run('hi');
    expect(result.text).toBe('Made it.');
    expect(events.find((event) => event.type === 'retry')).toMatchObject({ attempt: 1, status: 429, delayMs: 1000 });
    expect(result.steps[0]!.retries).toBe(1);
    expect(fake.requests.map((request) => request.status)).toEqual([429, 200]);
  });

  it('gives up with AgentApiError and the history when the errors outlive the retries', async () => {
    const { client } = await fakeGemini({ script: [reply.serverError(), reply.unavailable(), reply.serverError()] });
    const agent = new Agent({ client, model: 'm', retry: { retries: 2, initialDelayMs: 1 } });
    const error = await agent.run('hi').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AgentApiError);
    expect((error as AgentApiError).status).toBe(500);
    expect((error as AgentApiError).attempts).toBe(3);
    expect((error as AgentApiError).history).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
  });

  it("goes through the client's own fetch while reading Retry-After", async () => {
    const { fake } = await fakeGemini({ script: [reply.rateLimited(0), 'ok'] });
    const seen: string[] = [];
    const client = new GoogleGenAI({
      apiKey: 'test',
      apiVersion: 'v1beta',
      httpOptions: { baseUrl: fake.url, fetch: (input, init) => (seen.push(String(input)), fetch(input, init)) },
    });
    const result = await new Agent({ client, model: 'm' }).run('hi');
    expect(result.text).toBe('ok');
    expect(seen).toHaveLength(2);
    expect(result.steps[0]!.retries).toBe(1);
  });

  it('gives every request of a run that can be aborted a signal of its own, and a plain run none', async () => {
    // Fetch slows down on a signal that served earlier requests, and any signal costs it: none where nothing aborts.
    const { fake } = await fakeGemini({
      script: [reply.functionCall('echo', { value: 'a' }), reply.functionCall('echo', { value: 'b' }), 'done', 'plain'],
    });
    const signals: Array<AbortSignal | null | undefined> = [];
    const httpOptions = {
      baseUrl: fake.url,
      fetch: (input: Parameters<typeof fetch>[0], init?: RequestInit) => (
        signals.push(init?.signal), fetch(input, init)
      ),
    };
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions });
    const agent = new Agent({ client, model: 'm', tools: echo });
    const caller = new AbortController();
    expect((await agent.run('hi', { signal: caller.signal })).text).toBe('done');
    expect(signals).toHaveLength(3);
    expect(signals.every((signal) => signal instanceof AbortSignal && !signal.aborted)).toBe(true);
    expect(new Set(signals).size).toBe(3);
    expect((await agent.run('again')).text).toBe('plain');
    expect(signals[3]).toBeUndefined();
  });

  it('uses a client whose options it cannot see as it is (statuses from errors, signals in config)', async () => {
    const { fake } = await fakeGemini({ script: [reply.rateLimited(0), 'ok'] });
    const signals: Array<AbortSignal | null | undefined> = [];
    const httpOptions = {
      baseUrl: fake.url,
      fetch: (input: Parameters<typeof fetch>[0], init?: RequestInit) => (
        signals.push(init?.signal), fetch(input, init)
      ),
    };
    const sdk = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions });
    // Only the public `models`: the SDK's private options are out of reach, as a future SDK may keep them.
    const client = { models: sdk.models };
    const agent = new Agent({ client, model: 'm', retry: { initialDelayMs: 1 } });
    const result = await agent.run('hi', { signal: new AbortController().signal });
    expect(result.text).toBe('ok');
    expect(result.steps[0]!.retries).toBe(1);
    expect(signals).toHaveLength(2);
    expect(signals.every((signal) => signal instanceof AbortSignal)).toBe(true);
  });

  it('keeps the tool results of the turns before a request that fails for good', async () => {
    const { client } = await fakeGemini({
      script: [reply.functionCall('echo', { value: 'kept' }, { id: 'e' }), reply.unavailable(), reply.unavailable()],
    });
    const agent = new Agent({ client, model: 'm', tools: echo, retry: { retries: 1, initialDelayMs: 1 } });
    const error = (await agent.run('hi').catch((failure: unknown) => failure)) as AgentApiError;
    expect(error).toBeInstanceOf(AgentApiError);
    expect(error.status).toBe(503);
    expect(error.history.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(error.history[2]!.parts![0]!.functionResponse).toEqual({
      id: 'e',
      name: 'echo',
      response: { output: { value: 'kept' } },
    });
    expect(error.steps[0]!.calls[0]!.ok).toBe(true);
  });

  it('retries a request that got no answer (connection dropped), streamed or not', async () => {
    const { fake, client } = await fakeGemini({ script: [reply.disconnect(), 'first', reply.disconnect(), 'second'] });
    const events: AgentEvent[] = [];
    const agent = new Agent({
      client,
      model: 'm',
      retry: { initialDelayMs: 1 },
      onEvent: (event) => events.push(event),
    });
    expect((await agent.run('a')).text).toBe('first');
    const stream = agent.stream('b');
    for await (const event of stream) void event;
    expect((await stream.result).text).toBe('second');
    expect(events.filter((event) => event.type === 'retry').map((event) => 'status' in event && event.status)).toEqual([
      false,
      false,
    ]);
    expect(fake.requests).toHaveLength(4);
  });

  it('does not retry a 400', async () => {
    const { fake, client } = await fakeGemini({ script: [reply.error(400, { message: 'bad' })] });
    await expect(new Agent({ client, model: 'm' }).run('hi')).rejects.toMatchObject({ status: 400, attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('abort', () => {
  it('stops the run midway and reaches the running tool', async () => {
    const service = new SlowTools();
    const tools = toolbox(service);
    const { fake, client } = await fakeGemini({ script: [reply.functionCall('slow', {}, { id: 's' })] });
    const controller = new AbortController();
    const agent = new Agent({ client, model: 'm', tools });
    const running = agent.run('go', { signal: controller.signal });
    const toolSignal = await service.started;
    controller.abort();
    const error = await running.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(AgentAbortedError);
    expect(toolSignal.aborted).toBe(true);
    // The executed turn is kept, answered with the cancellation.
    const history = (error as AgentAbortedError).history;
    expect(history[2]!.parts![0]!.functionResponse).toMatchObject({
      id: 's',
      response: { error: { name: 'AbortError' } },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('aborts a model request in flight', async () => {
    const { client } = await fakeGemini({ script: [reply.delay(5_000, reply.text('late'))] });
    const controller = new AbortController();
    const running = new Agent({ client, model: 'm' }).run('go', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toBeInstanceOf(AgentAbortedError);
  });
});

describe('debug log', () => {
  it('writes to stderr when TOOLWRIGHT_DEBUG=1', async () => {
    const { client } = await fakeGemini({ script: ['hello'] });
    const written: string[] = [];
    const original = process.stderr.write;
    process.env.TOOLWRIGHT_DEBUG = '1';
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const agent = new Agent({ client, model: 'm' });
      await agent.run('hi');
    } finally {
      process.stderr.write = original;
      delete process.env.TOOLWRIGHT_DEBUG;
    }
    expect(written.some((line) => line.startsWith('[toolwright run_') && line.includes('request'))).toBe(true);
    expect(written.some((line) => line.includes('"text":"hello"'))).toBe(true);
  });

  it('shows each request, each raw reply and each parsed call', async () => {
    const { client } = await fakeGemini({ script: [reply.functionCall('echo', { value: 'v' }, { id: 'q' }), 'done'] });
    const lines: string[] = [];
    await new Agent({ client, model: 'm', tools: echo, debug: (line) => lines.push(line) }).run('go');
    expect(lines.filter((line) => line.includes('request')).length).toBe(2);
    expect(lines.filter((line) => line.includes(' reply: ')).length).toBe(2);
    expect(lines.some((line) => line.includes('call echo({"value":"v"}) callId=q'))).toBe(true);
  });
});
