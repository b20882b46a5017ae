export { serveMcp } from './serve/serve-mcp.js';
export { createMcpServer, type McpServerOptions, type ServerInfo } from './serve/create-mcp-server.js';
export type { HttpServe, HttpServeOptions } from './serve/serve-http.js';
export type { StdioServe, StdioServeOptions } from './serve/serve-stdio.js';
export type { AuthorizeResult, RequestGuardOptions } from './serve/request-guard.js';
export { connectMcp } from './connect/connect-mcp.js';
export { McpToolbox, type ConnectMcpOptions, type ToolFilter } from './connect/mcp-toolbox.js';
export type { RemoteTool } from './connect/remote-tool.js';
export type { McpTarget, StdioTarget, HttpTarget } from './connect/targets.js';
