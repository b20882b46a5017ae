// Media is capped on both sides of the bridge. Served: a tool that answers with a 50 MB image sends the client a
// text block that says it was left out, never the image. Imported: a server's 8 MB image does not reach the model;
// the output says what was left out. The cap is `maxMediaSize` (base64 characters) on the Toolbox and on connectMcp.
import { defineTool, imageContent, Toolbox, toolContent } from '@toolwright/core';
import { connectMcp, serveMcp } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { EIGHT_MB, hostileClient } from './support/hostile-server.js';

const FIFTY_MB = 50 * 1024 * 1024;

function hostileToolbox(options = {}) {
  const flood = defineTool({
    name: 'flood',
    description: 'Answers with a 50 MB image, a small one, and 300,000 characters of text.',
    parameters: { type: 'object', properties: {} },
    handler: () =>
      toolContent([
        't'.repeat(300_000),
        imageContent('A'.repeat(FIFTY_MB), 'image/png'),
        imageContent('AAAA', 'image/gif'),
      ]),
  });
  return new Toolbox([flood], options);
}

async function servedCall(toolbox: Toolbox): Promise<{ result: CallToolResult; bytes: number }> {
  const served = await serveMcp(toolbox, { transport: 'http', port: 0 });
  let bytes = 0;
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    bytes += body.byteLength;
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const client = new Client({ name: 'test', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url), { fetch: counting }));
    const result = (await client.callTool({ name: 'flood', arguments: {} })) as CallToolResult;
    return { result, bytes };
  } finally {
    await client.close();
    await served.close();
  }
}

describe('media caps', () => {
  it('served: the 50 MB image is a text block that says so; the small one and the cut text are sent', async () => {
    const { result, bytes } = await servedCall(hostileToolbox());
    expect(bytes).toBeLessThan(500_000);
    expect(result.content).toEqual([
      { type: 'text', text: 't'.repeat(100_000) },
      {
        type: 'text',
        text: expect.stringMatching(
          /^\[image\/png, 52,428,800 characters of base64, left out: .*capped at 5,000,000 \(maxMediaSize\)\]$/,
        ),
      },
      { type: 'image', data: 'AAAA', mimeType: 'image/gif' },
      { type: 'text', text: '[truncated: the text of one answer is capped at 100,000 characters (maxResultSize)]' },
    ]);
  });

  it('served with maxMediaSize: 0, no media at all is sent', async () => {
    const { result } = await servedCall(hostileToolbox({ maxMediaSize: 0 }));
    expect(result.content.filter((block) => block.type === 'image')).toEqual([]);
    expect(result.content.filter((block) => block.type === 'text')).toHaveLength(4);
  });

  it('a bad maxMediaSize is refused when the Toolbox is made', () => {
    expect(() => hostileToolbox({ maxMediaSize: -1 })).toThrow(
      /maxMediaSize must be a number of characters of at least 0/,
    );
  });

  it('imported: a server 8 MB image and blob stay out of the model context, the small audio comes through', async () => {
    const { client } = await hostileClient();
    const remote = await connectMcp(client);
    const answer = (await remote.call({ id: 'c1', name: 'flood_media', args: {} })).functionResponse;
    expect(answer.parts).toEqual([{ inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } }]);
    expect(answer.response).toEqual({
      output: [
        'the pictures',
        `[image/png, ${EIGHT_MB.toLocaleString('en-US')} characters of base64, left out: the media of one answer is capped at 5,000,000 (maxMediaSize)]`,
        `[image/jpeg, ${EIGHT_MB.toLocaleString('en-US')} characters of base64, left out: the media of one answer is capped at 5,000,000 (maxMediaSize)]`,
      ].join('\n'),
      truncated: true,
    });
    expect(JSON.stringify(answer).length).toBeLessThan(2_000);

    const failing = (await remote.call({ name: 'flood_media', args: { fail: true } })).functionResponse;
    expect(failing.response).toMatchObject({ error: { message: expect.stringContaining('left out') } });
    expect(JSON.stringify(failing).length).toBeLessThan(2_000);
    await client.close();

    const strict = await hostileClient();
    const none = await connectMcp(strict.client, { maxMediaSize: 1 });
    const stripped = (await none.call({ name: 'flood_media', args: {} })).functionResponse;
    expect(stripped.parts).toBeUndefined();
    expect(stripped.response).toMatchObject({ truncated: true });
    await strict.client.close();
  });
});
