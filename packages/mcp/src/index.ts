export { serveMcp } from './serve/serve-mcp.js';
export { createMcpServer, type McpServerOptions, type ServerInfo } from './serve/create-mcp-server.js';
export type { HttpServe, HttpServeOptions } from './serve/serve-http.js';
export type { StdioServe, StdioServeOptions } from './serve/serve-stdio.js';
export type { AuthorizeResult, RequestGuardOptions } from './serve/request-guard.js';
