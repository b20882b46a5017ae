export type {
  DeclaredTool,
  GeminiFunctionDeclaration,
  GeminiSchema,
  GeminiType,
  RenderWarning,
  RenderWarningCode,
  RenderOptions,
} from './types.js';
export { toGeminiSchema, type GeminiSchemaOptions } from './gemini-schema.js';
export {
  toGeminiDeclaration,
  toGeminiJsonSchema,
  type GeminiDeclarationOptions,
  type GeminiJsonSchemaOptions,
} from './gemini-declaration.js';
export { cleanForeignSchema } from './foreign-schema.js';
export { toOpenAITool, type OpenAITool, type OpenAIToolOptions } from './openai.js';
export { toOpenAIStrictSchema } from './openai-strict.js';
export { toAnthropicTool, type AnthropicTool } from './anthropic.js';
export { toMcpTool, type McpTool, type McpToolAnnotations, type McpToolOptions } from './mcp.js';
