import type {
  ContentUnion,
  FunctionResponse,
  GenerateContentConfig,
  GoogleGenAI,
  Tool,
  ToolConfig,
} from '@google/genai';
import type { AgentEvent } from './events.js';
import type { StepRunner } from './steps.js';
import type { TelemetryOption } from './telemetry.js';
import type { CallingOption } from './prompt-calling/calling-option.js';
import type { DeclarationDialect, ToolboxLike } from './toolbox-like.js';

/** The part of a `GoogleGenAI` client the Agent uses. */
export type AgentClient = { models: Pick<GoogleGenAI['models'], 'generateContent' | 'generateContentStream'> };

/** Retries of failed model requests, with exponential backoff; a Retry-After (header or RetryInfo) wins. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** HTTP statuses that are retried. Default [429, 500, 503]. */
  statuses?: number[];
  /** Retry requests that got no answer at all (connection refused or reset, "fetch failed"). Default true. */
  connectionErrors?: boolean;
  /** First delay. Default 500 ms; doubled each retry (`factor`), with up to 20% random jitter. */
  initialDelayMs?: number;
  /** Multiplier of the delay per retry. Default 2. */
  factor?: number;
  /** Upper bound of one delay, Retry-After included. Default 30 s. */
  maxDelayMs?: number;
  /**
   * Read the Retry-After header of failed replies. The SDK's ApiError does not carry headers, so the Agent passes
   * a fetch wrapper in the request's `httpOptions`. It delegates to `retry.fetch`, else to `config.httpOptions.fetch`,
   * else to the client's own fetch (read from the SDK's private options; where they are out of reach, the Agent
   * wraps nothing and reads statuses from the SDK's errors). Default true.
   */
  readRetryAfterHeader?: boolean;
  /** The fetch the wrapper delegates to. */
  fetch?: typeof fetch;
}

/** A tool call as the Agent's hooks see it: the model's call with its place in the run. */
export interface AgentToolCall {
  runId: string;
  turn: number;
  /** The model's id, or one made up by the Agent when the model sent none. */
  callId: string;
  id?: string;
  name: string;
  args: unknown;
  /** Position of the call in the model's turn. */
  index: number;
  /** Aborted when the run is. */
  signal: AbortSignal;
}

/**
 * `beforeToolCall`'s answer: nothing or `true` approves; `false` or `{ deny }` refuses (the model gets an error
 * response with the reason); `{ args }` runs the call with these arguments instead.
 */
export type BeforeToolCallDecision =
  | void
  | boolean
  | { deny: string | { message: string; [key: string]: unknown } }
  | { args: unknown };

/** `afterToolCall` may replace the response the model gets (to redact, summarise, ...). */
export type AfterToolCallDecision = void | { response: NonNullable<FunctionResponse['response']> };

export interface AgentHooks {
  /** Before each call runs: approve (nothing or `true`), refuse (`false` or `{ deny }`) or change it (`{ args }`). */
  beforeToolCall?: (call: AgentToolCall) => BeforeToolCallDecision | Promise<BeforeToolCallDecision>;
  /** After each call: return `{ response }` to replace what the model gets (to redact, summarise, ...). */
  afterToolCall?: (
    call: AgentToolCall,
    result: { response: NonNullable<FunctionResponse['response']>; ok: boolean; durationMs: number },
  ) => AfterToolCallDecision | Promise<AfterToolCallDecision>;
  /** Every event of every run, streamed or not. Must not throw (errors are reported to the debug log). */
  onEvent?: (event: AgentEvent) => void;
}

/** Sampling and other settings sent with every request; the Agent owns tools, toolConfig and the signal. */
export type AgentModelConfig = Omit<
  GenerateContentConfig,
  'tools' | 'toolConfig' | 'systemInstruction' | 'abortSignal' | 'automaticFunctionCalling'
>;

/**
 * A Toolbox, or one of Gemini's built-in tools (`{ googleSearch: {} }`, `{ codeExecution: {} }`, `{ urlContext: {} }`).
 */
export type AgentTool = ToolboxLike | Tool;

export interface AgentOptions extends AgentHooks {
  /**
   * genai's `GeminiRestClient` (the Gemini API with a key), `@google/genai`'s `GoogleGenAI` (Gemini API or Vertex
   * AI), or anything with their `models.generateContent(Stream)`.
   */
  client: AgentClient;
  /** The model name, e.g. `gemini-2.5-flash`. */
  model: string;
  /** One Toolbox, or several beside built-in tools. Function names must be unique across Toolboxes. */
  tools?: AgentTool | AgentTool[];
  /** Sent as the request's `systemInstruction` on every turn. */
  systemInstruction?: ContentUnion;
  /** Settings sent with every request (temperature, maxOutputTokens, thinkingConfig, safetySettings, ...). */
  config?: AgentModelConfig;
  /**
   * Function calling mode: AUTO (default), ANY, NONE, VALIDATED, and `allowedFunctionNames`, passed through.
   * ANY is kept for `forcedTurns` turns and then becomes `fallbackMode`, so a run cannot call tools forever.
   */
  toolConfig?: ToolConfig;
  /** Turns that keep mode ANY before `fallbackMode`. Default 1. */
  forcedTurns?: number;
  /** The mode after the forced turns. Default AUTO (`allowedFunctionNames` is dropped, as AUTO refuses it). */
  fallbackMode?: 'AUTO' | 'NONE' | 'VALIDATED';
  /** Model turns that may call tools. Default 10. Then the results are sent and a final answer is asked for. */
  maxTurns?: number;
  /** Calls of one turn that run at once. Default 8. */
  concurrency?: number;
  /** Run the calls of a turn one after another (same as `concurrency: 1`). */
  sequential?: boolean;
  /**
   * Time limit per call of a tool that sets none of its own: one for all tools, or per tool name (`'*'` for the
   * rest). A tool's own `@tool({ timeoutMs })` wins over it; it wins over the Toolbox's `timeoutMs`. Unset: the
   * tool's own or the Toolbox's limit applies, and a tool of a core Toolbox with neither gets 300,000 ms (5 minutes),
   * so that a call that never settles cannot hold a run forever. 0 or Infinity: no limit.
   */
  toolTimeoutMs?: number | Record<string, number>;
  /**
   * Time limit of one model request attempt: with no answer for this long (streaming: no new chunk), the attempt is
   * given up and retried as a request that got no answer (`retry.connectionErrors`). Default 600,000 ms (10 minutes,
   * as long as a long thinking answer may take before its first byte). 0 or Infinity: no limit.
   */
  requestTimeoutMs?: number;
  /**
   * Error responses in a row that one tool may give in a run; after that its calls are answered with an error
   * without running it. Default 3.
   */
  maxToolErrors?: number;
  /** Retries of failed model requests. `false` turns them off. */
  retry?: RetryOptions | false;
  /**
   * How tools are called: `'native'` (Gemini function calling), `'prompt'` (described in the prompt, calls read
   * from the model's text, for models without function calling such as Gemma), `'auto'` (default: native, prompt
   * for `gemma-*` models and for models whose API refuses tools), or `{ mode: 'prompt', format, instructions }`.
   * Events, hooks, limits and the history work the same in both modes.
   */
  calling?: CallingOption;
  /** Declaration dialect asked from the Toolboxes. Default: the Toolbox's own default. */
  dialect?: DeclarationDialect;
  /**
   * Log each request sent, each raw reply and each parsed call: `true` writes to stderr, a function receives the
   * lines. The environment variable TOOLWRIGHT_DEBUG=1 turns it on too.
   */
  debug?: boolean | ((line: string) => void);
  /**
   * Runs each model request and each tool call as a step (a durable engine's journaled step). Default: inline.
   * See `StepRunner`; `@toolwright/restate` passes one per run.
   */
  step?: StepRunner;
  /**
   * OpenTelemetry spans for every run (`invoke_agent`, `chat`, `execute_tool`), through `@opentelemetry/api`:
   * `true`, or `{ tracer, recordInputs, recordOutputs, agentName }`. Default: off (nothing is loaded or recorded).
   */
  telemetry?: TelemetryOption;
}

/** Options of one run (or one chat send). */
export interface RunOptions {
  signal?: AbortSignal;
  /** Events of this run only, beside the Agent's `onEvent`. */
  onEvent?: (event: AgentEvent) => void;
  /** The step runner of this run, over the Agent's `step`. */
  step?: StepRunner;
  /** Telemetry of this run: its fields win over the Agent's; `false` turns it off for this run. */
  telemetry?: TelemetryOption;
  /**
   * Asked for each call after the Agent's `beforeToolCall` (which it sees the arguments of): the first refusal
   * wins. A durable engine's approvals come in here.
   */
  beforeToolCall?: AgentHooks['beforeToolCall'];
  /**
   * The run's id (default: a new one). A durable engine passes its invocation's id, so that a replayed run makes
   * the same call ids as the first execution did.
   */
  runId?: string;
}
