export { Toolbox } from './toolbox.js';
export { ToolAbortError, ToolTimeoutError } from './call-errors.js';
export { checkArguments } from './check-arguments.js';
export { normalizeResult, errorToPayload, type NormalizeOptions, type NormalizedValue } from './normalize-result.js';
export { geminiSchemaToJsonSchema, isGeminiSchema } from './openapi-schema.js';
export { closestNames } from './closest-names.js';
export { toolContentOf } from './content-response.js';
export { capMedia, DEFAULT_MAX_MEDIA_SIZE, type MediaOf } from './media-cap.js';
export {
  unknownToolPayload,
  invalidArgumentsPayload,
  timedOutPayload,
  abortedPayload,
  deniedPayload,
  disabledPayload,
  callTimeLimit,
  type ToolErrorName,
} from './tool-answers.js';
export type {
  AjvLikeError,
  BoundTool,
  CallOptions,
  ErrorMapping,
  FunctionCallLike,
  FunctionResponseBody,
  FunctionResponsePart,
  PrecompiledValidator,
  ToolboxOptions,
  BoundToolCall,
  ToolClass,
  ToolErrorPayload,
  ToolIssue,
  ToolProgress,
  ToolLogEntry,
} from './types.js';
