import type { Readable, Writable } from 'node:stream';
import type { Toolbox } from '@toolwright/core';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions, type ServerInfo } from './create-mcp-server.js';

export interface StdioServeOptions extends McpServerOptions {
  transport: 'stdio';
  info?: ServerInfo;
  /** Default `process.stdin` / `process.stdout` (stdout then belongs to the protocol: log to stderr). */
  stdin?: Readable;
  stdout?: Writable;
}

export interface StdioServe {
  /** Resolves when the client closes the connection (stdin ends). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** A Toolbox on stdio, the transport MCP hosts (Claude Desktop, Cursor, ...) spawn servers with. */
export async function serveStdio(toolbox: Toolbox, options: StdioServeOptions): Promise<StdioServe> {
  const server = createMcpServer(toolbox, options.info, options);
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  let onClosed!: () => void;
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  const stopListening = server.onclose;
  server.onclose = () => {
    stopListening?.();
    onClosed();
  };
  (options.stdin ?? process.stdin).once('end', () => void server.close());
  await server.connect(transport);
  return { closed, close: () => server.close() };
}
