import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createFetchWithInit } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import { countOption } from '../count-option.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../max-message-bytes.js';
import { ChildProcessTransport } from '../stdio/child-process-transport.js';
import { boundedFetch } from './bounded-fetch.js';
import { challengeFetch } from './oauth-challenge.js';
import { McpAuthorizationError, OAuthStepUp, rememberAsked, scopesAsked, sendAuthorized } from './oauth-step-up.js';

/** A server to start as a child process and talk to over stdio. `close()` ends it. */
export interface StdioTarget {
  command: string;
  args?: string[];
  /** Added to a minimal safe environment (PATH, HOME, ...), as the SDK does. */
  env?: Record<string, string>;
  cwd?: string;
  /** The child's stderr: `inherit` (default), `ignore` or `pipe`. */
  stderr?: 'inherit' | 'ignore' | 'pipe';
  /**
   * The most bytes one line from the server (one message) may take, checked as it arrives (default 16 MiB). A line
   * past it is dropped as it streams in, never held whole; the request it answers fails with an error that names the
   * bound, and the messages after its newline are read as usual.
   */
  maxMessageBytes?: number;
}

/** A server at a URL: Streamable HTTP, falling back to the legacy SSE transport when that is all it speaks. */
export interface HttpTarget {
  url: string | URL;
  /** Sent with every request (`Authorization`, ...). */
  headers?: Record<string, string>;
  /** `auto` (default) tries Streamable HTTP, then SSE. */
  transport?: 'auto' | 'streamable-http' | 'sse';
  /**
   * OAuth for a server that asks for it (401): the MCP SDK's `OAuthClientProvider`, which holds the client's
   * registration and tokens, and sends the user to the authorization page. The transport discovers the server's
   * authorization server, registers, refreshes tokens and retries, as the SDK's own client does.
   */
  authProvider?: OAuthClientProvider;
  /**
   * With `authProvider`, where the server asks for authorization: the authorization code the user's browser brings
   * back to the provider's `redirectUrl` after `redirectToAuthorization` (resolve it from your callback route).
   * connectMcp then finishes the code flow (the transport's `finishAuth`, with what the server's 401 said) and
   * connects again, once. Without it, connectMcp fails with the SDK's `UnauthorizedError`.
   *
   * Once connected, a request the server refuses for authorization (a 401, or a 403 `insufficient_scope` asking for
   * a wider scope: step-up) is authorized the same way, once for all the requests refused together, and sent again
   * once; refused again, or without `authorizationCode` for a wider scope, it fails with a McpAuthorizationError
   * that names the scope asked for.
   */
  authorizationCode?: () => Promise<string>;
  /**
   * The most bytes one message from the server may take, checked as it arrives, before it is parsed (default
   * 16 MiB): a JSON body, or one event of an SSE stream. Past it the request fails. Results are cut again after
   * parsing (`maxResultSize`, `maxMediaSize`).
   */
  maxMessageBytes?: number;
}

/** Where `connectMcp` connects: a command, a URL, or an SDK Client the caller connected (and keeps owning). */
export type McpTarget = StdioTarget | HttpTarget | Client;

export function isClient(target: McpTarget): target is Client {
  const candidate = target as { callTool?: unknown; listTools?: unknown };
  return (
    target instanceof Client || (typeof candidate.callTool === 'function' && typeof candidate.listTools === 'function')
  );
}

/** A fresh Client connected to the target (a new child process for stdio, a new session for HTTP). */
export async function openClient(target: StdioTarget | HttpTarget, info: Implementation): Promise<Client> {
  if ('command' in target) {
    const client = new Client(info);
    await client.connect(
      new ChildProcessTransport({
        command: target.command,
        args: target.args ?? [],
        env: { ...getDefaultEnvironment(), ...target.env },
        ...(target.cwd !== undefined ? { cwd: target.cwd } : {}),
        stderr: target.stderr ?? 'inherit',
        maxMessageBytes: maxMessageBytes(target),
      }),
    );
    return client;
  }
  const url = new URL(target.url);
  const requestInit = target.headers ? { headers: target.headers } : undefined;
  const challenges = challengeFetch(boundedFetch(maxMessageBytes(target)), url, (scope) =>
    rememberAsked(target, scope),
  );
  const transportOptions = {
    fetch: challenges.fetch,
    ...(requestInit ? { requestInit } : {}),
    ...(target.authProvider ? { authProvider: target.authProvider } : {}),
  };
  // Once connected, the SDK's per-request answer to a 401 gives way to OAuthStepUp's shared one.
  const connected = (client: Client) => {
    if (target.authProvider) challenges.connected();
    return client;
  };
  const mode = target.transport ?? 'auto';
  if (mode !== 'sse') {
    const connectStreamable = async (): Promise<Client> => {
      const client = new Client(info);
      const transport = new StreamableHTTPClientTransport(url, transportOptions);
      try {
        await client.connect(transport);
        return connected(client);
      } catch (error) {
        await client.close().catch(() => {});
        if (!(error instanceof UnauthorizedError && target.authProvider && target.authorizationCode)) throw error;
        // The transport keeps what the 401 said (the resource metadata URL, the scope) for the token request.
        await transport.finishAuth(await target.authorizationCode());
        const authorized = new Client(info);
        await authorized.connect(new StreamableHTTPClientTransport(url, transportOptions));
        return connected(authorized);
      }
    };
    try {
      // A token that lacks a scope the server wants from the start (403 insufficient_scope) is stepped up here too.
      return await sendAuthorized(oauthStepUp(target), connectStreamable);
    } catch (error) {
      if (mode === 'streamable-http' || !speaksOnlySse(error)) throw error;
    }
  }
  // The SSE transport sends `requestInit.headers` on its GET stream as well as on its POSTs.
  const client = new Client(info);
  await client.connect(new SSEClientTransport(url, transportOptions));
  return connected(client);
}

/** Authorization in the middle of a session, for a URL target with an `authProvider`. */
export function oauthStepUp(target: StdioTarget | HttpTarget | undefined): OAuthStepUp | undefined {
  if (!target || !('url' in target) || !target.authProvider) return undefined;
  const requestInit = target.headers ? { headers: target.headers } : undefined;
  return new OAuthStepUp({
    serverUrl: new URL(target.url),
    authProvider: target.authProvider,
    authorizationCode: target.authorizationCode,
    fetchFn: createFetchWithInit(boundedFetch(maxMessageBytes(target)), requestInit),
    asked: () => scopesAsked(target),
  });
}

/** A Streamable HTTP POST to an SSE-only server ends in 4xx (404, 405): the spec's cue to try the old transport. */
function speaksOnlySse(error: unknown): boolean {
  if (error instanceof UnauthorizedError || error instanceof McpAuthorizationError) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code >= 400 && code < 500 && code !== 401 && code !== 403 : true;
}

function maxMessageBytes(target: StdioTarget | HttpTarget): number {
  return countOption('connectMcp', 'maxMessageBytes', target.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES);
}
