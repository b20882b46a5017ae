import type { JsonSchema } from '../json-schema.js';
import { renderOpenAIStrictSchema } from './openai-strict.js';
import { copySchema } from './schema-copy.js';
import { renderTool, toolHead, type ToolTarget } from './tool-target.js';
import { outputOf, type DeclaredTool, type RenderOptions, type RenderResult } from './types.js';

/** A tool for OpenAI's Chat Completions API. */
export interface OpenAITool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters: JsonSchema;
    strict?: boolean;
  };
}

export interface OpenAIToolOptions extends RenderOptions {
  /**
   * Strict mode (structured outputs): the model's arguments always match the schema, which must then keep to
   * OpenAI's subset. Default false.
   */
  strict?: boolean;
}

const openAITool: ToolTarget<OpenAITool, OpenAIToolOptions> = {
  names: /^[A-Za-z0-9_-]{1,64}$/,
  nameMessage: (name) => `OpenAI function names are [A-Za-z0-9_-]{1,64}: "${name}"`,
  build(tool, options, warnings) {
    let parameters: JsonSchema;
    if (options.strict) {
      const rendered = renderOpenAIStrictSchema(tool.parameters);
      parameters = rendered.output;
      warnings.push(...rendered.warnings);
    } else {
      parameters = copySchema(tool.parameters);
    }
    return { type: 'function', function: { ...toolHead(tool), parameters, strict: options.strict === true } };
  },
};

/** A tool for OpenAI's Chat Completions API; with `strict`, the parameters follow strict mode's rules. */
export function renderOpenAITool(tool: DeclaredTool, options: OpenAIToolOptions = {}): RenderResult<OpenAITool> {
  return renderTool(openAITool, tool, options);
}

/** {@link renderOpenAITool} without the list: the warnings go to `onWarning`. */
export const toOpenAITool = /* @__PURE__ */ outputOf(renderOpenAITool);
