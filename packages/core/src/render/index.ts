export type {
  DeclaredTool,
  GeminiFunctionDeclaration,
  GeminiSchema,
  GeminiType,
  RenderResult,
  RenderWarning,
  RenderWarningCode,
  RenderOptions,
} from './types.js';
export { toGeminiSchema, renderGeminiSchema, type GeminiSchemaOptions } from './gemini-schema.js';
export {
  toGeminiDeclaration,
  renderGeminiDeclaration,
  toGeminiJsonSchema,
  renderGeminiJsonSchema,
  type GeminiDeclarationOptions,
  type GeminiJsonSchemaOptions,
} from './gemini-declaration.js';
export { cleanForeignSchema } from './foreign-schema.js';
export { toOpenAITool, renderOpenAITool, type OpenAITool, type OpenAIToolOptions } from './openai.js';
export { toOpenAIStrictSchema, renderOpenAIStrictSchema } from './openai-strict.js';
export { toAnthropicTool, renderAnthropicTool, type AnthropicTool } from './anthropic.js';
export { toMcpTool, renderMcpTool, type McpTool, type McpToolAnnotations, type McpToolOptions } from './mcp.js';
