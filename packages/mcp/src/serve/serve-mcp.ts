import type { Toolbox } from '@toolwright/core';
import { serveHttp, type HttpServe, type HttpServeOptions } from './serve-http.js';
import { serveStdio, type StdioServe, type StdioServeOptions } from './serve-stdio.js';

/**
 * Serves a Toolbox as an MCP server on stdio, for a host that spawns it (Claude Desktop, an IDE, `connectMcp`).
 *
 * @example
 * ```ts
 * import { serveMcp } from '@toolwright/mcp';
 *
 * await serveMcp(new Toolbox([new WeatherService()], manifest), { transport: 'stdio' });
 * ```
 */
export function serveMcp(toolbox: Toolbox, options: StdioServeOptions): Promise<StdioServe>;
/**
 * Serves a Toolbox as an MCP server on Streamable HTTP. Only what `authorize` grants passes.
 *
 * @example
 * ```ts
 * import { serveMcp } from '@toolwright/mcp';
 *
 * const { url, close } = await serveMcp(toolbox, {
 *   transport: 'http',
 *   port: 3000,
 *   authorize: (request) => request.headers.authorization === `Bearer ${process.env.MCP_TOKEN}`,
 * });
 * ```
 */
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
