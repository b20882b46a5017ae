import type { Toolbox } from '@toolwright/core';
import { serveHttp, type HttpServe, type HttpServeOptions } from './serve-http.js';
import { serveStdio, type StdioServe, type StdioServeOptions } from './serve-stdio.js';

/** Serves a Toolbox as an MCP server: on stdio (for hosts that spawn it) or on Streamable HTTP. */
export function serveMcp(toolbox: Toolbox, options: StdioServeOptions): Promise<StdioServe>;
export function serveMcp(toolbox: Toolbox, options: HttpServeOptions): Promise<HttpServe>;
export function serveMcp(
  toolbox: Toolbox,
  options: StdioServeOptions | HttpServeOptions,
): Promise<StdioServe | HttpServe> {
  if (options.transport === 'stdio') return serveStdio(toolbox, options);
  if (options.transport === 'http') return serveHttp(toolbox, options);
  throw new TypeError(
    `serveMcp: transport must be 'stdio' or 'http', ` +
      `got ${JSON.stringify((options as { transport?: unknown }).transport)}`,
  );
}
