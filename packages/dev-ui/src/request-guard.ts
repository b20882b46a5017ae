import type { IncomingMessage } from 'node:http';

/**
 * Who may talk to the server. It runs the project's tools, so a web page the developer happens to visit must not
 * reach it: the Host must be the server's own (a DNS-rebinding page has its own name there), a write must come
 * from the UI's own origin (a cross-site form has another or none it can forge), and must be JSON (which a plain
 * cross-site form cannot send without a preflight that this server never answers).
 */
export class RequestGuard {
  private readonly hosts: Set<string>;

  constructor(port: number, boundHost: string, allowedHosts: string[] = []) {
    const names = ['127.0.0.1', 'localhost', '[::1]', hostForUrl(boundHost), ...allowedHosts];
    this.hosts = new Set(names.flatMap((name) => [name.toLowerCase(), `${name.toLowerCase()}:${port}`]));
  }

  /** Why the request is refused, or undefined when it may go on. */
  refusal(request: IncomingMessage): { status: number; message: string } | undefined {
    const host = (request.headers.host ?? '').toLowerCase();
    if (!this.hosts.has(host))
      return { status: 403, message: `Host "${host}" is not this server's (start it with allowedHosts to add one)` };
    if (request.method === 'GET' || request.method === 'HEAD') return undefined;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${host}`)
      return { status: 403, message: `Origin "${origin}" may not call this server` };
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return { status: 415, message: 'Send the request body as application/json' };
    return undefined;
  }
}

/** A host as it appears in a URL (IPv6 addresses in brackets). */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
