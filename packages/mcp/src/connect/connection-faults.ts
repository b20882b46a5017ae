import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const FAULT_WORDS = [
  'not connected',
  'session not found',
  'fetch failed',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'socket hang up',
  'connection closed',
  'terminated',
];
const FAULT_TEXT = new RegExp(FAULT_WORDS.join('|'), 'i');

/**
 * The connection, not the call, failed: the server process ended, the transport closed, or an HTTP server no longer
 * knows the session after a restart (404 as the spec says; many servers built on the SDK's examples answer 400
 * "No valid session ID"), over Streamable HTTP or the legacy SSE transport. Worth a reconnect and one more try.
 */
export function isConnectionFault(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  const message =
    error instanceof Error
      ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}`
      : String(error);
  const status = httpStatus(error, message);
  if (status === 404 || (status === 400 && /session/i.test(message))) return true;
  return FAULT_TEXT.test(message);
}

/** The HTTP status of a failed request: Streamable HTTP's errors carry it as `code`, SSE's only in the message. */
function httpStatus(error: unknown, message: string): number | undefined {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'number') return code;
  const match = /\(HTTP (\d{3})\)/.exec(message);
  return match ? Number(match[1]) : undefined;
}
