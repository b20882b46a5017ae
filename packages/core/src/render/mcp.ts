import type { JsonSchema } from '../json-schema.js';
import type { ToolAnnotations } from '../tool-annotations.js';
import { cloneJson, copySchema } from './schema-walk.js';
import { report, type DeclaredTool, type RenderOptions, type RenderWarning } from './types.js';

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

/** MCP's rule for tool names (1 to 128 of A-Z a-z 0-9 _ - .). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** A tool for an MCP server's `tools/list`. `inputSchema` is JSON Schema as it is, without the manifest's `x-` keys. */
export function toMcpTool(tool: DeclaredTool, options: McpToolOptions = {}): McpTool {
  const rendered = renderMcpTool(tool, options);
  report(rendered.warnings, options);
  return rendered.tool;
}

/** {@link toMcpTool} with the list of warnings. */
export function renderMcpTool(tool: DeclaredTool, options: McpToolOptions = {}): { tool: McpTool; warnings: RenderWarning[] } {
  const warnings: RenderWarning[] = [];
  if (!TOOL_NAME.test(tool.name)) {
    warnings.push({
      code: 'name-invalid',
      path: '',
      message: `MCP tool names are 1 to 128 of A-Z a-z 0-9 _ - . : "${tool.name}"`,
      tool: tool.name,
    });
  }
  const out: Partial<McpTool> = { name: tool.name };
  if (options.title !== undefined) out.title = options.title;
  if (tool.description !== undefined) out.description = tool.description;
  out.inputSchema = { ...copySchema(tool.parameters), type: 'object' };
  if (options.annotations !== undefined) out.annotations = cloneJson(options.annotations);
  return { tool: out as McpTool, warnings };
}
