import type { Content } from '@google/genai';
import * as restate from '@restatedev/restate-sdk';
import {
  AgentAbortedError,
  AgentError,
  toContents,
  type Agent,
  type AgentInput,
  type RunOptions,
  type Step,
  type StopReason,
  type Usage,
} from '@toolwright/genai';
import {
  APPROVAL_KEY,
  approvalHook,
  type ApprovalDecision,
  type ApprovalRule,
  type PendingApproval,
} from './approvals.js';
import { checkSdkRuns } from './sdk-support.js';
import { restateSteps, terminal } from './step-runner.js';

/** The object's state key of the conversation. */
export const HISTORY_KEY = 'history';

export interface AgentObjectOptions<N extends string> {
  /** The virtual object's name, as clients address it (`/<name>/<conversation>/run`). */
  name: N;
  agent: Agent;
  /** Tool calls that wait for a person's `approve`/`deny`: tool names, or a test on the call. */
  approval?: ApprovalRule;
  /** Restate's options of the object (retry policy, timeouts, journal retention, ...). */
  options?: restate.ObjectOptions;
}

/** What `run` takes: the new input (a text, parts, or contents) for the conversation. */
export interface RunRequest {
  input: AgentInput;
}

/** What `run` answers. */
export interface RunResponse {
  text: string;
  stopReason: StopReason;
  steps: Step[];
  usage: Usage;
}

/** Which call a decision is for; without `callId`, the call that waits now. */
export interface DecisionRequest {
  callId?: string;
  reason?: string;
}

/**
 * An Agent as a Restate virtual object keyed by conversation id. `run` continues the conversation (sends to one key
 * are serial, as Restate runs one exclusive handler per key at a time); the history is the object's state. Every
 * model request and tool call is a journaled step, so after a crash Restate replays the journal and no tool runs
 * twice and no model turn is asked again. Throws at once when the installed SDK cannot run on this Node (1.15 and
 * later need Node 22).
 */
export function agentObject<N extends string>(options: AgentObjectOptions<N>) {
  checkSdkRuns();
  const { agent, approval } = options;
  return restate.object({
    name: options.name,
    ...(options.options ? { options: options.options } : {}),
    handlers: {
      run: async (ctx: restate.ObjectContext, request: RunRequest): Promise<RunResponse> => {
        const input = inputOf(request);
        const history = (await ctx.get<Content[]>(HISTORY_KEY)) ?? [];
        const controller = new AbortController();
        const runOptions: RunOptions = {
          step: restateSteps(ctx, controller),
          signal: controller.signal,
          runId: ctx.request().id,
        };
        if (approval) runOptions.beforeToolCall = approvalHook(ctx, approval, controller);
        try {
          const result = await agent.run([...history, ...input], runOptions);
          ctx.set(HISTORY_KEY, result.history);
          return { text: result.text, stopReason: result.stopReason, steps: result.steps, usage: result.usage };
        } catch (error) {
          throw failure(error, controller);
        }
      },

      history: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<Content[]> => (await ctx.get<Content[]>(HISTORY_KEY)) ?? [],
      ),

      /** The call that waits for a decision, if any. */
      approvals: restate.handlers.object.shared(
        async (ctx: restate.ObjectSharedContext): Promise<PendingApproval[]> => {
          const pending = await ctx.get<PendingApproval>(APPROVAL_KEY);
          return pending ? [pending] : [];
        },
      ),

      approve: restate.handlers.object.shared(async (ctx: restate.ObjectSharedContext, request?: DecisionRequest) =>
        decide(ctx, request, { approved: true }),
      ),

      deny: restate.handlers.object.shared(async (ctx: restate.ObjectSharedContext, request?: DecisionRequest) =>
        decide(ctx, request, { approved: false, ...(request?.reason ? { reason: request.reason } : {}) }),
      ),

      /** Starts the conversation afresh. */
      reset: async (ctx: restate.ObjectContext): Promise<void> => {
        ctx.clear(HISTORY_KEY);
      },
    },
  });
}

function inputOf(request: unknown): Content[] {
  const input = (request as { input?: unknown } | null | undefined)?.input;
  if (input === undefined || input === null)
    throw new restate.TerminalError('run takes { "input": ... }: a text, parts or contents', { errorCode: 400 });
  try {
    return toContents(input as AgentInput);
  } catch (error) {
    throw new restate.TerminalError(error instanceof Error ? error.message : String(error), { errorCode: 400 });
  }
}

async function decide(
  ctx: restate.ObjectSharedContext,
  request: DecisionRequest | undefined,
  decision: ApprovalDecision,
): Promise<{ callId: string }> {
  const pending = await ctx.get<PendingApproval>(APPROVAL_KEY);
  if (!pending || (request?.callId !== undefined && request.callId !== pending.callId)) {
    const which = request?.callId !== undefined ? `call "${request.callId}"` : 'any call';
    throw new restate.TerminalError(`No approval is pending for ${which} of conversation "${ctx.key}"`, {
      errorCode: 404,
    });
  }
  ctx.resolveAwakeable(pending.awakeableId, decision);
  return { callId: pending.callId };
}

/**
 * How a failed run ends the invocation. A cancel stays Restate's CancelledError; a fault of the SDK or of the way
 * to Restate (in a step or in the approval hook) stays retryable, as Restate intends; every other AgentError (the
 * model API after the Agent's retries, a hook of yours that threw) is terminal.
 */
function failure(error: unknown, controller: AbortController): unknown {
  const reason: unknown = controller.signal.reason;
  if (AgentAbortedError.isInstance(error) && reason instanceof restate.CancelledError) return reason;
  if (!AgentError.isInstance(error)) return error;
  if (error.cause instanceof restate.TerminalError) return error.cause;
  if (error.code === 'step' || error.cause instanceof restate.RestateError) return error.cause ?? error;
  return terminal(error);
}
