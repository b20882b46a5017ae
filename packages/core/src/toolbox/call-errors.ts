import { abortedPayload, timedOutPayload } from './tool-answers.js';
import type { ToolErrorPayload } from './types.js';

/** A call that cannot go ahead (its arguments, or its tool's schema): the payload the model will see. */
export class CallFailure {
  constructor(readonly payload: ToolErrorPayload) {}
}

/**
 * Whether `result`, made by a step from `given`, is a CallFailure. Identity is tested first: what passes a step comes
 * back as it was given, and `instanceof` costs some 20 ns a call where a loader or bundler keeps names (esbuild's
 * keepNames, which tsx uses, redefines the class's name: toolbox.call took 1.5x as long as without it).
 */
export function failed<T>(result: T | CallFailure, given: unknown): result is CallFailure {
  return result !== given && result instanceof CallFailure;
}

// Brands by Symbol.for: every package ships ESM and CJS, so two copies of core (each build's) can meet in one process,
// where `instanceof` tells a ToolAbortError of the other copy from none. `isInstance` reads the brand instead.
const TOOL_TIMEOUT_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.ToolTimeoutError');
const TOOL_ABORT_ERROR = /* @__PURE__ */ Symbol.for('toolwright.error.ToolAbortError');

/** The tool did not finish within its time limit; the ToolContext signal was aborted with this error. */
export class ToolTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
  ) {
    super(timedOutPayload(toolName, timeoutMs).message);
  }

  /** Whether `value` is a ToolTimeoutError of any copy of `@toolwright/core` (its ESM or CJS build). */
  static isInstance(value: unknown): value is ToolTimeoutError {
    return value != null && (value as { [TOOL_TIMEOUT_ERROR]?: unknown })[TOOL_TIMEOUT_ERROR] === true;
  }

  get [TOOL_TIMEOUT_ERROR](): true {
    return true;
  }
}

/** The caller's signal aborted the call; the ToolContext signal was aborted with this error. */
export class ToolAbortError extends Error {
  override name = 'AbortError';
  constructor(
    readonly toolName: string,
    reason?: unknown,
  ) {
    super(abortedPayload(toolName, reason).message, reason === undefined ? undefined : { cause: reason });
  }

  /** Whether `value` is a ToolAbortError of any copy of `@toolwright/core` (its ESM or CJS build). */
  static isInstance(value: unknown): value is ToolAbortError {
    return value != null && (value as { [TOOL_ABORT_ERROR]?: unknown })[TOOL_ABORT_ERROR] === true;
  }

  get [TOOL_ABORT_ERROR](): true {
    return true;
  }
}
