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
} from './gemini-declaration.js';
