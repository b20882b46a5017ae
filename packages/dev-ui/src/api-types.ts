// What the page and the server say to each other over HTTP (JSON). Types only: the page's bundle imports them too.

/** `GET /api/tools`: every tool, with its declaration in both Gemini dialects. */
export interface ToolsAnswer {
  title: string;
  /** Whether an Agent is there to chat with. */
  chat: boolean;
  tools: ToolInfo[];
  /** Declarations that could not be rendered (a broken schema), with the reason. */
  problems: string[];
}

export interface ToolInfo {
  name: string;
  description?: string;
  /** The declaration with `parameters` (Gemini's OpenAPI 3.0 subset), as the model gets it in that dialect. */
  openapi: Record<string, unknown>;
  /** The declaration with `parametersJsonSchema`, as the model gets it in that dialect. */
  jsonSchema: Record<string, unknown>;
}

/** `POST /api/tools/:name/call` takes `{ args }` and answers what the Toolbox answered, and how long it took. */
export interface ToolCallAnswer {
  /** The Toolbox's answer as it is: `{ functionResponse: { name, response: { output } | { error } } }`. */
  part: { functionResponse: { id?: string; name?: string; response?: Record<string, unknown>; parts?: unknown[] } };
  ok: boolean;
  durationMs: number;
  /** What the tool said while it ran (`context.log` and `context.progress`), in order, ms since the call started. */
  notes: ToolNote[];
}

export type ToolNote =
  | { kind: 'log'; atMs: number; level: string; data: unknown; logger?: string }
  | { kind: 'progress'; atMs: number; progress: number; total?: number; message?: string };

/** An error answer of the API: `{ error: { message } }` with a 4xx or 5xx status. */
export interface ApiError {
  error: { message: string };
}

/** `GET /api/runs`: the runs of this session, newest last. */
export interface RunsAnswer {
  runs: RunTrace[];
}

/** One Agent run as the trace timeline draws it. Times are ms since the run started. */
export interface RunTrace {
  runId: string;
  chatId: string;
  /** The user's message that started the run. */
  input: string;
  /** Epoch ms when the run started. */
  startedAt: number;
  status: 'running' | 'done' | 'error';
  /** ms from start to the last event seen (the whole run once it is over). */
  durationMs: number;
  stopReason?: string;
  /** The run's error message, when it failed. */
  error?: string;
  text: string;
  usage: TokenUsage;
  turns: TurnTrace[];
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  thoughtsTokens: number;
  totalTokens: number;
  requests: number;
}

export interface TurnTrace {
  turn: number;
  /** The model's text in this turn (thoughts left out). */
  text: string;
  /** When the model request started and how long it took (retries and their waits included). */
  modelStartMs: number;
  modelMs?: number;
  finishReason?: string;
  usage?: Partial<TokenUsage>;
  retries: RetryTrace[];
  calls: CallTrace[];
}

export interface RetryTrace {
  atMs: number;
  attempt: number;
  status?: number;
  delayMs: number;
  message: string;
}

export interface CallTrace {
  callId: string;
  name: string;
  args: unknown;
  startMs: number;
  durationMs?: number;
  /** What went back to the model: `{ output }` or `{ error }`; absent while the call runs. */
  response?: unknown;
  ok?: boolean;
  outcome?: string;
}
