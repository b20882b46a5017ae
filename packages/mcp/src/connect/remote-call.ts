import {
  abortedPayload,
  callTimeLimit,
  timedOutPayload,
  type CallOptions,
  type ToolErrorName,
  type ToolProgress,
} from '@toolwright/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { answerFromResult, type RemoteAnswer } from './call-result.js';
import { DEFAULT_TIMEOUT_MS, sdkTimeout } from './connect-options.js';
import { isConnectionFault } from './connection-faults.js';
import type { McpConnection } from './mcp-connection.js';
import { sendAuthorized } from './oauth-step-up.js';
import type { RemoteTool } from './remote-tool.js';

export interface RemoteCallSettings {
  /** This server's time limit (connectMcp's `timeoutMs`). */
  timeoutMs: number | undefined;
  /** Reconnect and send once more after a connection fault. */
  retry: boolean;
  /** What the result must match beyond the call itself (the output schema); undefined where it does. */
  checkResult: (result: Record<string, unknown>) => Promise<RemoteAnswer | undefined> | undefined;
}

/**
 * Sends one checked call to the server and turns whatever happens into an answer: the result, or an error for a
 * timeout, a cancellation, a lost server (after one reconnect and resend, where allowed) or the server's own error.
 * The time limit is a total: the server's progress is passed on, and does not extend it.
 */
export async function callRemote(
  connection: McpConnection,
  tool: RemoteTool,
  args: Record<string, unknown>,
  options: CallOptions,
  settings: RemoteCallSettings,
): Promise<RemoteAnswer> {
  // The most specific limit wins, as in a Toolbox: the call's, this server's, the caller's default (an Agent's
  // toolTimeoutMs), then 60 s.
  const limit = callTimeLimit(options, settings.timeoutMs, DEFAULT_TIMEOUT_MS);
  const timeout = sdkTimeout(limit);
  let deadline = Date.now() + timeout;
  const onProgress = options.onProgress;
  const cancelled = (): RemoteAnswer => ({ response: { error: abortedPayload(tool.name, options.signal?.reason) } });
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) return cancelled();
    let client: Client;
    try {
      client = connection.client ?? (await connection.connected());
    } catch (error) {
      return failure('ServerUnavailable', `The MCP server of tool "${tool.name}" is not reachable: ${describe(error)}`);
    }
    try {
      // Progress is asked for (a progressToken) only when someone listens.
      const requestOptions: RequestOptions = { resetTimeoutOnProgress: false };
      if (onProgress) requestOptions.onprogress = (update) => onProgress(progressOf(update));
      if (options.signal) requestOptions.signal = options.signal;
      const params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, string> } = {
        name: tool.remoteName,
        arguments: args,
      };
      // The caller's trace context (traceparent, tracestate) goes in `_meta`, where MCP lets a request carry it.
      if (options.traceContext && Object.keys(options.traceContext).length) params._meta = { ...options.traceContext };
      // A resend after a reconnect gets what is left of the limit, not a new one; the time a user spends
      // authorizing a wider scope is not counted.
      const send = (authorizingMs: number) => {
        deadline += authorizingMs;
        return client.callTool(params, undefined, { ...requestOptions, timeout: Math.max(1, deadline - Date.now()) });
      };
      const result = await sendAuthorized(connection.stepUp, send, options.signal);
      const mismatch = settings.checkResult(result); // undefined at once for a tool without an output schema
      return (mismatch && (await mismatch)) ?? answerFromResult(result, tool.name);
    } catch (error) {
      if (options.signal?.aborted) return cancelled();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        return { response: { error: timedOutPayload(tool.name, limit) } };
      }
      if (isConnectionFault(error)) {
        connection.drop(client);
        if (attempt === 0 && settings.retry && connection.canReconnect) continue;
        return failure(
          'ServerUnavailable',
          `The MCP server of tool "${tool.name}" closed the connection: ${describe(error)}`,
        );
      }
      if (error instanceof McpError)
        return { response: { error: { name: 'McpError', code: error.code, message: error.message } } };
      return failure(error instanceof Error ? error.name : 'Error', describe(error));
    }
  }
}

function progressOf(update: ToolProgress): ToolProgress {
  const out: ToolProgress = { progress: update.progress };
  if (update.total !== undefined) out.total = update.total;
  if (update.message !== undefined) out.message = update.message;
  return out;
}

function failure(name: ToolErrorName | (string & {}), message: string): RemoteAnswer {
  return { response: { error: { name, message } } };
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
