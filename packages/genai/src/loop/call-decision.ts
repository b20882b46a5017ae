import type { BeforeToolCallDecision, AgentToolCall } from '../options.js';
import type { AgentSetup } from './setup.js';
import { HookFailure } from './hook-failure.js';

type BeforeToolCall = (call: AgentToolCall) => BeforeToolCallDecision | Promise<BeforeToolCallDecision>;

/**
 * Asks the Agent's `beforeToolCall`, then the run's (a durable engine's approvals): the first refusal wins, and the
 * run's hook sees the arguments the Agent's hook chose. A hook that throws stops the run (HookFailure).
 */
export async function decideCall(
  setup: AgentSetup,
  runHook: BeforeToolCall | undefined,
  info: AgentToolCall,
): Promise<BeforeToolCallDecision> {
  /* biome-ignore lint/complexity/noUselessUndefinedInitialization: the hook may not be called (no hook), and
     TypeScript must see it set */
  let decision: BeforeToolCallDecision = undefined;
  if (setup.hooks.beforeToolCall) decision = await ask('beforeToolCall', setup.hooks.beforeToolCall, info);
  if (!runHook || isDenial(decision)) return decision;
  const second = await ask('run beforeToolCall', runHook, isEdit(decision) ? { ...info, args: decision.args } : info);
  return isDenial(second) || isEdit(second) ? second : decision;
}

function isEdit(decision: BeforeToolCallDecision): decision is { args: unknown } {
  return typeof decision === 'object' && decision !== null && 'args' in decision;
}

export function isDenial(decision: BeforeToolCallDecision): decision is false | { deny: string | { message: string } } {
  return decision === false || (typeof decision === 'object' && decision !== null && 'deny' in decision);
}

async function ask(hook: string, fn: BeforeToolCall, info: AgentToolCall): Promise<BeforeToolCallDecision> {
  try {
    return await fn(info);
  } catch (error) {
    throw new HookFailure(hook, error);
  }
}
