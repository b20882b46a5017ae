export { Agent, type AgentStream } from './agent.js';
export { Chat, type ChatOptions } from './chat.js';
export { toCallableTool, type CallableToolOptions } from './callable-tool.js';
export {
  AgentError,
  AgentApiError,
  AgentStreamError,
  AgentAbortedError,
  AgentHookError,
  type AgentErrorState,
} from './errors.js';
export type {
  AgentEvent,
  AgentEventType,
  EventBase,
  TextEvent,
  ThoughtEvent,
  ToolCallEvent,
  ToolResultEvent,
  RetryEvent,
  TurnEndEvent,
  ResponseEvent,
  DoneEvent,
} from './events.js';
export type { AgentInput } from './input.js';
export type {
  AgentOptions,
  AgentClient,
  AgentHooks,
  AgentModelConfig,
  AgentTool,
  RetryOptions,
  RunOptions,
  AgentToolCall,
  BeforeToolCallDecision,
  AfterToolCallDecision,
} from './options.js';
export type { AgentResult, StopReason, Step, ToolCallRecord, Usage } from './result.js';
export { toContents } from './input.js';
export { GeminiRestClient, type GeminiRestClientOptions } from './rest-client/gemini-rest-client.js';
export { GeminiApiError } from './rest-client/api-error.js';
export { GeminiReply } from './rest-client/gemini-reply.js';
export type {
  StepRunner,
  StepBatchRunner,
  StepCall,
  StepDetail,
  ModelStepDetail,
  ToolStepDetail,
  ToolAnswer,
} from './steps.js';
export type {
  TelemetryOption,
  TelemetryOptions,
  TelemetryTracer,
  TelemetrySpan,
  TelemetryAttributeValue,
} from './telemetry.js';
export {
  toUIMessageStream,
  toUIMessageStreamResponse,
  type UIMessageChunk,
  type UIMessageStreamOptions,
  type UIMessageStreamResponseOptions,
} from './ui-message-stream.js';
export { pipeUIMessageStreamToResponse, type NodeServerResponseLike } from './ui-message-stream-node.js';
export { fromUIMessages, type UIMessageLike, type UIMessagePartLike } from './ui-messages.js';
export type { ToolboxLike, ToolCallInput, ToolCallOutput, DeclarationDialect } from './toolbox-like.js';
export type { CallFormat } from './prompt-calling/parsed-reply.js';
export type { CallingOption, PromptCallingOptions } from './prompt-calling/calling-option.js';
