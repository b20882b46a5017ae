import type { Readable, Writable } from 'node:stream';
import type { Toolbox } from '@toolwright/core';
import { countOption } from '../count-option.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../max-message-bytes.js';
import { BoundedStdioServerTransport } from '../stdio/bounded-server-transport.js';
import { createMcpServer, type McpServerOptions, type ServerInfo } from './create-mcp-server.js';

export interface StdioServeOptions extends McpServerOptions {
  transport: 'stdio';
  info?: ServerInfo;
  /** Default `process.stdin` / `process.stdout` (stdout then belongs to the protocol: log to stderr). */
  stdin?: Readable;
  stdout?: Writable;
  /**
   * The most bytes one line from the client (one message) may take, checked as it arrives (default 16 MiB). A line
   * past it is dropped as it streams in, never held whole; a request in it is answered with an error that names the
   * bound, and the messages after its newline are served as usual.
   */
  maxMessageBytes?: number;
}

export interface StdioServe {
  /** Resolves when the client closes the connection (stdin ends). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/** A Toolbox on stdio, the transport MCP hosts (Claude Desktop, Cursor, ...) spawn servers with. */
export async function serveStdio(toolbox: Toolbox, options: StdioServeOptions): Promise<StdioServe> {
  const maxMessageBytes = countOption(
    'serveMcp',
    'maxMessageBytes',
    options.maxMessageBytes,
    DEFAULT_MAX_MESSAGE_BYTES,
  );
  const server = createMcpServer(toolbox, options.info, options);
  const transport = new BoundedStdioServerTransport(
    options.stdin ?? process.stdin,
    options.stdout ?? process.stdout,
    maxMessageBytes,
  );
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
