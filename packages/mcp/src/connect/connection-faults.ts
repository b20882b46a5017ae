import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const FAULT_TEXT = /not connected|session not found|fetch failed|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|connection closed|terminated/i;

/**
 * The connection, not the call, failed: the server process ended, the transport closed, or an HTTP server no longer
 * knows the session (404, after a restart). Worth a reconnect and one more try.
 */
export function isConnectionFault(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  const code = (error as { code?: unknown })?.code;
  if (code === 404) return true;
  const message = error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error);
  return FAULT_TEXT.test(message);
}
