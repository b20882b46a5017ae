// A URL target with the MCP SDK's OAuthClientProvider: the provider's access token goes on every request, and a
// server that refuses the client (401) fails connectMcp with the SDK's UnauthorizedError, not a fall back to SSE.
// The code flow itself (discovery, registration, authorizationCode) is client-auth-conformance.test.ts's.
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { defineTool, Toolbox } from '@toolwright/core';
import { connectMcp, serveMcp } from '@toolwright/mcp';
import { describe, expect, it } from 'vitest';

function provider(accessToken: string | undefined): OAuthClientProvider & { redirected: number } {
  return {
    redirected: 0,
    redirectUrl: 'http://127.0.0.1/callback',
    clientMetadata: { redirect_uris: ['http://127.0.0.1/callback'], client_name: 'test' },
    clientInformation: () => ({ client_id: 'test-client' }),
    tokens: () => (accessToken ? { access_token: accessToken, token_type: 'Bearer' } : undefined),
    saveTokens: () => {},
    redirectToAuthorization() {
      this.redirected++;
    },
    saveCodeVerifier: () => {},
    codeVerifier: () => 'verifier',
  };
}

describe('connectMcp with an authProvider', () => {
  it("sends the provider's token, and fails with the SDK's error where the server refuses it", async () => {
    const echo = defineTool<{ text: string }>({
      name: 'echo',
      description: 'Echoes.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      handler: ({ text }) => text,
    });
    const seen: (string | undefined)[] = [];
    const served = await serveMcp(new Toolbox([echo]), {
      transport: 'http',
      port: 0,
      authorize: (request) => {
        seen.push(request.headers.authorization);
        return request.headers.authorization === 'Bearer good-token';
      },
    });
    try {
      const remote = await connectMcp({ url: served.url, authProvider: provider('good-token') });
      const answer = await remote.call({ name: 'echo', args: { text: 'hi' } });
      expect(answer.functionResponse.response).toEqual({ output: 'hi' });
      await remote.close();
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set(['Bearer good-token']));

      const refused = provider('bad-token');
      const failure = await connectMcp({ url: served.url, authProvider: refused }).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(failure).toBeInstanceOf(UnauthorizedError);
      expect(seen).toContain('Bearer bad-token');
    } finally {
      await served.close();
    }
  });
});
