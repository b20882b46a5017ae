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
  ToolCallInfo,
  BeforeToolCallDecision,
  AfterToolCallDecision,
} from './options.js';
export type { AgentResult, StopReason, Step, ToolCallRecord, Usage } from './result.js';
export { toContents } from './input.js';
export type { StepRunner, StepDetail, ModelStepDetail, ToolStepDetail } from './steps.js';
export type { ToolboxLike, ToolCallInput, ToolCallOutput, DeclarationDialect } from './toolbox-like.js';
