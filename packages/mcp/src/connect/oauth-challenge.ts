import { extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';

/**
 * The MCP server refused a request for its authorization (RFC 6750 §3): a 401 once connected, or a 403 whose
 * `WWW-Authenticate` says `insufficient_scope`. Thrown by the transport's fetch in place of the response, so that
 * connectMcp authorizes once for every request that meets it (see OAuthStepUp), not the SDK transport once per
 * request.
 */
export class OAuthChallenge extends Error {
  override readonly name = 'OAuthChallenge';
  constructor(
    /** 401: the token is missing, expired or revoked; 403: it lacks a scope. */
    readonly status: 401 | 403,
    /** The scope the server asks for (`scope=` of the challenge), when it says. */
    readonly scope: string | undefined,
    readonly resourceMetadataUrl: URL | undefined,
  ) {
    super(
      status === 403
        ? `the MCP server asks for OAuth scope "${scope ?? '(unnamed)'}" that the access token lacks (403 insufficient_scope)`
        : 'the MCP server asks for authorization again (401)',
    );
  }
}

/** Turns the transport's fetch on and off for challenges of a 401 (the SDK's own flow answers them while connecting). */
export interface ChallengeFetch {
  fetch: typeof fetch;
  /** From now on a 401 to a POST is a challenge too, not only a 403 insufficient_scope. */
  connected(): void;
}

/**
 * `fetch` for the SDK's HTTP transports that throws an OAuthChallenge where the server at `serverUrl` (its origin)
 * answers a message with 403 insufficient_scope, or, once `connected()`, with 401. Other responses pass through.
 * `heard` gets the scope of every challenge, the ones the SDK answers while connecting too.
 */
export function challengeFetch(
  inner: typeof fetch,
  serverUrl: URL,
  heard: (scope: string) => void = () => {},
): ChallengeFetch {
  let connected = false;
  const challenging: typeof fetch = async (input, init) => {
    const response = await inner(input, init);
    if (response.status !== 401 && response.status !== 403) return response;
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.origin !== serverUrl.origin || (init?.method ?? 'GET').toUpperCase() !== 'POST') return response;
    const { scope, resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
    if (response.status === 403 && error !== 'insufficient_scope') return response;
    if (scope) heard(scope);
    if (response.status === 401 && !connected) return response;
    await response.body?.cancel().catch(() => {});
    throw new OAuthChallenge(response.status, scope, resourceMetadataUrl);
  };
  return { fetch: challenging, connected: () => (connected = true) };
}
