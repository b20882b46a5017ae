import { toMcpTool, type BoundTool, type JsonSchema } from '@toolwright/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

const listed = new WeakMap<BoundTool, Tool>();

/**
 * A bound tool as `tools/list` shows it: the manifest's JSON Schema as `inputSchema`, the return schema as
 * `outputSchema` where the tool returns an object (MCP's structured results are objects), and the annotations with
 * their `title`. Rendered once per bound tool (a Toolbox's tools are immutable).
 */
export function listedTool(tool: BoundTool): Tool {
  let out = listed.get(tool);
  if (out) return out;
  const title = tool.annotations?.title;
  const rendered = toMcpTool(
    {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.parameters,
    },
    { ...(title !== undefined ? { title } : {}), ...(tool.annotations ? { annotations: tool.annotations } : {}) },
  );
  out = rendered as Tool;
  if (hasObjectOutput(tool)) out.outputSchema = JSON.parse(JSON.stringify(tool.returns)) as Tool['outputSchema'];
  listed.set(tool, out);
  return out;
}

/** The tool returns an object, so it lists an `outputSchema` and answers `structuredContent` (MCP's are objects). */
export function hasObjectOutput(tool: BoundTool): boolean {
  const returns: JsonSchema | undefined = tool.returns;
  return typeof returns === 'object' && returns !== null && returns.type === 'object';
}
