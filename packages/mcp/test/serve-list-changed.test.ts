// When the Toolbox's tools change, a served client hears it (tools.listChanged): over a session's stream and in
// memory, once per burst of changes; stateless serving does not claim it; closed sessions stop listening.
import { defineTool, Toolbox } from '@toolwright/core';
import { createMcpServer, serveMcp, type HttpServe } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';

const named = (name: string) =>
  defineTool({
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: {} },
    handler: () => name,
  });

/** A Toolbox that counts the change listeners still subscribed. */
function countedToolbox() {
  const toolbox = new Toolbox([named('first')]);
  const listening = { count: 0 };
  const subscribe = toolbox.onToolsChanged.bind(toolbox);
  toolbox.onToolsChanged = (listener) => {
    listening.count++;
    const stop = subscribe(listener);
    return () => {
      listening.count--;
      stop();
    };
  };
  return { toolbox, listening };
}

async function listeningClient(connect: (client: Client) => Promise<void>) {
  const client = new Client({ name: 'watcher', version: '1.0.0' });
  const heard = { count: 0 };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    heard.count++;
  });
  await connect(client);
  return { client, heard };
}

let served: HttpServe | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('tools/list_changed', () => {
  it('with sessions: declared, sent on add and remove (once for a burst), and the list follows', async () => {
    const { toolbox, listening } = countedToolbox();
    served = await serveMcp(toolbox, { transport: 'http' });
    // The SDK client opens its GET stream after initialization; notifications outside a call travel on it.
    const streams = { open: 0 };
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'GET' && response.ok) streams.open++;
      return response;
    };
    const { client, heard } = await listeningClient((client) =>
      client.connect(new StreamableHTTPClientTransport(new URL(served!.url), { fetch: watching })),
    );
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    await expect.poll(() => streams.open).toBe(1);

    toolbox.add(named('second'));
    toolbox.add(named('third'));
    await expect.poll(() => heard.count).toBe(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['first', 'second', 'third']);
    toolbox.remove('second');
    await expect.poll(() => heard.count).toBe(2);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['first', 'third']);
    expect(toolbox.remove('absent')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.count).toBe(2);

    expect(listening.count).toBe(1);
    await client.close();
    await served.close();
    served = undefined;
    expect(listening.count).toBe(0);
  });

  it('in memory (createMcpServer), and a closed server stops listening', async () => {
    const { toolbox, listening } = countedToolbox();
    const server = createMcpServer(toolbox);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const { client, heard } = await listeningClient((client) => client.connect(clientSide));
    toolbox.add(named('second'));
    await expect.poll(() => heard.count).toBe(1);
    await client.close();
    expect(listening.count).toBe(0);
    toolbox.add(named('third'));
  });

  it('stateless serving does not declare it, and leaves no listener behind', async () => {
    const { toolbox, listening } = countedToolbox();
    served = await serveMcp(toolbox, { transport: 'http', sessions: false });
    const { client } = await listeningClient((client) =>
      client.connect(new StreamableHTTPClientTransport(new URL(served!.url))),
    );
    expect(client.getServerCapabilities()?.tools).toEqual({});
    await client.listTools();
    expect(listening.count).toBe(0);
    await client.close();
  });
});
