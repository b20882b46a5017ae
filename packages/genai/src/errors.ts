import type { Content } from '@google/genai';
import type { Step, Usage } from './result.js';

/** What a run had done when it failed: everything needed to look at it or to resume it. */
export interface AgentErrorState {
  runId: string;
  /**
   * The conversation up to the last complete turn (a model turn together with all its tool results), input
   * included. Pass it to `agent.run(history)` to resume: nothing that was executed is lost.
   */
  history: Content[];
  steps: Step[];
  usage: Usage;
}

// Brands by Symbol.for: every package ships ESM and CJS, so two copies of genai can meet in one process (restate's
// require of one build, your import of the other), where `instanceof` fails. `isInstance` reads the brand instead.
const AGENT_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.AgentError');
const AGENT_API_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.AgentApiError');
const AGENT_STREAM_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.AgentStreamError');
const AGENT_ABORTED_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.AgentAbortedError');
const AGENT_HOOK_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.AgentHookError');

function hasBrand(value: unknown, brand: symbol): boolean {
  return value != null && (value as Record<symbol, unknown>)[brand] === true;
}

/** Base class of the errors a run ends with. */
export class AgentError extends Error {
  override name = 'AgentError';
  /** `step`: the run's step runner failed a step itself (a durable engine's error; the cause says which). */
  readonly code: 'api' | 'stream' | 'aborted' | 'hook' | 'input' | 'step';
  readonly runId: string;
  readonly history: Content[];
  readonly steps: Step[];
  readonly usage: Usage;

  constructor(code: AgentError['code'], message: string, state: AgentErrorState, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.runId = state.runId;
    this.history = state.history;
    this.steps = state.steps;
    this.usage = state.usage;
  }

  /** Whether `value` is an AgentError of any copy of `@toolwright/genai` (its ESM or CJS build). */
  static isInstance(value: unknown): value is AgentError {
    return hasBrand(value, AGENT_ERROR);
  }

  get [AGENT_ERROR](): true {
    return true;
  }
}

/** The API answered with an error (after the configured retries), or the request could not be sent. */
export class AgentApiError extends AgentError {
  override name = 'AgentApiError';
  /** The HTTP status, when there was a response. */
  readonly status?: number;
  /** Attempts made for the failing request (1 + retries). */
  readonly attempts: number;

  constructor(
    message: string,
    state: AgentErrorState,
    details: { status?: number; attempts: number; cause?: unknown },
  ) {
    super('api', message, state, { cause: details.cause });
    if (details.status !== undefined) this.status = details.status;
    this.attempts = details.attempts;
  }

  /** Whether `value` is an AgentApiError of any copy of `@toolwright/genai` (its ESM or CJS build). */
  static override isInstance(value: unknown): value is AgentApiError {
    return hasBrand(value, AGENT_API_ERROR);
  }

  get [AGENT_API_ERROR](): true {
    return true;
  }
}

/** A streamed reply broke before it was complete. The partial turn is not in `history`. */
export class AgentStreamError extends AgentError {
  override name = 'AgentStreamError';
  /** The text that had already been streamed for the broken turn. */
  readonly partialText: string;

  constructor(message: string, state: AgentErrorState, details: { partialText: string; cause?: unknown }) {
    super('stream', message, state, { cause: details.cause });
    this.partialText = details.partialText;
  }

  /** Whether `value` is an AgentStreamError of any copy of `@toolwright/genai` (its ESM or CJS build). */
  static override isInstance(value: unknown): value is AgentStreamError {
    return hasBrand(value, AGENT_STREAM_ERROR);
  }

  get [AGENT_STREAM_ERROR](): true {
    return true;
  }
}

/** The run's AbortSignal fired (or a stream consumer stopped early). */
export class AgentAbortedError extends AgentError {
  override name = 'AgentAbortedError';

  constructor(state: AgentErrorState, cause?: unknown) {
    super('aborted', 'The run was aborted', state, { cause });
  }

  /** Whether `value` is an AgentAbortedError of any copy of `@toolwright/genai` (its ESM or CJS build). */
  static override isInstance(value: unknown): value is AgentAbortedError {
    return hasBrand(value, AGENT_ABORTED_ERROR);
  }

  get [AGENT_ABORTED_ERROR](): true {
    return true;
  }
}

/** A hook (`beforeToolCall`, `afterToolCall`) threw: a programmer error, so the run stops. */
export class AgentHookError extends AgentError {
  override name = 'AgentHookError';
  readonly hook: string;

  constructor(hook: string, state: AgentErrorState, cause: unknown) {
    super('hook', `The ${hook} hook threw: ${cause instanceof Error ? cause.message : String(cause)}`, state, {
      cause,
    });
    this.hook = hook;
  }

  /** Whether `value` is an AgentHookError of any copy of `@toolwright/genai` (its ESM or CJS build). */
  static override isInstance(value: unknown): value is AgentHookError {
    return hasBrand(value, AGENT_HOOK_ERROR);
  }

  get [AGENT_HOOK_ERROR](): true {
    return true;
  }
}
