// An MCP server built on the official SDK that asks for OAuth scopes per tool, with its authorization server, on one
// loopback port: the SDK's mcpAuthRouter (metadata, registration, /authorize, /token) over its demo in-memory provider,
// and its requireBearerAuth middleware in front of /mcp, which answers 401, or 403 insufficient_scope naming the scope
// the tool needs. `read_notes` needs notes:read; `write_note` needs notes:write too. What the "user" grants at the
// authorization page is the test's to choose (`user`), and the server counts what it answered.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { AuthorizationParams } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** What the user does at the authorization page, given the scopes asked for: grant these scopes, or decline. */
export type UserChoice = (asked: readonly string[]) => readonly string[] | 'decline';

export interface ScopedNotesServer {
  /** The MCP endpoint (Streamable HTTP). */
  url: string;
  /** The same server over the legacy HTTP+SSE transport. */
  sseUrl: string;
  /** Scopes asked for at each visit of the authorization page. */
  authorizations: string[][];
  /** Codes exchanged for tokens. */
  tokenExchanges: number;
  /** Refresh tokens exchanged for access tokens. */
  refreshes: number;
  /** Every access token issued so far is refused from now on (401 invalid_token), as after a revocation. */
  revokeAccessTokens(): void;
  /** From now on `initialize` needs notes:write too, as a server that wants a scope from the start. */
  connectNeedsWrite(): void;
  /** 403 insufficient_scope answers, by tool name (`initialize` for that request). */
  refused: Map<string, number>;
  /** Resolves once `count` calls of a tool have been refused with 403. */
  refusals(tool: string, count: number): Promise<void>;
  notes: string[];
  close(): Promise<void>;
}

export interface ScopedNotesOptions {
  /** Default: grants what is asked. */
  user?: UserChoice;
  /** The server does not see notes:write in any token, so write_note is refused for ever. */
  neverWrite?: boolean;
  /** Tokens come with a refresh token, which gives a new access token for the same scopes. */
  refreshTokens?: boolean;
  /** Token responses do not say which scopes they grant (RFC 6749 §5.1 lets a server leave it out). */
  tokensWithoutScope?: boolean;
}

/** The demo provider, with a user who decides what to grant, and counts of what it did. */
class ConsentingProvider extends DemoInMemoryAuthProvider {
  readonly authorizations: string[][] = [];
  tokenExchanges = 0;
  refreshes = 0;
  /** Access tokens issued (by code or refresh), and whether they are revoked; refresh tokens and their scopes. */
  readonly #issued = new Map<string, { scopes: string[]; revoked: boolean }>();
  readonly #refreshable = new Map<string, string[]>();

  constructor(
    readonly user: UserChoice,
    readonly options: ScopedNotesOptions,
  ) {
    super();
  }

  revokeAccessTokens(): void {
    for (const token of this.#issued.values()) token.revoked = true;
  }

  override async verifyAccessToken(token: string): ReturnType<DemoInMemoryAuthProvider['verifyAccessToken']> {
    const issued = this.#issued.get(token);
    if (issued?.revoked) throw new InvalidTokenError('Token was revoked');
    if (issued)
      return { token, clientId: 'any', scopes: issued.scopes, expiresAt: Math.floor(Date.now() / 1000) + 600 };
    throw new InvalidTokenError('Unknown token');
  }

  override async exchangeRefreshToken(
    ...[, refreshToken]: Parameters<DemoInMemoryAuthProvider['exchangeRefreshToken']>
  ): Promise<OAuthTokens> {
    const scopes = this.#refreshable.get(refreshToken);
    if (!scopes) throw new Error('Unknown refresh token');
    this.refreshes++;
    return this.#issue(scopes, refreshToken);
  }

  #issue(scopes: string[], refreshToken: string | undefined): OAuthTokens {
    const accessToken = randomUUID();
    this.#issued.set(accessToken, { scopes, revoked: false });
    const tokens: OAuthTokens = { access_token: accessToken, token_type: 'bearer', expires_in: 600 };
    if (scopes.length && !this.options.tokensWithoutScope) tokens.scope = scopes.join(' ');
    if (refreshToken) {
      tokens.refresh_token = refreshToken;
      this.#refreshable.set(refreshToken, scopes);
    }
    return tokens;
  }

  override async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: Parameters<DemoInMemoryAuthProvider['authorize']>[2],
  ): Promise<void> {
    const asked = params.scopes ?? [];
    this.authorizations.push([...asked]);
    const choice = this.user(asked);
    if (choice === 'decline') {
      const back = new URL(params.redirectUri);
      back.searchParams.set('error', 'access_denied');
      if (params.state !== undefined) back.searchParams.set('state', params.state);
      res.redirect(back.href);
      return;
    }
    return super.authorize(client, { ...params, scopes: [...choice] }, res);
  }

  override async exchangeAuthorizationCode(
    ...args: Parameters<DemoInMemoryAuthProvider['exchangeAuthorizationCode']>
  ): Promise<OAuthTokens> {
    this.tokenExchanges++;
    // The demo checks the code (and PKCE, before this); the tokens are issued here, to be revoked and refreshed.
    const granted = await super.exchangeAuthorizationCode(...args);
    const scopes = granted.scope ? granted.scope.split(' ') : [];
    return this.#issue(scopes, this.options.refreshTokens ? randomUUID() : undefined);
  }
}

export async function startScopedNotesServer(options: ScopedNotesOptions = {}): Promise<ScopedNotesServer> {
  const provider = new ConsentingProvider(options.user ?? ((asked) => asked), options);
  const notes: string[] = [];
  const refused = new Map<string, number>();
  const waiters: { tool: string; count: number; resolve: () => void }[] = [];
  const app = createMcpExpressApp();
  const http: Server = await new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', origin);
  // The protected resource is the origin, so that both endpoints (/mcp and /sse) are it.
  const resource = new URL(origin);
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(origin),
      resourceServerUrl: resource,
      scopesSupported: ['notes:read', 'notes:write'],
    }),
  );
  const verifier = {
    async verifyAccessToken(token: string) {
      const info = await provider.verifyAccessToken(token);
      return options.neverWrite ? { ...info, scopes: info.scopes.filter((scope) => scope !== 'notes:write') } : info;
    },
  };
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  let writeToConnect = false;
  const guards = {
    read: requireBearerAuth({ verifier, requiredScopes: ['notes:read'], resourceMetadataUrl }),
    write: requireBearerAuth({ verifier, requiredScopes: ['notes:write'], resourceMetadataUrl }),
  };
  const guard = (req: { body?: { method?: string; params?: { name?: string } } }, res: any, next: () => void) => {
    const method = req.body?.method;
    const tool = method === 'tools/call' ? req.body?.params?.name : method === 'initialize' ? method : undefined;
    const scoped = tool === 'write_note' || (tool === 'initialize' && writeToConnect) ? guards.write : guards.read;
    // Counts the refusals as they leave.
    const status = res.status.bind(res);
    res.status = (code: number) => {
      if (code === 403 && tool) {
        refused.set(tool, (refused.get(tool) ?? 0) + 1);
        for (const waiter of waiters) if (waiter.tool === tool && refused.get(tool)! >= waiter.count) waiter.resolve();
      }
      return status(code);
    };
    return scoped(req as never, res, next);
  };
  const notesServer = () => {
    const server = new McpServer({ name: 'scoped-notes', version: '1.0.0' });
    server.registerTool('read_notes', { description: 'Reads the notes.' }, () => ({
      content: [{ type: 'text', text: JSON.stringify(notes) }],
    }));
    server.registerTool(
      'write_note',
      { description: 'Adds a note.', inputSchema: { text: z.string() } },
      ({ text }) => {
        notes.push(text);
        return { content: [{ type: 'text', text: `noted ${notes.length}` }] };
      },
    );
    return server;
  };
  app.post('/mcp', guard);
  // Stateless: no stream to GET, no session to DELETE.
  app.get('/mcp', (_req: unknown, res: any) => res.status(405).end());
  app.delete('/mcp', (_req: unknown, res: any) => res.status(405).end());
  app.post('/mcp', async (req: { body: unknown }, res: any) => {
    const server = notesServer();
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req as never, res, req.body);
  });
  // The legacy HTTP+SSE transport at /sse, behind the same guards: its stream needs notes:read, its messages what
  // their method needs.
  const sseSessions = new Map<string, SSEServerTransport>();
  app.get('/sse', guard, async (_req: unknown, res: any) => {
    const transport = new SSEServerTransport('/messages', res);
    sseSessions.set(transport.sessionId, transport);
    res.on('close', () => sseSessions.delete(transport.sessionId));
    await notesServer().connect(transport);
  });
  app.post('/messages', guard, async (req: { query: { sessionId?: string }; body: unknown }, res: any) => {
    const transport = sseSessions.get(req.query.sessionId ?? '');
    if (!transport) return res.status(404).end();
    await transport.handlePostMessage(req as never, res, req.body);
  });
  return {
    url: mcpUrl.href,
    sseUrl: new URL('/sse', origin).href,
    authorizations: provider.authorizations,
    get tokenExchanges() {
      return provider.tokenExchanges;
    },
    get refreshes() {
      return provider.refreshes;
    },
    revokeAccessTokens: () => provider.revokeAccessTokens(),
    connectNeedsWrite: () => {
      writeToConnect = true;
    },
    refused,
    refusals: (tool, count) =>
      (refused.get(tool) ?? 0) >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ tool, count, resolve })),
    notes,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
