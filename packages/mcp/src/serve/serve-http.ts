import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Toolbox } from '@toolwright/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type McpServerOptions, type ServerInfo } from './create-mcp-server.js';
import { ANONYMOUS, grantOf, type Grant } from './grant.js';
import { guardProblem, shown, type AuthorizeResult, type RequestGuardOptions } from './request-guard.js';
import { SessionTable } from './session-table.js';
import { StatelessCalls } from './stateless-calls.js';

export interface HttpServeOptions extends McpServerOptions, RequestGuardOptions {
  transport: 'http';
  /** Default `127.0.0.1` (loopback only). `0.0.0.0` or `::` serves every interface: set `authorize` then. */
  host?: string;
  /** Default 0: a free port (read it from `url`). */
  port?: number;
  /** Default `/mcp`. */
  path?: string;
  /**
   * `true` (default): each client gets a session (`Mcp-Session-Id`), kept in this process. `false`: stateless, every
   * request is served on its own, so several processes can stand behind a load balancer without sticky sessions
   * (no server-to-client requests or notifications outside a call's own response stream). A cancellation reaches a
   * call served by the same process for the same principal and client address, when no other call has its id.
   */
  sessions?: boolean;
  /**
   * Checks each request (a bearer token, ...). Only `true` or an auth object (`{ token, clientId, scopes }`, passed to
   * tools as `authInfo`) lets it in; anything else, a throw included, answers 401. A session belongs to the
   * `clientId` that opened it: another client presenting its id gets 404.
   */
  authorize?: (request: IncomingMessage) => AuthorizeResult | Promise<AuthorizeResult>;
  /** Sessions open at once (default 1,000): an `initialize` past it answers 503 until one closes or expires. */
  maxSessions?: number;
  /**
   * Sessions of one `clientId` (default 100), so that one user cannot take every session: past it, that client's
   * least recently used idle session is closed to make room; when all are busy, `initialize` answers 429.
   */
  maxSessionsPerClient?: number;
  /**
   * A session with no request open for this long is closed (default 30 minutes; its client gets 404 and starts a
   * new session, as the spec asks). An open GET stream or a call still running keeps it alive.
   */
  sessionIdleMs?: number;
  /** The server's name and version in `initialize`. */
  info?: ServerInfo;
  /** Largest request body accepted, in bytes (default 4 MiB). */
  maxBodySize?: number;
}

export interface HttpServe {
  /** The endpoint, e.g. `http://127.0.0.1:53121/mcp`. */
  readonly url: string;
  /** Sessions open now (0 when stateless). */
  readonly sessionCount: number;
  /** Ends every session and stops listening. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
const DEFAULT_MAX_SESSIONS = 1_000;
const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
const DEFAULT_SESSIONS_PER_CLIENT = 100;

/** A Toolbox on Streamable HTTP, on Node's own `http` server. */
export async function serveHttp(toolbox: Toolbox, options: HttpServeOptions): Promise<HttpServe> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const loopback = LOOPBACK_HOSTS.has(host);
  const maxBody = options.maxBodySize ?? DEFAULT_MAX_BODY;
  const stateful = options.sessions !== false;
  const statelessCalls = new StatelessCalls();
  const sessions = new SessionTable({
    maxSessions: positive(options.maxSessions, 'maxSessions') ?? DEFAULT_MAX_SESSIONS,
    sessionIdleMs: positive(options.sessionIdleMs, 'sessionIdleMs') ?? DEFAULT_SESSION_IDLE_MS,
    maxSessionsPerClient: positive(options.maxSessionsPerClient, 'maxSessionsPerClient') ?? DEFAULT_SESSIONS_PER_CLIENT,
  });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path)
      return reply(response, 404, -32000, `Not found: ${shown(url.pathname)} (the MCP endpoint is ${path})`);
    const refused = guardProblem(request, options, loopback);
    if (refused) return reply(response, 403, -32000, refused);
    const grant = options.authorize ? await authorized(options.authorize, request) : ANONYMOUS;
    if (!grant) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return reply(response, 401, -32001, 'Unauthorized');
    }
    if (grant.auth) (request as IncomingMessage & { auth?: unknown }).auth = grant.auth;
    let body: unknown;
    if (request.method === 'POST') {
      const read = await readJson(request, maxBody);
      if ('problem' in read) return reply(response, read.status, -32700, read.problem);
      body = read.value;
    }
    if (!stateful) return serveStateless(request, response, body, grant);
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      // Another principal's session is as unknown as a closed one: nothing to learn by probing ids.
      const session = sessions.get(sessionId, grant.principal);
      if (!session) return reply(response, 404, -32001, 'Session not found');
      response.once('close', sessions.begin(session));
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      return reply(
        response,
        400,
        -32000,
        'Bad Request: no Mcp-Session-Id header, and the request is not an initialize request',
      );
    }
    return openSession(request, response, body, grant);
  };

  const openSession = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    grant: Grant,
  ): Promise<void> => {
    const reservation = sessions.reserve(grant.principal, grant === ANONYMOUS);
    if (reservation === 'server-full') {
      response.setHeader('Retry-After', '60');
      return reply(response, 503, -32000, 'Too many sessions open; try again later');
    }
    if (reservation === 'client-full') {
      return reply(response, 429, -32000, 'Too many sessions busy for this client; end one (DELETE) first');
    }
    try {
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => reservation.open(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      await createMcpServer(toolbox, options.info, options).connect(transport);
      await transport.handleRequest(request, response, body);
    } finally {
      reservation.release();
    }
  };

  const serveStateless = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    grant: Grant,
  ): Promise<void> => {
    const server = createMcpServer(toolbox, options.info, { ...options, listChanged: false });
    const transport = new StreamableHTTPServerTransport({}) /* no session ids: stateless */;
    await server.connect(transport);
    const client = `${grant.principal}\u0000${request.socket.remoteAddress ?? ''}`;
    const untrack = statelessCalls.track(client, Array.isArray(body) ? body : [body], transport);
    response.on('close', () => {
      untrack();
      void transport.close();
      void server.close();
    });
    await transport.handleRequest(request, response, body);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        reply(response, 500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${path}`,
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      await sessions.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

/** The hook's verdict as a grant; a hook that throws (a JWT check on a bad token, ...) refuses too. */
async function authorized(
  authorize: NonNullable<HttpServeOptions['authorize']>,
  request: IncomingMessage,
): Promise<Grant | undefined> {
  try {
    return grantOf(await authorize(request));
  } catch {
    return undefined;
  }
}

function positive(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`serveMcp: ${name} must be a positive number`);
  return value;
}

/** A JSON-RPC error body with an HTTP status (before any MCP transport saw the request). */
function reply(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readJson(
  request: IncomingMessage,
  limit: number,
): Promise<{ value: unknown } | { status: number; problem: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return { status: 413, problem: `Request body larger than ${limit} bytes` };
    chunks.push(chunk);
  }
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch (error) {
    return { status: 400, problem: `Parse error: ${error instanceof Error ? error.message : String(error)}` };
  }
}
