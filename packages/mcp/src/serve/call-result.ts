import { toolContentOf, type FunctionResponsePart } from '@toolwright/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * A Toolbox answer as an MCP `CallToolResult`. `{ output }` becomes text content (a string as it is, anything else
 * as JSON) and, for a tool with an `outputSchema`, `structuredContent` too. `{ error }` becomes `isError: true` with
 * the message the model would read, and the whole error object as JSON after it (its issues, closest names, ...).
 * A tool that returned `toolContent(...)` answers with its blocks as they are: text, images, audio, resources.
 */
export function toCallToolResult(part: FunctionResponsePart, structured: boolean): CallToolResult {
  const response = part.functionResponse.response;
  if ('error' in response) {
    const { message, ...details } = response.error;
    const content: CallToolResult['content'] = [{ type: 'text', text: message }];
    if (Object.keys(details).length > 0) content.push({ type: 'text', text: JSON.stringify(response.error) });
    return { content, isError: true };
  }
  const blocks = toolContentOf(part);
  if (blocks) return { content: blocks.map((block) => ({ ...block })) as CallToolResult['content'] };
  const output = response.output;
  const text = typeof output === 'string' ? output : JSON.stringify(output ?? null);
  const result: CallToolResult = { content: [{ type: 'text', text }] };
  if (structured && typeof output === 'object' && output !== null && !Array.isArray(output)) {
    result.structuredContent = output as Record<string, unknown>;
  }
  return result;
}
