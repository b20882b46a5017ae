// OpenTelemetry: the Agent's spans as the OpenTelemetry SDK records them (in-memory exporter), with the real
// @google/genai client against FakeGemini. Parents are checked by span id, under streaming and parallel calls.
import { context, propagation, trace, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { defineTool, Toolbox } from '@toolwright/core';
import { reply } from '@toolwright/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, AgentApiError, type StepRunner } from '../src/index.js';
import { fakeGemini } from './support/fake.js';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => exporter.reset());

const spans = () => exporter.getFinishedSpans();
const named = (prefix: string) => spans().filter((span) => span.name.startsWith(prefix));
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

/** A tool that starts a span of its own (with the global tracer, in the active context) and waits a little. */
function weatherTools(seen: Array<{ city: string; parent: string | undefined }>) {
  const tracer = trace.getTracer('tools');
  return new Toolbox([
    defineTool({
      name: 'getWeather',
      description: 'Weather of a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: async ({ city }: { city: string }) => {
        const own = tracer.startSpan(`lookup ${city}`);
        seen.push({ city, parent: own.spanContext().spanId });
        // Finish in reverse order of start: parents must not depend on timing.
        await new Promise((resolve) => setTimeout(resolve, city === 'Oslo' ? 30 : 5));
        own.end();
        return { city, sky: 'clear' };
      },
    }),
    defineTool({
      name: 'explode',
      description: 'Always fails.',
      parameters: { type: 'object', properties: {} },
      handler: () => {
        throw new Error('the weather station is on fire');
      },
    }),
  ]);
}

const threeCities = () =>
  reply.functionCalls([
    { name: 'getWeather', args: { city: 'Oslo' }, id: 'c1' },
    { name: 'getWeather', args: { city: 'Rome' }, id: 'c2' },
    { name: 'getWeather', args: { city: 'Lima' }, id: 'c3' },
  ]);

describe('telemetry', () => {
  it('records nothing when it is off, with a tracer provider registered', async () => {
    const { client } = await fakeGemini({ script: [threeCities(), reply.text('Clear everywhere.')] });
    const result = await new Agent({ client, model: 'gemini-2.5-flash', tools: weatherTools([]) }).run('Weather?');
    expect(result.text).toBe('Clear everywhere.');
    // Only the tools' own spans: the Agent made none.
    expect(
      spans()
        .map((span) => span.name)
        .sort(),
    ).toEqual(['lookup Lima', 'lookup Oslo', 'lookup Rome']);
  });

  it('gives a run invoke_agent, each request chat and each call execute_tool, parented under streaming and parallel calls', async () => {
    const { client } = await fakeGemini({ script: [threeCities(), reply.text('Clear everywhere.')] });
    const seen: Array<{ city: string; parent: string | undefined }> = [];
    const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: weatherTools(seen), telemetry: true });
    const outer = trace.getTracer('app').startSpan('http request');
    await context.with(trace.setSpan(context.active(), outer), async () => {
      for await (const _event of agent.stream('Weather in Oslo, Rome and Lima?'));
    });
    outer.end();

    const [run] = named('invoke_agent');
    expect(run).toBeDefined();
    expect(parentOf(run!)).toBe(outer.spanContext().spanId);
    expect(run!.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'gcp.gemini',
      'gen_ai.request.model': 'gemini-2.5-flash',
      'toolwright.stop_reason': 'stop',
    });

    const chats = named('chat ');
    expect(chats.map((span) => span.name)).toEqual(['chat gemini-2.5-flash', 'chat gemini-2.5-flash']);
    for (const chat of chats) {
      expect(parentOf(chat)).toBe(idOf(run!));
      expect(chat.kind).toBe(2); // CLIENT
      expect(chat.attributes['gen_ai.operation.name']).toBe('chat');
      expect(chat.attributes['gen_ai.response.finish_reasons']).toEqual(['STOP']);
      expect(chat.attributes['gen_ai.usage.input_tokens']).toEqual(expect.any(Number));
      expect(chat.attributes['gen_ai.usage.output_tokens']).toEqual(expect.any(Number));
      expect(chat.attributes['gen_ai.response.id']).toEqual(expect.any(String));
    }
    const usage = chats.reduce((sum, chat) => sum + Number(chat.attributes['gen_ai.usage.input_tokens']), 0);
    expect(run!.attributes['gen_ai.usage.input_tokens']).toBe(usage);

    const tools = named('execute_tool');
    expect(tools.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual(['c1', 'c2', 'c3']);
    for (const tool of tools) {
      expect(parentOf(tool)).toBe(idOf(run!));
      expect(tool.attributes).toMatchObject({
        'gen_ai.tool.name': 'getWeather',
        'gen_ai.operation.name': 'execute_tool',
      });
      expect(tool.status.code).not.toBe(SpanStatusCode.ERROR);
    }
    // Each tool's own span is a child of its own call's span, though the three ran at once.
    for (const city of ['Oslo', 'Rome', 'Lima']) {
      const own = named(`lookup ${city}`)[0]!;
      const call = tools.find(
        (tool) => tool.attributes['gen_ai.tool.call.id'] === `c${['Oslo', 'Rome', 'Lima'].indexOf(city) + 1}`,
      )!;
      expect(parentOf(own)).toBe(idOf(call));
    }
    // Everything is one trace.
    expect(new Set(spans().map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it('sets the error status on a failing tool, and records no inputs or outputs unless asked', async () => {
    const { client } = await fakeGemini({
      script: [reply.functionCall('explode', {}, { id: 'x1' }), reply.text('It failed.')],
    });
    await new Agent({ client, model: 'm', tools: weatherTools([]), telemetry: true }).run('secret question');
    const [tool] = named('execute_tool');
    expect(tool!.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool!.status.message).toContain('the weather station is on fire');
    expect(tool!.attributes['error.type']).toEqual(expect.any(String));
    const recorded = JSON.stringify(spans().map((span) => span.attributes));
    expect(recorded).not.toContain('secret question');
    expect(recorded).not.toContain('It failed.');
    expect(recorded).not.toContain('on fire"'); // the result is not an attribute
  });

  it('records inputs and outputs when asked (a run option over the Agent option)', async () => {
    const { client } = await fakeGemini({
      script: [reply.functionCall('getWeather', { city: 'Oslo' }, { id: 'w1' }), reply.text('Oslo is clear.')],
    });
    const agent = new Agent({ client, model: 'm', tools: weatherTools([]), telemetry: { recordInputs: true } });
    await agent.run('Weather in Oslo?', { telemetry: { recordOutputs: true } });
    const [first] = named('chat ');
    expect(JSON.parse(String(first!.attributes['gen_ai.input.messages']))).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Oslo?' }] },
    ]);
    expect(JSON.parse(String(first!.attributes['gen_ai.output.messages']))).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'w1', name: 'getWeather', arguments: { city: 'Oslo' } }],
        finish_reason: 'STOP',
      },
    ]);
    const [tool] = named('execute_tool');
    expect(JSON.parse(String(tool!.attributes['gen_ai.tool.call.arguments']))).toEqual({ city: 'Oslo' });
    expect(JSON.parse(String(tool!.attributes['gen_ai.tool.call.result']))).toEqual({
      output: { city: 'Oslo', sky: 'clear' },
    });
    // A run option false turns it off.
    exporter.reset();
    const { client: again } = await fakeGemini({ script: [reply.text('Hi.')] });
    await new Agent({ client: again, model: 'm', telemetry: true }).run('Hi', { telemetry: false });
    expect(spans()).toEqual([]);
  });

  it('puts retries as events on one chat span, and a failed run sets the error status', async () => {
    const { client } = await fakeGemini({ script: [reply.unavailable(), reply.text('Back.')] });
    const agent = new Agent({ client, model: 'm', telemetry: true, retry: { retries: 1, initialDelayMs: 1 } });
    await agent.run('Hi');
    const [chat] = named('chat ');
    expect(named('chat ')).toHaveLength(1);
    expect(chat!.events.map((event) => event.name)).toEqual(['gen_ai.request.retry']);
    expect(chat!.events[0]!.attributes).toMatchObject({
      'http.response.status_code': 503,
      'toolwright.retry.attempt': 1,
    });
    expect(chat!.attributes['toolwright.retries']).toBe(1);

    exporter.reset();
    const { client: down } = await fakeGemini({ script: [reply.unavailable(), reply.unavailable()] });
    const failing = new Agent({ client: down, model: 'm', telemetry: true, retry: { retries: 1, initialDelayMs: 1 } });
    await expect(failing.run('Hi')).rejects.toBeInstanceOf(AgentApiError);
    const [failedChat] = named('chat ');
    const [failedRun] = named('invoke_agent');
    expect(failedChat!.status.code).toBe(SpanStatusCode.ERROR);
    expect(failedChat!.attributes['error.type']).toBe('503');
    expect(failedRun!.status.code).toBe(SpanStatusCode.ERROR);
    expect(parentOf(failedChat!)).toBe(idOf(failedRun!));
  });

  it('takes a given tracer, and keeps spans under their run with a step runner (a replayed step is marked)', async () => {
    const own = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(own)] }).getTracer('mine');
    const journal = new Map<string, string>();
    // A journaling runner whose steps run outside the caller's async context (as an engine's would).
    const step: StepRunner = async (name, fn) => {
      const stored = journal.get(name);
      if (stored !== undefined) return JSON.parse(stored);
      const value = await context.with(context.active().deleteValue(Symbol.for('OpenTelemetry Context Key SPAN')), fn);
      journal.set(name, JSON.stringify(value));
      return value;
    };
    const { fake, client } = await fakeGemini({ script: [threeCities(), reply.text('Clear.')] });
    const agent = new Agent({ client, model: 'm', tools: weatherTools([]), telemetry: { tracer }, step });
    await agent.run('Weather?', { runId: 'r1' });
    expect(spans().filter((span) => span.name.startsWith('chat') || span.name.startsWith('invoke'))).toEqual([]);
    const mine = own.getFinishedSpans();
    const run = mine.find((span) => span.name === 'invoke_agent')!;
    const children = mine.filter((span) => span !== run);
    expect(children.map((span) => span.name).sort()).toEqual([
      'chat m',
      'chat m',
      'execute_tool getWeather',
      'execute_tool getWeather',
      'execute_tool getWeather',
    ]);
    for (const span of children) expect(parentOf(span)).toBe(idOf(run));

    for (const span of children) expect(span.attributes['toolwright.replayed']).toBeUndefined();

    // The same run replayed from its journal: the model is not asked and no tool runs again, yet the trace shows
    // every turn, each span marked as replayed; a replayed chat span counts no tokens (they were spent before).
    own.reset();
    const requests = fake.requests.length;
    await agent.run('Weather?', { runId: 'r1' });
    expect(fake.requests.length).toBe(requests);
    const replayed = own.getFinishedSpans();
    const again = replayed.find((span) => span.name === 'invoke_agent')!;
    const turns = replayed.filter((span) => span !== again);
    expect(turns.map((span) => span.name).sort()).toEqual(children.map((span) => span.name).sort());
    for (const span of turns) {
      expect(span.attributes['toolwright.replayed']).toBe(true);
      expect(parentOf(span)).toBe(idOf(again));
    }
    const chats = turns.filter((span) => span.name.startsWith('chat'));
    expect(chats.map((span) => span.attributes['gen_ai.usage.input_tokens'])).toEqual([undefined, undefined]);
    expect(chats.map((span) => span.attributes['gen_ai.response.finish_reasons'])).toEqual([['STOP'], ['STOP']]);
    expect(again.attributes['gen_ai.usage.input_tokens']).toBe(run.attributes['gen_ai.usage.input_tokens']);
  });

  it("gives a step done apart (agent.runStep in a worker) its span under the worker's own", async () => {
    const tracer = trace.getTracer('worker');
    const { client } = await fakeGemini({ script: [threeCities(), reply.text('Clear.')] });
    const workflow = new Agent({ client, model: 'm', tools: weatherTools([]) });
    const worker = new Agent({ client, model: 'm', tools: weatherTools([]), telemetry: true });
    const activities = new Map<string, string>();
    // Each step runs in the worker under an activity span of its own, as Temporal's instrumentation makes one.
    const step: StepRunner = (name, _fn, detail) =>
      tracer.startActiveSpan(`activity ${name}`, async (activity) => {
        activities.set(name, activity.spanContext().spanId);
        try {
          return (await worker.runStep(JSON.parse(JSON.stringify(detail)))) as never;
        } finally {
          activity.end();
        }
      });
    expect((await workflow.run('Weather?', { step })).text).toBe('Clear.');
    expect(named('invoke_agent')).toEqual([]);
    const chats = named('chat');
    const tools = named('execute_tool');
    expect(chats).toHaveLength(2);
    expect(tools).toHaveLength(3);
    expect(chats.map(parentOf)).toEqual([activities.get('model 1'), activities.get('model 2')]);
    expect(tools.map(parentOf).sort()).toEqual(
      ['tool 1.0 getWeather', 'tool 1.1 getWeather', 'tool 1.2 getWeather'].map((name) => activities.get(name)).sort(),
    );
    expect(tools.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual(['c1', 'c2', 'c3']);
    expect(chats[0]!.attributes['gen_ai.usage.input_tokens']).toBeTypeOf('number');
  });

  it('ends a failing step done apart with the error status', async () => {
    const { client } = await fakeGemini({
      script: [reply.functionCall('explode', {}, { id: 'x1' }), reply.text('Sorry.')],
    });
    const workflow = new Agent({ client, model: 'm', tools: weatherTools([]) });
    const worker = new Agent({ client, model: 'm', tools: weatherTools([]), telemetry: true });
    const step: StepRunner = async (_name, _fn, detail) =>
      (await worker.runStep(JSON.parse(JSON.stringify(detail)))) as never;
    await workflow.run('Boom?', { step });
    const [tool] = named('execute_tool explode');
    expect(tool!.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool!.attributes['toolwright.tool.outcome']).toBe('ran');
  });

  it('fails early on a tracer that is none, with a clear message', () => {
    expect(
      () => new Agent({ client: { models: {} } as never, model: 'm', telemetry: { tracer: {} as never } }),
    ).toThrow(/telemetry.tracer must be an OpenTelemetry Tracer/);
  });
});
