// Restate steps appear under their run: an Agent with telemetry, served as a Restate virtual object on a real
// Restate server (from npm), runs every model request and tool call as a journaled step inside the SDK's handler;
// the chat and execute_tool spans still hang under the run's invoke_agent span.
import type { Http2Server } from 'node:http2';
import { GoogleGenAI } from '@google/genai';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import * as restate from '@restatedev/restate-sdk';
import { defineTool, Toolbox } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { agentObject } from '@toolwright/restate';
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEndpoint, startRestateServer, type RestateServer } from './support/restate-server.js';
import { budget } from './support/time-budget.js';

const exporter = new InMemorySpanExporter();
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test');
let server: RestateServer;
let fake: FakeGemini;
let endpoint: Http2Server;

beforeAll(async () => {
  [server, fake] = await Promise.all([
    startRestateServer(),
    startFakeGemini({
      handler: (request) =>
        request.functionResponses.length
          ? reply.text('Both reserved.')
          : reply.functionCalls([
              { name: 'reserve', args: { item: 'a' }, id: 'r-a' },
              { name: 'reserve', args: { item: 'b' }, id: 'r-b' },
            ]),
    }),
  ]);
  const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  const reserve = defineTool({
    name: 'reserve',
    description: 'Reserves an item.',
    parameters: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] },
    handler: async ({ item }: { item: string }) => ({ reserved: item }),
  });
  const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: new Toolbox([reserve]), telemetry: { tracer } });
  endpoint = await serveEndpoint(
    server,
    restate
      .endpoint()
      .bind(agentObject({ name: 'Shop', agent }))
      .http2Handler(),
  );
}, budget(60_000));

afterAll(async () => {
  await server?.close();
  endpoint?.close();
  await fake?.close();
});

describe('telemetry on a Restate agent object', () => {
  it('puts each journaled step under its run: chat and execute_tool spans are children of invoke_agent', async () => {
    const response = await fetch(`${server.ingress}/Shop/order-1/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'Reserve a and b' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { text: string }).text).toBe('Both reserved.');
    const spans = exporter.getFinishedSpans();
    const runs = spans.filter((span) => span.name === 'invoke_agent');
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    const children = spans.filter((span) => span !== run);
    expect(children.map((span) => span.name).sort()).toEqual([
      'chat gemini-2.5-flash',
      'chat gemini-2.5-flash',
      'execute_tool reserve',
      'execute_tool reserve',
    ]);
    for (const span of children) {
      expect(span.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(run.spanContext().traceId);
    }
    expect(
      children
        .filter((span) => span.name.startsWith('execute'))
        .map((span) => span.attributes['gen_ai.tool.call.id'])
        .sort(),
    ).toEqual(['r-a', 'r-b']);
  });
});
