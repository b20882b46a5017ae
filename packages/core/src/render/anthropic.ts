import type { JsonSchema } from '../json-schema.js';
import { copySchema } from './schema-copy.js';
import { renderTool, toolHead, type ToolTarget } from './tool-target.js';
import { outputOf, type DeclaredTool, type RenderOptions, type RenderResult } from './types.js';

/** A client tool for Anthropic's Messages API. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: JsonSchema;
}

/** `input_schema` takes JSON Schema as it is (`$defs`, `anyOf`, `const`, `additionalProperties` included). */
const anthropicTool: ToolTarget<AnthropicTool, RenderOptions> = {
  names: /^[A-Za-z0-9_-]{1,64}$/,
  nameMessage: (name) => `Anthropic tool names are [A-Za-z0-9_-]{1,64}: "${name}"`,
  build: (tool) => ({ ...toolHead(tool), input_schema: copySchema(tool.parameters) }),
};

/** A tool for Anthropic's Messages API: the parameters are copied without the manifest's private `x-` keys. */
export function renderAnthropicTool(tool: DeclaredTool, options: RenderOptions = {}): RenderResult<AnthropicTool> {
  return renderTool(anthropicTool, tool, options);
}

/** {@link renderAnthropicTool} without the list: the warnings go to `onWarning`. */
export const toAnthropicTool = /* @__PURE__ */ outputOf(renderAnthropicTool);
