import type { Content, FunctionResponse } from '@google/genai';

/**
 * Why a run ended.
 * - `stop`: the model answered (finish reason STOP, or no reason given).
 * - `max_turns`: the turn limit was reached; the last tool results were sent and the model answered with
 *   function calling off (calls it made anyway are not run, and are left out of the history).
 * - `max_tokens`: the final answer was cut by `maxOutputTokens`.
 * - `safety`: the reply or the prompt was blocked (SAFETY, RECITATION, BLOCKLIST, PROHIBITED_CONTENT, SPII, ...).
 * - `malformed_call` / `unexpected_tool_call`: the model produced a broken or unexpected call twice in a row
 *   (the first one is retried with feedback).
 * - `too_many_tool_calls`: the API ended the turn with TOO_MANY_TOOL_CALLS.
 * - `empty_response`: the model answered with nothing, twice (the first is asked again).
 * - `other`: any other finish reason (LANGUAGE, OTHER, ...); the raw value is in `finishReason`.
 * An aborted run, a failed API call or a broken stream do not return a result: they reject with an AgentError.
 */
export type StopReason =
  | 'stop'
  | 'max_turns'
  | 'max_tokens'
  | 'safety'
  | 'malformed_call'
  | 'unexpected_tool_call'
  | 'too_many_tool_calls'
  | 'empty_response'
  | 'other';

/** Token counts summed over every request of a run. */
export interface Usage {
  promptTokenCount: number;
  candidatesTokenCount: number;
  thoughtsTokenCount: number;
  toolUsePromptTokenCount: number;
  cachedContentTokenCount: number;
  totalTokenCount: number;
  /** Number of model requests made (retries of failed HTTP requests not counted). */
  requests: number;
}

/** One executed (or refused) tool call. */
export interface ToolCallRecord {
  /** The model's call id, or one made up by the Agent (`<runId>:<turn>:<index>`) when the model sent none. */
  callId: string;
  /** The model's own id, when it sent one (echoed in the response). */
  id?: string;
  name: string;
  /** The arguments the model sent. */
  args: unknown;
  /** The arguments the tool ran with, when `beforeToolCall` changed them. */
  editedArgs?: unknown;
  /** What went back to the model: `{ output }` or `{ error }`. */
  response: FunctionResponse['response'];
  ok: boolean;
  /** How the call ended: ran, denied by `beforeToolCall`, skipped after too many errors, or aborted. */
  outcome: 'ran' | 'denied' | 'skipped' | 'aborted';
  startedAt: number;
  durationMs: number;
}

/** One model request and the tool calls it asked for. */
export interface Step {
  turn: number;
  /** The model's content as received (absent when the reply had none, e.g. a malformed call). */
  content?: Content;
  /** The raw finish reason of the reply. */
  finishReason?: string;
  finishMessage?: string;
  calls: ToolCallRecord[];
  /** Time of the model request (including retries). */
  modelMs: number;
  /** Time of the tool phase (all calls, concurrent). */
  toolsMs: number;
  /** Failed HTTP attempts that were retried. */
  retries: number;
}

export interface AgentResult {
  /** The text of the final model reply (thoughts left out). */
  text: string;
  /** The whole conversation, input included, ready to pass to `run()` or `chat({ history })` to continue. */
  history: Content[];
  steps: Step[];
  usage: Usage;
  stopReason: StopReason;
  /** The raw finish reason of the last reply. */
  finishReason?: string;
  finishMessage?: string;
  runId: string;
  durationMs: number;
}
