// The public names, each on purpose: the server, the reply builders, the script's types, and the rule functions the
// README documents for checking a request or a declaration without a server. Constants and helpers the rules and the
// server share stay internal.
export {
  startFakeGemini,
  type FakeGemini,
  type FakeGeminiOptions,
  type RecordedRequest,
  type ThinkingOptions,
} from './server.js';
export {
  reply,
  type Reply,
  type ContentReply,
  type ErrorReply,
  type DisconnectReply,
  type ContentOptions,
  type FunctionCallOptions,
  type CallSpec,
  type ErrorOptions,
  type StreamOptions,
  type SignaturePlacement,
} from './replies.js';
export { ScriptExhaustedError, type Handler, type ScriptEntry, type ReplyLike } from './script.js';
export type { FakeRequest } from './request-view.js';
export type { Route } from './routes.js';
export { openApiSchemaProblems, parametersProblems } from './rules/openapi-schema.js';
export { functionNameProblems, parameterNameProblems } from './rules/names.js';
export { functionDeclarationProblems, toolsProblems } from './rules/declarations.js';
export { toolConfigProblems } from './rules/tool-config.js';
export { contentsProblems, contentProblems, partProblems } from './rules/contents.js';
export { functionTurnProblems } from './rules/function-turns.js';
export { ThoughtSignatureLedger, thoughtSignatureProblems, type SignatureSite } from './rules/thought-signatures.js';
export { modelCapabilityProblems } from './rules/model-capabilities.js';
export { requestProblems, type RequestRuleOptions } from './rules/request.js';
export type {
  JsonValue,
  JsonObject,
  FunctionCall,
  FunctionResponse,
  Part,
  Content,
  UsageMetadata,
  Candidate,
  GenerateContentResponse,
  GenerateContentRequest,
  FunctionDeclaration,
  GeminiErrorBody,
} from './wire.js';
