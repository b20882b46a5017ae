export { tool, toolMethods, type ToolDecorator, type ToolMethodContext } from './tool.js';
export type { ToolOptions, StandardJsonSchemaLike } from './tool-options.js';
export {
  defineTool,
  FunctionTool,
  type DefinedTool,
  type InferToolArgs,
  type ToolDefinition,
  type ToolHandler,
  type TypedStandardSchema,
} from './define-tool.js';
export type { ToolAnnotations } from './tool-annotations.js';
export {
  toolContent,
  imageContent,
  audioContent,
  resourceContent,
  isToolContent,
  type ToolContent,
  type ToolContentBlock,
  type EmbeddedResource,
} from './tool-content.js';
export type { Integer, ToolContext, ToolLogLevel } from './types.js';
export type { JsonSchema, JsonSchemaType, ObjectJsonSchema } from './json-schema.js';
export {
  defineManifest,
  type ToolManifest,
  type ManifestTool,
  type ManifestParam,
  type Revival,
  type DtoModules,
} from './manifest.js';
export type { SchemaChecker } from './schema-checker/marker.js';
export type { FitsManifest, ParametersFit } from './parameters-fit.js';
export { loadManifest, type ManifestJson } from './manifest-check.js';
export {
  toGeminiDeclaration,
  toGeminiSchema,
  toGeminiJsonSchema,
  type DeclaredTool,
  type GeminiFunctionDeclaration,
  type GeminiDeclarationOptions,
  type GeminiSchema,
  type GeminiSchemaOptions,
  type GeminiType,
  type RenderWarning,
  type RenderWarningCode,
  type RenderOptions,
} from './render/index.js';
export {
  Toolbox,
  ToolAbortError,
  ToolTimeoutError,
  checkArguments,
  normalizeResult,
  errorToPayload,
  geminiSchemaToJsonSchema,
  isGeminiSchema,
  closestNames,
  toolContentOf,
  capMedia,
  DEFAULT_MAX_MEDIA_SIZE,
  type MediaOf,
  unknownToolPayload,
  invalidArgumentsPayload,
  timedOutPayload,
  abortedPayload,
  deniedPayload,
  disabledPayload,
  callTimeLimit,
  type ToolErrorName,
  type AjvLikeError,
  type BoundTool,
  type CallOptions,
  type ErrorMapping,
  type FunctionCallLike,
  type FunctionResponseBody,
  type FunctionResponsePart,
  type NormalizeOptions,
  type NormalizedValue,
  type PrecompiledValidator,
  type ToolboxOptions,
  type BoundToolCall,
  type ToolClass,
  type ToolErrorPayload,
  type ToolIssue,
  type ToolProgress,
  type ToolLogEntry,
} from './toolbox/index.js';
export {
  toOpenAITool,
  toOpenAIStrictSchema,
  toAnthropicTool,
  toMcpTool,
  type OpenAITool,
  type OpenAIToolOptions,
  type AnthropicTool,
  type McpTool,
  type McpToolAnnotations,
  type McpToolOptions,
} from './render/index.js';
export { cleanForeignSchema, type GeminiJsonSchemaOptions } from './render/index.js';
export {
  GEMINI_TOOL_NAME,
  GEMINI_MAX_TOOL_NAME_LENGTH,
  PORTABLE_TOOL_NAME_LENGTH,
  GEMINI_PARAMETER_NAME,
  GEMINI_MAX_PARAMETER_NAME_LENGTH,
  GEMINI_MAX_TOOLS,
} from './gemini-limits.js';
