export { startFakeGemini, type FakeGemini, type FakeGeminiOptions, type RecordedRequest, type ThinkingOptions } from './server.js';
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
export { splitIntoEvents, sseEvent } from './sse.js';
export * from './rules/index.js';
export { geminiErrorBody, invalidArgumentBody, retryInfoDetail, statusName, STATUS_NAMES } from './errors.js';
export type * from './wire.js';
