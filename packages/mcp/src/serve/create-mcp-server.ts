import type { BoundTool, CallOptions, Toolbox } from '@toolwright/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type Implementation,
} from '@modelcontextprotocol/sdk/types.js';
import { toCallToolResult } from './call-result.js';
import { hasObjectOutput, listedTool } from './listed-tool.js';
import { LogLevel } from './log-level.js';
import { logData } from './log-data.js';
import { PACKAGE_VERSION } from '../package-version.js';

/** The name and version a server reports in `initialize`. */
export type ServerInfo = Implementation;

export interface McpServerOptions {
  /** Text for the client on how to use the server (the `instructions` of `initialize`). */
  instructions?: string;
  /**
   * Declare `tools.listChanged` and send `notifications/tools/list_changed` after each `toolbox.add` or `remove`
   * (default true; stateless HTTP serving, which has no stream to send it on, turns it off).
   */
  listChanged?: boolean;
}

export const DEFAULT_SERVER_INFO: ServerInfo = { name: 'toolwright', version: PACKAGE_VERSION };

/**
 * The SDK's (low-level) `Server` with a Toolbox's tools: `tools/list` from the bound tools (the manifest's JSON
 * Schema as it is, which the SDK's zod-based `registerTool` cannot take), `tools/call` through `toolbox.call`.
 * Connect it to any SDK transport, or mount it in your own HTTP framework.
 */
export function createMcpServer(
  toolbox: Toolbox,
  info: ServerInfo = DEFAULT_SERVER_INFO,
  options: McpServerOptions = {},
): Server {
  const listChanged = options.listChanged !== false;
  const server = new Server(info, {
    capabilities: { tools: listChanged ? { listChanged: true } : {}, logging: {} },
    ...(options.instructions !== undefined ? { instructions: options.instructions } : {}),
    // Several adds in one tick make one notification.
    debouncedNotificationMethods: ['notifications/tools/list_changed'],
  });
  if (listChanged) {
    const stop = toolbox.onToolsChanged(() => {
      // Before the client connected, or after it left, there is nobody to tell.
      server.sendToolListChanged().catch(() => {});
    });
    const onclose = server.onclose;
    server.onclose = () => {
      stop();
      onclose?.();
    };
  }

  // The client's level, kept here: a tool's log goes on its call's own stream (which stateless serving has too), not
  // through the SDK's sendLoggingMessage (which needs a standalone stream).
  const logLevel = new LogLevel();
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    logLevel.set(request.params.level);
    return {};
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolbox.tools().map(listedTool) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const tool = toolbox.get(name);
    if (!tool) {
      // MCP's convention for a name the server does not have: a JSON-RPC error, not a tool result. The Toolbox's
      // message quotes the name cut short and lists the closest ones, so the answer stays small whatever was sent.
      const answer = await toolbox.call({ name, args: {} });
      const error = 'error' in answer.functionResponse.response ? answer.functionResponse.response.error.message : '';
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool. ${error}`);
    }
    // Only a tool with a ToolContext can see the signal; for others a cancelled call's answer is dropped by the SDK
    // anyway, and racing the signal has a cost on every call.
    const callOptions: CallOptions = readsContext(tool) ? { signal: extra.signal } : {};
    const token = request.params._meta?.progressToken;
    // Notifications go out in order and before the result (the client stops listening once the result is in).
    let sent: Promise<void> = Promise.resolve();
    const notify = (notification: Parameters<typeof extra.sendNotification>[0]) => {
      sent = sent.then(() => extra.sendNotification(notification)).catch(() => {});
    };
    if (token !== undefined) {
      callOptions.onProgress = (update) =>
        notify({ method: 'notifications/progress', params: { progressToken: token, ...update } });
    }
    callOptions.onLog = ({ level, data, logger }) => {
      if (!logLevel.passes(level)) return;
      const params = {
        level,
        data: logData(data),
        ...(logger !== undefined ? { logger: logger.slice(0, 128) } : {}),
      };
      notify({ method: 'notifications/message', params });
    };
    const part = await toolbox.call({ id: String(extra.requestId), name, args: args ?? {} }, callOptions);
    await sent;
    return toCallToolResult(part, hasObjectOutput(tool));
  });
  return server;
}

/**
 * The tool takes a ToolContext: a manifest `context` parameter, or a manual schema alone (called `(args, context)`).
 */
function readsContext(tool: BoundTool): boolean {
  return tool.manifest === undefined || tool.manifest.params.some((param) => param.kind === 'context');
}
