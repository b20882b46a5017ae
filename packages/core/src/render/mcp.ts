import type { JsonSchema } from '../json-schema.js';
import type { ToolAnnotations } from '../tool-annotations.js';
import { cloneJson } from './json-value.js';
import { copySchema } from './schema-copy.js';
import { renderTool, type ToolTarget } from './tool-target.js';
import { outputOf, type DeclaredTool, type RenderOptions, type RenderResult } from './types.js';

/** Hints about a tool's behaviour (MCP `ToolAnnotations`); clients must not trust them from untrusted servers. */
export type McpToolAnnotations = ToolAnnotations;

/** A tool as an MCP server lists it (`tools/list`). */
export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations?: McpToolAnnotations;
}

export interface McpToolOptions extends RenderOptions {
  /** A human-readable name for the tool, for display. */
  title?: string;
  annotations?: McpToolAnnotations;
}

/** `inputSchema` is JSON Schema as it is, without the manifest's `x-` keys. */
const mcpTool: ToolTarget<McpTool, McpToolOptions> = {
  names: /^[A-Za-z0-9_.-]{1,128}$/,
  nameMessage: (name) => `MCP tool names are 1 to 128 of A-Z a-z 0-9 _ - . : "${name}"`,
  build(tool, options) {
    const out: Partial<McpTool> = { name: tool.name };
    if (options.title !== undefined) out.title = options.title;
    if (tool.description !== undefined) out.description = tool.description;
    out.inputSchema = { ...copySchema(tool.parameters), type: 'object' };
    if (options.annotations !== undefined) out.annotations = cloneJson(options.annotations);
    return out as McpTool;
  },
};

/** A tool for an MCP server's `tools/list`. */
export function renderMcpTool(tool: DeclaredTool, options: McpToolOptions = {}): RenderResult<McpTool> {
  return renderTool(mcpTool, tool, options);
}

/** {@link renderMcpTool} without the list: the warnings go to `onWarning`. */
export const toMcpTool = /* @__PURE__ */ outputOf(renderMcpTool);
