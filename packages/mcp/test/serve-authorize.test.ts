// `authorize` fails closed: only `true` or a well-formed auth object lets a request in. Hooks that answer what a Map
// lookup, `?? null` or a forgotten `return` answer are refused, with sessions and stateless, before any tool runs.
import { defineTool, Toolbox } from '@toolwright/core';
import { serveMcp, type AuthorizeResult, type HttpServe } from '@toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { initializeRequest, post } from './support/raw-mcp.js';

const object = { type: 'object', properties: {}, additionalProperties: false } as const;

function secretToolbox() {
  const calls = { count: 0 };
  const secret = defineTool({
    name: 'secret',
    description: 'Reveals the secret.',
    parameters: object,
    handler: () => {
      calls.count++;
      return 'the secret';
    },
  });
  return { toolbox: new Toolbox([secret]), calls };
}

type Hook = (request: IncomingMessage) => AuthorizeResult | Promise<AuthorizeResult>;
/** Each refuses a caller without the token, the way a buggy hook would: none of them says `false`. */
const hostileHooks: Record<string, Hook> = {
  'undefined (a Map lookup)': () => undefined as never,
  'null (?? null)': () => null as never,
  'a Promise of undefined (an async hook that forgets to return)': async () => undefined as never,
  'a string': () => 'yes' as never,
  'the number 1': () => 1 as never,
  'an empty object': () => ({}) as never,
  'an object without clientId': () => ({ token: 't', scopes: [] }) as never,
  'an object whose scopes is not an array': () => ({ token: 't', clientId: 'c', scopes: 'all' }) as never,
  'an array': () => [] as never,
  'a throw (a JWT check on a bad token)': () => {
    throw new Error('jwt malformed: internal detail');
  },
  'a rejected Promise': () => Promise.reject(new Error('auth backend down')),
};

let served: HttpServe | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe.each([
  ['with sessions', true],
  ['stateless', false],
])('authorize %s', (_, sessions) => {
  it.each(Object.entries(hostileHooks))('refuses a hook answering %s: 401, and no tool runs', async (_name, hook) => {
    const { toolbox, calls } = secretToolbox();
    served = await serveMcp(toolbox, { transport: 'http', sessions, authorize: hook });
    const initialize = await post(served.url, initializeRequest());
    expect(initialize.status).toBe(401);
    expect(initialize.text).not.toMatch(/internal detail|backend/);
    const call = await post(served.url, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'secret', arguments: {} },
    });
    expect(call.status).toBe(401);
    expect(call.text).not.toContain('the secret');

    const client = new Client({ name: 'test', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(served.url)))).rejects.toThrow(
      /401|Unauthorized/,
    );
    expect(calls.count).toBe(0);
    expect(served.sessionCount).toBe(0);
  });

  it('lets in `true` and a well-formed auth object, and only for the right token', async () => {
    const { toolbox, calls } = secretToolbox();
    const tokens = new Map<string, AuthorizeResult>([
      ['Bearer a', true],
      ['Bearer b', { token: 'b', clientId: 'bob', scopes: [] }],
    ]);
    // The hook of the issue: a Map lookup that answers undefined for every other token.
    served = await serveMcp(toolbox, {
      transport: 'http',
      sessions,
      authorize: (request) => tokens.get(request.headers.authorization ?? '') as AuthorizeResult,
    });
    for (const authorization of ['Bearer a', 'Bearer b']) {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(served.url), { requestInit: { headers: { authorization } } }),
      );
      expect((await client.callTool({ name: 'secret', arguments: {} })).content).toEqual([
        { type: 'text', text: 'the secret' },
      ]);
      await client.close();
    }
    const wrong = new Client({ name: 'test', version: '1.0.0' });
    await expect(
      wrong.connect(
        new StreamableHTTPClientTransport(new URL(served.url), {
          requestInit: { headers: { authorization: 'Bearer wrong' } },
        }),
      ),
    ).rejects.toThrow(/401|Unauthorized/);
    expect(calls.count).toBe(2);
  });
});
