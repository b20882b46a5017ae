import { AgentAbortedError, AgentError, AgentHookError, AgentStreamError, type AgentErrorState } from '../errors.js';
import { StepFailure } from '../steps.js';
import { HookFailure } from './hook-failure.js';
import { StreamBroken } from './model-call/model-reply.js';

/** The AgentError a run rejects with, for whatever ended it. */
export function agentErrorOf(error: unknown, state: AgentErrorState, abortSignal: AbortSignal | undefined): AgentError {
  if (AgentError.isInstance(error)) return error;
  if (error instanceof HookFailure) return new AgentHookError(error.hook, state, error.cause);
  if (abortSignal?.aborted) return new AgentAbortedError(state, abortSignal.reason ?? error);
  if (error instanceof StepFailure) {
    const message = error.cause instanceof Error ? error.cause.message : String(error.cause);
    return new AgentError('step', `The step "${error.name}" failed: ${message}`, state, { cause: error.cause });
  }
  if (error instanceof StreamBroken) {
    const message = error.cause instanceof Error ? error.cause.message : String(error.cause);
    return new AgentStreamError(`The streamed reply broke before it was complete: ${message}`, state, {
      partialText: error.partialText,
      cause: error.cause,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AgentError('api', `The run failed: ${message}`, state, { cause: error });
}
