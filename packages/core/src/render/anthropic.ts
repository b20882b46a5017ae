import type { JsonSchema } from '../json-schema.js';
import { copySchema } from './schema-walk.js';
import { report, type DeclaredTool, type RenderOptions, type RenderWarning } from './types.js';

/** A client tool for Anthropic's Messages API. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: JsonSchema;
}

/** Anthropic's rule for tool names. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A tool for Anthropic's Messages API. `input_schema` takes JSON Schema as it is (`$defs`, `anyOf`, `const`,
 * `additionalProperties` included), so the parameters are copied without the manifest's private `x-` keys.
 */
export function toAnthropicTool(tool: DeclaredTool, options: RenderOptions = {}): AnthropicTool {
  const rendered = renderAnthropicTool(tool);
  report(rendered.warnings, options);
  return rendered.tool;
}

/** {@link toAnthropicTool} with the list of warnings. */
export function renderAnthropicTool(tool: DeclaredTool): { tool: AnthropicTool; warnings: RenderWarning[] } {
  const warnings: RenderWarning[] = [];
  if (!TOOL_NAME.test(tool.name)) {
    warnings.push({
      code: 'name-invalid',
      path: '',
      message: `Anthropic tool names are [A-Za-z0-9_-]{1,64}: "${tool.name}"`,
      tool: tool.name,
    });
  }
  const input_schema = copySchema(tool.parameters);
  const out: AnthropicTool =
    tool.description === undefined
      ? { name: tool.name, input_schema }
      : { name: tool.name, description: tool.description, input_schema };
  return { tool: out, warnings };
}
