import type { Content, GenerateContentResponse } from '@google/genai';
import type { AgentResult, ToolCallRecord, Usage } from './result.js';

/** Fields every event carries: which run, which turn, and when (epoch ms and ms since the run started). */
export interface EventBase {
  runId: string;
  turn: number;
  time: number;
  elapsedMs: number;
}

/** A piece of the model's answer text, passed on as it arrives (in `run()` a whole reply's text at once). */
export interface TextEvent extends EventBase {
  type: 'text';
  text: string;
}

/** A piece of a thought summary (parts with `thought: true`). */
export interface ThoughtEvent extends EventBase {
  type: 'thought';
  text: string;
}

/** The model asked for a call. Emitted for every call of a turn, in order, before any of them runs. */
export interface ToolCallEvent extends EventBase {
  type: 'tool_call';
  callId: string;
  id?: string;
  name: string;
  args: unknown;
  /** Position of the call in the model's turn. */
  index: number;
}

/** A call finished (in completion order; the responses go back to the model in call order). */
export interface ToolResultEvent extends EventBase {
  type: 'tool_result';
  callId: string;
  id?: string;
  name: string;
  index: number;
  record: ToolCallRecord;
  /** What goes back to the model: `{ output }` or `{ error }`. */
  response: ToolCallRecord['response'];
  ok: boolean;
  durationMs: number;
}

/** A failed request (429/500/503 or as configured) will be retried after `delayMs`. */
export interface RetryEvent extends EventBase {
  type: 'retry';
  attempt: number;
  status?: number;
  delayMs: number;
  error: unknown;
}

/** A model turn ended: its content as received, and for turns with calls, after the tool phase. */
export interface TurnEndEvent extends EventBase {
  type: 'turn_end';
  content?: Content;
  finishReason?: string;
  calls: ToolCallRecord[];
  /** This turn's usage (from the reply's usageMetadata). */
  usage?: Partial<Usage>;
  modelMs: number;
  toolsMs: number;
}

/** Every raw reply (each chunk when streaming), for debugging and custom handling. */
export interface ResponseEvent extends EventBase {
  type: 'response';
  response: GenerateContentResponse;
}

/** The run is over. */
export interface DoneEvent extends EventBase {
  type: 'done';
  result: AgentResult;
}

export type AgentEvent =
  | TextEvent
  | ThoughtEvent
  | ToolCallEvent
  | ToolResultEvent
  | RetryEvent
  | TurnEndEvent
  | ResponseEvent
  | DoneEvent;

export type AgentEventType = AgentEvent['type'];
