import type { ToolContext, ToolLogLevel } from '../types.js';
import { ToolAbortError, ToolTimeoutError } from './call-errors.js';
import type { ToolPlan } from './tool-plan.js';
import type { CallOptions, ToolProgress } from './types.js';

/**
 * Calls the method with `this` bound. Without a time limit, a signal or a ToolContext parameter it is a plain call
 * (a sync method's value comes back as is). Otherwise the call races its time limit and the caller's signal; either
 * one aborts the ToolContext signal, so a tool that passes it on (to fetch, ...) stops its work too.
 */
export function invoke(
  plan: ToolPlan,
  argv: unknown[],
  callId: string | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  listeners?: Pick<CallOptions, 'onProgress' | 'onLog'>,
): unknown {
  const limit = timeLimit(timeoutMs);
  if (!plan.hasContext && limit === undefined && signal === undefined) return plan.fn.apply(plan.tool.instance, argv);
  const toolName = plan.tool.name;
  if (signal?.aborted) throw new ToolAbortError(toolName, signal.reason);
  const controller = new AbortController();
  if (plan.hasContext) {
    const context: ToolContext = {
      signal: controller.signal,
      toolName,
      ...(callId !== undefined ? { callId } : {}),
      ...(limit !== undefined ? { timeoutMs: limit } : {}),
      progress: listeners?.onProgress ? progressReporter(listeners.onProgress) : ignore,
      log: listeners?.onLog ? logReporter(listeners.onLog) : ignore,
    };
    const slots = plan.slots;
    for (let i = 0; i < slots.length; i++) if (slots[i]!.kind === 'context') argv[i] = context;
  }
  if (limit === undefined && signal === undefined) return plan.fn.apply(plan.tool.instance, argv);
  return new Promise<unknown>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      return true;
    };
    const stop = (error: Error) => {
      if (!settle()) return;
      controller.abort(error);
      reject(error);
    };
    const onAbort = () => stop(new ToolAbortError(toolName, signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    if (limit !== undefined) timer = setTimeout(() => stop(new ToolTimeoutError(toolName, limit)), limit);
    let result: unknown;
    try {
      result = plan.fn.apply(plan.tool.instance, argv);
    } catch (error) {
      if (settle()) reject(error);
      return;
    }
    Promise.resolve(result).then(
      (value) => {
        if (settle()) resolve(value);
      },
      (error: unknown) => {
        if (settle()) reject(error);
      },
    );
  });
}

/** The time limit a call is raced against: undefined for none (0, a negative number, one past a timer's range). */
export function timeLimit(timeoutMs: number | undefined): number | undefined {
  return timeoutMs !== undefined && timeoutMs > 0 && timeoutMs < 2 ** 31 ? timeoutMs : undefined;
}

function ignore(): void {}

/** A listener's failure must not fail the tool that reported progress. */
function progressReporter(onProgress: (update: ToolProgress) => void): ToolContext['progress'] {
  return (done, total, message) => {
    if (typeof done !== 'number' || !Number.isFinite(done)) return;
    const update: ToolProgress = { progress: done };
    if (typeof total === 'number' && Number.isFinite(total)) update.total = total;
    if (typeof message === 'string') update.message = message;
    try {
      onProgress(update);
    } catch {
      // ignored: progress is advisory
    }
  };
}

const LOG_LEVELS = new Set<unknown>(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/** A message at a level that does not exist is dropped; a listener's failure must not fail the tool either. */
function logReporter(onLog: NonNullable<CallOptions['onLog']>): ToolContext['log'] {
  return (level: ToolLogLevel, data: unknown, logger?: string) => {
    if (!LOG_LEVELS.has(level)) return;
    try {
      onLog(typeof logger === 'string' ? { level, data, logger } : { level, data });
    } catch {
      // ignored: logging is advisory
    }
  };
}
