// A tool's ToolContext.log reaches the MCP client as notifications/message, filtered at the level the client set,
// with sessions and stateless (on the call's own stream), and cut to a bounded size.
import { defineTool, Toolbox, type ToolLogLevel } from '@toolwright/core';
import { serveMcp, type HttpServe } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

const levels: ToolLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const everyLevel = defineTool({
  name: 'every_level',
  description: 'Logs one message at every level, then a large one.',
  parameters: { type: 'object', properties: {} },
  handler: (_args, context) => {
    for (const level of levels) context.log(level, `at ${level}`, 'levels');
    context.log('emergency', { big: 'x'.repeat(1_000_000) }, 'y'.repeat(10_000));
    return 'logged';
  },
});

let served: HttpServe | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function connect(url: string) {
  const client = new Client({ name: 'logs', version: '1.0.0' });
  const messages: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    messages.push(notification.params);
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, messages };
}

describe.each([
  ['with sessions', true],
  ['stateless', false],
])('logging %s', (_, sessions) => {
  it('declares logging; without a level set every message goes out, each bounded in size', async () => {
    served = await serveMcp(new Toolbox([everyLevel]), { transport: 'http', sessions });
    const { client, messages } = await connect(served.url);
    expect(client.getServerCapabilities()?.logging).toEqual({});
    expect((await client.callTool({ name: 'every_level', arguments: {} })).content).toEqual([
      { type: 'text', text: 'logged' },
    ]);
    await expect.poll(() => messages.length).toBe(levels.length + 1);
    expect(messages.slice(0, levels.length)).toEqual(
      levels.map((level) => ({ level, data: `at ${level}`, logger: 'levels' })),
    );
    const big = messages[levels.length]!;
    expect(JSON.stringify(big.data).length).toBeLessThan(20_000);
    expect(big.logger!.length).toBe(128);
    await client.close();
  });
});

it('with sessions, only messages at or above the level the client set', async () => {
  served = await serveMcp(new Toolbox([everyLevel]), { transport: 'http' });
  const { client, messages } = await connect(served.url);
  await client.setLoggingLevel('error');
  await client.callTool({ name: 'every_level', arguments: {} });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(messages.map((message) => message.level)).toEqual(['error', 'critical', 'alert', 'emergency', 'emergency']);
  await client.close();
});
