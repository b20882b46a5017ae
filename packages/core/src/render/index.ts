export type {
  DeclaredTool,
  GeminiFunctionDeclaration,
  GeminiSchema,
  GeminiType,
  RenderResult,
  RenderWarning,
  RenderWarningCode,
} from './types.js';
export { toGeminiSchema, type GeminiSchemaOptions } from './gemini-schema.js';
export {
  toGeminiDeclaration,
  renderGeminiDeclaration,
  toGeminiJsonSchema,
  type GeminiDeclarationOptions,
  type GeminiJsonSchemaOptions,
} from './gemini-declaration.js';
export { inlineRefs } from './inline-refs.js';
export { toOpenAITool, toOpenAIStrictSchema, type OpenAITool, type OpenAIToolOptions } from './openai.js';
export { toAnthropicTool, type AnthropicTool } from './anthropic.js';
export { toMcpTool, type McpTool, type McpToolAnnotations, type McpToolOptions } from './mcp.js';
