import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

const FAULT_TEXT = /not connected|session not found|fetch failed|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|connection closed|terminated/i;

/**
 * The connection, not the call, failed: the server process ended, the transport closed, or an HTTP server no longer
 * knows the session after a restart (404 as the spec says; many servers built on the SDK's examples answer 400
 * "No valid session ID"). Worth a reconnect and one more try.
 */
export function isConnectionFault(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  const message = error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error);
  const code = (error as { code?: unknown })?.code;
  if (code === 404 || (code === 400 && /session/i.test(message))) return true;
  return FAULT_TEXT.test(message);
}
