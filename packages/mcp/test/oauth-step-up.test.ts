// Step-up authorization in the middle of a session, against the official SDK's server pieces (McpServer, its
// requireBearerAuth middleware answering 403 insufficient_scope, its mcpAuthRouter as the authorization server): one
// authorization for the wider scope, shared by the calls refused together, each call sent again once at most, and a
// clear error naming the scope where it cannot be had.
import { connectMcp, McpAuthorizationError, type McpToolbox } from '@toolwright/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryOAuthProvider } from './support/memory-oauth-provider.js';
import {
  startScopedNotesServer,
  type ScopedNotesOptions,
  type ScopedNotesServer,
} from './support/scoped-notes-server.js';

const open: { server: ScopedNotesServer; remote?: McpToolbox }[] = [];

afterEach(async () => {
  for (const { server, remote } of open.splice(0)) {
    await remote?.close();
    await server.close();
  }
});

/** A server, and connectMcp with a fresh provider (the first authorization, for notes:read, happens here). */
async function connected(options: ScopedNotesOptions = {}) {
  const server = await startScopedNotesServer(options);
  const entry: (typeof open)[number] = { server };
  open.push(entry);
  const provider = new MemoryOAuthProvider();
  const remote = await connectMcp({
    url: server.url,
    authProvider: provider,
    authorizationCode: () => provider.authorizationCode(),
  });
  entry.remote = remote;
  return { server, provider, remote };
}

function write(remote: McpToolbox, text: string) {
  return remote.call({ name: 'write_note', args: { text } }).then((part) => part.functionResponse.response);
}

describe('connectMcp on a 403 insufficient_scope in the middle of a session', () => {
  it('authorizes the wider scope once, keeps the scope held, and sends the call again', async () => {
    const { server, provider, remote } = await connected();
    expect(server.authorizations).toEqual([['notes:read']]);

    expect(await write(remote, 'first')).toEqual({ output: 'noted 1' });
    expect(server.refused.get('write_note')).toBe(1);
    expect(server.authorizations).toHaveLength(2);
    // The scope the challenge named, with the one granted before (a step-up must not lose it).
    expect(new Set(server.authorizations[1])).toEqual(new Set(['notes:read', 'notes:write']));
    expect(server.tokenExchanges).toBe(2);

    // The wider token serves both tools from now on, with no other authorization.
    expect(await remote.call({ name: 'read_notes', args: {} })).toMatchObject({
      functionResponse: { response: { output: ['first'] } },
    });
    expect(await write(remote, 'second')).toEqual({ output: 'noted 2' });
    expect(server.authorizations).toHaveLength(2);
    expect(provider.codesAsked).toBe(2);
  });

  it('gives calls refused together one authorization, and sends each of them again once', async () => {
    const server = await startScopedNotesServer();
    open.push({ server });
    const provider = new MemoryOAuthProvider();
    let stepping = false;
    const remote = await connectMcp({
      url: server.url,
      authProvider: provider,
      // The user finishes the step-up only once all five calls were refused: they are all waiting for it then.
      authorizationCode: async () => {
        if (stepping) await server.refusals('write_note', 5);
        return provider.authorizationCode();
      },
    });
    open[0]!.remote = remote;
    stepping = true;

    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((text) => write(remote, text)));
    expect(answers.map((answer) => 'output' in answer)).toEqual([true, true, true, true, true]);
    expect(server.refused.get('write_note')).toBe(5);
    expect(server.notes.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    // One authorization page, one code, one token for the five.
    expect(provider.pages).toHaveLength(2);
    expect(provider.codesAsked).toBe(2);
    expect(server.tokenExchanges).toBe(2);
  });

  it('sends a call once more only, against a server that refuses it for ever, and says which scope it asked for', async () => {
    const { server, remote } = await connected({ neverWrite: true });
    const answer = await write(remote, 'never');
    expect(answer).toMatchObject({ error: { name: 'McpAuthorizationError' } });
    const message = 'error' in answer ? answer.error.message : '';
    expect(message).toContain('still refuses the request for OAuth scope "notes:write"');
    expect(server.refused.get('write_note')).toBe(2);
    expect(server.authorizations).toHaveLength(2);
    expect(server.notes).toEqual([]);
    // The session goes on for what the token allows.
    expect(await remote.call({ name: 'read_notes', args: {} })).toMatchObject({
      functionResponse: { response: { output: [] } },
    });
  });

  it('fails the call with the scope named when the user declines it, and does not send it again', async () => {
    const { server, remote } = await connected({
      user: (asked) => (asked.includes('notes:write') ? 'decline' : asked),
    });
    const answer = await write(remote, 'declined');
    expect(answer).toMatchObject({ error: { name: 'McpAuthorizationError' } });
    const message = 'error' in answer ? answer.error.message : '';
    expect(message).toMatch(/authorizing OAuth scope "notes:(write notes:read|read notes:write)" .* failed/);
    expect(message).toContain('the user declined (access_denied)');
    expect(server.refused.get('write_note')).toBe(1);
    expect(server.tokenExchanges).toBe(1);
  });

  it('fails the call with the scope named when the user grants less than asked', async () => {
    const { server, remote } = await connected({ user: (asked) => asked.filter((scope) => scope !== 'notes:write') });
    const answer = await write(remote, 'narrow');
    expect(answer).toMatchObject({ error: { name: 'McpAuthorizationError' } });
    expect('error' in answer ? answer.error.message : '').toContain('"notes:write"');
    expect(server.refused.get('write_note')).toBe(2);
    expect(server.tokenExchanges).toBe(2);
  });

  it('without authorizationCode, fails the call saying which scope the server wants and how to grant it', async () => {
    const { server, provider, remote } = await connected();
    await remote.close();
    // The same provider (its token holds notes:read), connected again without a way to finish an authorization.
    const again = await connectMcp({ url: server.url, authProvider: provider });
    open[0]!.remote = again;
    expect(await again.call({ name: 'read_notes', args: {} })).toMatchObject({
      functionResponse: { response: { output: [] } },
    });
    const answer = await write(again, 'no code');
    expect(answer).toMatchObject({ error: { name: 'McpAuthorizationError' } });
    const message = 'error' in answer ? answer.error.message : '';
    expect(message).toContain('asks for OAuth scope "notes:write"');
    expect(message).toContain('authorizationCode');
    expect(server.refused.get('write_note')).toBe(1);
    expect(provider.pages).toHaveLength(1); // no authorization page the app could not finish
  });

  it('asks again for the scopes asked before when the token response does not say which it granted', async () => {
    const { server, provider, remote } = await connected({ tokensWithoutScope: true });
    expect(provider.tokens()?.scope).toBeUndefined();
    expect(await write(remote, 'both')).toEqual({ output: 'noted 1' });
    expect(new Set(server.authorizations[1])).toEqual(new Set(['notes:read', 'notes:write']));
    expect(await remote.call({ name: 'read_notes', args: {} })).toMatchObject({
      functionResponse: { response: { output: ['both'] } },
    });
    expect(server.authorizations).toHaveLength(2);
  });

  it('with a refresh token held, goes to the authorization page for the wider scope (a refresh cannot widen it)', async () => {
    const { server, provider, remote } = await connected({ refreshTokens: true });
    expect(provider.tokens()?.refresh_token).toBeDefined();
    expect(await write(remote, 'wide')).toEqual({ output: 'noted 1' });
    expect(server.refreshes).toBe(0);
    expect(server.authorizations).toHaveLength(2);
    expect(server.refused.get('write_note')).toBe(1);
  });

  it('ends the wait of a call whose signal aborts while the user is at the authorization page', async () => {
    const server = await startScopedNotesServer();
    open.push({ server });
    const provider = new MemoryOAuthProvider();
    let release: () => void = () => {};
    const userBack = new Promise<void>((resolve) => (release = resolve));
    let stepping = false;
    const remote = await connectMcp({
      url: server.url,
      authProvider: provider,
      authorizationCode: async () => {
        if (stepping) await userBack;
        return provider.authorizationCode();
      },
    });
    open[0]!.remote = remote;
    stepping = true;

    const controller = new AbortController();
    const leaving = remote.call({ name: 'write_note', args: { text: 'left' } }, { signal: controller.signal });
    const staying = write(remote, 'stayed');
    await server.refusals('write_note', 2);
    controller.abort(new Error('the user left'));
    expect((await leaving).functionResponse.response).toMatchObject({ error: { name: 'AbortError' } });
    // The authorization goes on for the call still waiting, which is sent again once it is done.
    release();
    expect(await staying).toEqual({ output: 'noted 1' });
    expect(server.notes).toEqual(['stayed']);
    expect(server.tokenExchanges).toBe(2);
  });
});

describe('connectMcp over the legacy SSE transport', () => {
  it('steps up a call refused with 403 insufficient_scope the same way', async () => {
    const { server, provider, remote } = await connected();
    await remote.close();
    // The provider holds a notes:read token from the Streamable HTTP connection.
    const sse = await connectMcp({
      url: server.sseUrl,
      transport: 'sse',
      authProvider: provider,
      authorizationCode: provider.authorizationCode,
    });
    open[0]!.remote = sse;
    expect(await write(sse, 'over sse')).toEqual({ output: 'noted 1' });
    expect(server.refused.get('write_note')).toBe(1);
    expect(new Set(server.authorizations[1])).toEqual(new Set(['notes:read', 'notes:write']));
    expect(server.tokenExchanges).toBe(2);
  });
});

describe('connectMcp with a bearer token in headers and no authProvider', () => {
  it('fails a call refused for a scope with the scope named and how to let the user grant it', async () => {
    const { server, provider, remote } = await connected();
    await remote.close();
    const headers = { Authorization: `Bearer ${provider.tokens()!.access_token}` };
    const plain = await connectMcp({ url: server.url, headers });
    open[0]!.remote = plain;
    const answer = await write(plain, 'plain');
    expect(answer).toMatchObject({ error: { name: 'McpAuthorizationError' } });
    const message = 'error' in answer ? answer.error.message : '';
    expect(message).toContain('asks for OAuth scope "notes:write"');
    expect(message).toContain('connect with an authProvider');
    expect(server.refused.get('write_note')).toBe(1);
  });
});

describe('connectMcp when the server wants a wider scope from the start (403 on initialize)', () => {
  it('steps up while connecting, with authorizationCode', async () => {
    const { server, provider, remote } = await connected();
    await remote.close();
    server.connectNeedsWrite();
    const again = await connectMcp({
      url: server.url,
      authProvider: provider,
      authorizationCode: provider.authorizationCode,
    });
    open[0]!.remote = again;
    expect(server.refused.get('initialize')).toBe(1);
    expect(new Set(server.authorizations[1])).toEqual(new Set(['notes:read', 'notes:write']));
    expect(await write(again, 'from the start')).toEqual({ output: 'noted 1' });
    expect(server.authorizations).toHaveLength(2);
  });

  it('fails with the scope named, and no fall back to SSE, without authorizationCode', async () => {
    const { server, provider, remote } = await connected();
    await remote.close();
    server.connectNeedsWrite();
    const failure = await connectMcp({ url: server.url, authProvider: provider }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(McpAuthorizationError);
    expect(failure?.message).toContain('asks for OAuth scope "notes:write"');
    expect((failure as McpAuthorizationError).scope).toBe('notes:write');
    expect(server.refused.get('initialize')).toBe(1);
    expect(provider.pages).toHaveLength(1);
  });
});

describe('connectMcp on a 401 in the middle of a session', () => {
  it('refreshes a revoked token once for the calls refused together, with no authorization page', async () => {
    const { server, provider, remote } = await connected({ refreshTokens: true });
    server.revokeAccessTokens();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => remote.call({ name: 'read_notes', args: {} }).then((part) => part.functionResponse)),
    );
    expect(answers.map((answer) => answer.response)).toEqual([
      { output: [] },
      { output: [] },
      { output: [] },
      { output: [] },
    ]);
    expect(server.refreshes).toBe(1);
    expect(provider.pages).toHaveLength(1);
    expect(server.tokenExchanges).toBe(1);
  });

  it('without authorizationCode, fails the call saying how to finish the authorization the provider was sent to', async () => {
    const { server, provider, remote } = await connected();
    await remote.close();
    const again = await connectMcp({ url: server.url, authProvider: provider });
    open[0]!.remote = again;
    server.revokeAccessTokens();
    const answer = (await again.call({ name: 'read_notes', args: {} })).functionResponse.response;
    expect(answer).toMatchObject({ error: { name: 'McpAuthorizationError' } });
    expect('error' in answer ? answer.error.message : '').toContain("pass connectMcp's authorizationCode");
    expect(provider.pages).toHaveLength(2);
    expect(provider.codesAsked).toBe(1);
  });

  it('goes to the authorization page once when no refresh token is held, and lists the tools again', async () => {
    const { server, provider, remote } = await connected();
    server.revokeAccessTokens();
    await remote.refresh();
    expect(remote.tools().map((tool) => tool.name)).toEqual(['read_notes', 'write_note']);
    expect(provider.pages).toHaveLength(2);
    expect(server.tokenExchanges).toBe(2);
  });
});
