import type { IncomingMessage } from 'node:http';

/** What `authorize` may answer: let the request in (optionally with who it is), or refuse it. */
export type AuthorizeResult =
  | boolean
  | { token: string; clientId: string; scopes: string[]; extra?: Record<string, unknown> };

export interface RequestGuardOptions {
  /** Origins a browser page may call from (`https://app.example.com`). Default: loopback origins only. */
  allowedOrigins?: readonly string[];
  /** Host header values accepted (`localhost:3000`). Default: loopback names when bound to a loopback address. */
  allowedHosts?: readonly string[];
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * DNS-rebinding protection as the Streamable HTTP spec asks: a request whose `Origin` is not allowed is refused
 * (requests without one come from non-browser clients and pass), and on a loopback bind the `Host` must be a
 * loopback name, so that a page on a rebound domain cannot reach the server. Returns the reason to refuse, if any.
 */
export function guardProblem(
  request: IncomingMessage,
  options: RequestGuardOptions,
  loopback: boolean,
): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    if (options.allowedOrigins ? !options.allowedOrigins.includes(origin) : !isLoopbackUrl(origin)) {
      return `Origin ${shown(origin)} is not allowed`;
    }
  } else if (origin === 'null') return 'Origin null is not allowed';
  const host = request.headers.host;
  if (options.allowedHosts) {
    if (host === undefined || !options.allowedHosts.includes(host)) return `Host ${shown(host)} is not allowed`;
  } else if (loopback && (host === undefined || !LOOPBACK_NAMES.has(hostName(host)))) {
    return `Host ${shown(host)} is not allowed`;
  }
  return undefined;
}

function isLoopbackUrl(origin: string): boolean {
  try {
    return LOOPBACK_NAMES.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** `localhost:3000` -> `localhost`, `[::1]:3000` -> `[::1]`. */
function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

const MAX_ECHO = 128;

/** A client's header or path quoted in a refusal, cut so that the answer never grows with what was sent. */
export function shown(text: string | undefined): string {
  if (text === undefined) return '(none)';
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}... (${text.length} characters)` : text;
}
