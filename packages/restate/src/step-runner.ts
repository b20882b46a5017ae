import * as restate from '@restatedev/restate-sdk';
import { checkSdkRuns } from './sdk-support.js';
import { AgentError, type StepBatchRunner, type StepCall, type StepRunner } from '@toolwright/genai';

/**
 * A step runner on an invocation's journal: each step is a `ctx.run`. Restate retries a `ctx.run` that throws a
 * plain error under the invocation's retry policy (by default 70 attempts, backing off to a minute, then the
 * invocation pauses); two kinds of failure must not be retried that way:
 * - A model request that failed after the Agent's own retry policy (AgentApiError) becomes a TerminalError inside
 *   the step: the policy already bounded the attempts (and their cost); retrying it again under Restate would ask a
 *   failing API up to 70 times more, each with the Agent's retries, and a journaled failure replays as the same
 *   failure.
 * - Tool errors never reach here: the Agent turns them into responses the model reads, journaled as results.
 * Anything else (an SDK or I/O fault) stays retryable, as Restate intends for transient faults.
 *
 * A turn's tool steps are one batch (`all`): every `ctx.run` is made in call order, and the batch is awaited once
 * through `RestatePromise.allSettled`. The SDK drives an invocation from one waiter: two of its promises awaited at
 * once (a native `Promise.all`) fail the attempt with "awaitNext already pending", and the replay that follows runs
 * again every step whose result was not journaled yet. Each closure still proposes its result the moment its tool
 * returns, so the window in which a finished side effect is not yet journaled is one round trip to Restate.
 *
 * Restate's cancel rejects the awaited step with a CancelledError: the run's controller is aborted with it, so the
 * model request or the tools running in the step see their signal fire.
 */
export function restateSteps(ctx: restate.Context, controller: AbortController): StepRunner {
  try {
    checkSdkRuns();
  } catch (error) {
    // Inside a handler: a terminal failure the caller sees, not an attempt Restate would retry for ever.
    throw new restate.TerminalError((error as Error).message, { errorCode: 500 });
  }
  const journaled = <T>(name: string, fn: () => Promise<T>): restate.RestatePromise<T> =>
    ctx.run<T>(name, async () => {
      try {
        return await fn();
      } catch (error) {
        throw AgentError.isInstance(error) ? terminal(error) : error;
      }
    });
  const cancelled = (error: unknown): never => {
    if (error instanceof restate.CancelledError) controller.abort(error);
    throw error;
  };
  const single = <T>(name: string, fn: () => Promise<T>): Promise<T> => journaled(name, fn).catch(cancelled);
  const all: StepBatchRunner = <T>(steps: readonly StepCall<T>[]) =>
    restate.RestatePromise.allSettled(steps.map((step) => journaled(step.name, step.fn))).catch(cancelled);
  return Object.assign(single, { all });
}

/** An AgentError as a TerminalError: the API's status as the error code (an ingress caller gets it as HTTP status). */
export function terminal(error: AgentError): restate.TerminalError {
  const status = (error as { status?: unknown }).status;
  const errorCode = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
  return new restate.TerminalError(error.message, { errorCode });
}
