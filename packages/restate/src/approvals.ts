import * as restate from '@restatedev/restate-sdk';
import type { BeforeToolCallDecision, AgentToolCall } from '@toolwright/genai';

/** Which calls wait for a person: tool names, or a test on the call. */
export type ApprovalRule = readonly string[] | ((call: AgentToolCall) => boolean);

/** A call that waits for a decision, as the `approvals` handler lists it and as it is kept in the object's state. */
export interface PendingApproval {
  callId: string;
  name: string;
  args: unknown;
  turn: number;
  /** Resolve it over Restate's ingress with `{ "approved": true }` or `{ "approved": false, "reason": "..." }`. */
  awakeableId: string;
}

/** The payload an approval's awakeable is resolved with. */
export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
}

/** The object's state key of the call that waits (one at a time per conversation). */
export const APPROVAL_KEY = 'approval';

/**
 * The run's `beforeToolCall` for calls that need approval: each waits on an awakeable (no process holds memory
 * meanwhile; Restate suspends the invocation) until `approve`/`deny` resolves it; a denial answers the model with an
 * error, as `beforeToolCall` does in-process. Approvals of one run are asked one at a time, in call order: a decision
 * leads to journal entries (state, the tool's step), and two decisions that arrived in one order could replay in
 * the other; one open awakeable at a time keeps the journal the same on every replay.
 */
export function approvalHook(
  ctx: restate.ObjectContext,
  rule: ApprovalRule,
  controller: AbortController,
): (call: AgentToolCall) => Promise<BeforeToolCallDecision> {
  const needs = typeof rule === 'function' ? rule : (call: AgentToolCall) => rule.includes(call.name);
  let previous: Promise<unknown> = Promise.resolve();
  return (call) => {
    if (!needs(call)) return Promise.resolve(undefined);
    const decided = previous.then(() => waitForDecision(ctx, call, controller));
    previous = decided.catch(() => {});
    return decided;
  };
}

async function waitForDecision(
  ctx: restate.ObjectContext,
  call: AgentToolCall,
  controller: AbortController,
): Promise<BeforeToolCallDecision> {
  if (controller.signal.aborted) return { deny: 'The run was cancelled' };
  const { id, promise } = ctx.awakeable<ApprovalDecision>();
  const pending: PendingApproval = {
    callId: call.callId,
    name: call.name,
    args: call.args,
    turn: call.turn,
    awakeableId: id,
  };
  ctx.set(APPROVAL_KEY, pending);
  let decision: ApprovalDecision;
  try {
    decision = await promise;
  } catch (error) {
    ctx.clear(APPROVAL_KEY);
    // Restate's cancel: the run stops before the next model request; the call is not run.
    if (error instanceof restate.CancelledError) {
      controller.abort(error);
      return { deny: 'The run was cancelled while this call waited for approval' };
    }
    // rejectAwakeable: a refusal with its reason. Anything else is the SDK's own fault: it stays retryable.
    if (error instanceof restate.TerminalError) return { deny: error.message };
    throw error;
  }
  ctx.clear(APPROVAL_KEY);
  if (decision?.approved === true) return undefined;
  const reason =
    typeof decision?.reason === 'string' && decision.reason ? decision.reason : 'a person did not approve it';
  return { deny: reason };
}
