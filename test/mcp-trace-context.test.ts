// An imported MCP server's tool call continues the Agent's trace: the request carries the W3C traceparent of the
// call's execute_tool span in `_meta`, as MCP lets a request carry it. The server is the official MCP SDK's, over
// Streamable HTTP; the client side is connectMcp; the model is FakeGemini behind the real @google/genai client.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleGenAI } from '@google/genai';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Agent } from '@toolwright/genai';
import { connectMcp } from '@toolwright/mcp';
import { reply, startFakeGemini } from '@toolwright/testing';
import { afterEach, describe, expect, it } from 'vitest';

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A stateless MCP server with one tool, `stamp`, that records the `_meta` of each call it gets. */
async function stampServer(): Promise<{ url: string; metas: unknown[] }> {
  const metas: unknown[] = [];
  const http: HttpServer = createServer(async (request, response) => {
    const server = new Server({ name: 'stamps', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: 'stamp', description: 'Stamps a letter.', inputSchema: { type: 'object', properties: {} } }],
    }));
    server.setRequestHandler(CallToolRequestSchema, (call) => {
      metas.push(call.params._meta);
      return { content: [{ type: 'text', text: 'stamped' }] };
    });
    // Stateless: no session ids (the option is left out, as exactOptionalPropertyTypes wants).
    const transport = new StreamableHTTPServerTransport({});
    response.on('close', () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => http.close(resolve)));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, metas };
}

describe('trace context to an imported MCP server', () => {
  it("sends the execute_tool span's traceparent in the call's _meta, and nothing without telemetry", async () => {
    const { url, metas } = await stampServer();
    const remote = await connectMcp({ url });
    closing.push(() => remote.close());
    const fake = await startFakeGemini({
      script: [
        reply.functionCall('stamp', {}, { id: 's1' }),
        reply.text('Stamped.'),
        reply.functionCall('stamp', {}, { id: 's2' }),
        reply.text('Stamped again.'),
      ],
    });
    closing.push(() => fake.close());
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('t');

    const agent = new Agent({ client, model: 'm', tools: remote, telemetry: { tracer } });
    expect((await agent.run('Stamp it')).text).toBe('Stamped.');
    const tool = exporter.getFinishedSpans().find((span) => span.name === 'execute_tool stamp')!;
    const { traceId, spanId } = tool.spanContext();
    expect(metas[0]).toMatchObject({ traceparent: `00-${traceId}-${spanId}-01` });

    await agent.run('Stamp it', { telemetry: false });
    expect((metas[1] as Record<string, unknown> | undefined)?.traceparent).toBeUndefined();
  });
});
