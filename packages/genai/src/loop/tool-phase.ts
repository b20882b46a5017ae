import type { FunctionCall, FunctionResponse } from '@google/genai';
import { concurrencyLimit } from './concurrency-limit.js';
import { debugJson } from './debug.js';
import { HookFailure } from './hook-failure.js';
import type { AgentToolCall } from '../options.js';
import {
  runStepBatch,
  StepFailure,
  toolStepName,
  toolStepResult,
  type StepCall,
  type StepRunner,
  type ToolAnswer,
  type ToolStepDetail,
  type ToolStepResult,
} from '../steps.js';
import { callToolbox, finishCall, prepareCall, toolboxCall, type ExecutedCall } from './tool-call.js';
import type { ToolPhaseRun } from './tool-phase-run.js';
import type { ToolSpan } from './telemetry/run-telemetry.js';

export { HookFailure };
export type { ExecutedCall, ToolPhaseRun };

type Response = NonNullable<FunctionResponse['response']>;
type Limit = ReturnType<typeof concurrencyLimit>;

/**
 * Runs the calls of one model turn, at most `concurrency` tools at a time, and answers in call order. Never rejects
 * for anything the model or a tool did: those become `{ error }` responses. Rejects only with a HookFailure, or a
 * StepFailure when the run's step runner failed a tool step.
 */
export async function runToolPhase(run: ToolPhaseRun, calls: FunctionCall[], turn: number): Promise<ExecutedCall[]> {
  const infos = calls.map((call, index) => callInfo(run, call, turn, index));
  for (const info of infos) announce(run, info);
  const limit = concurrencyLimit(run.setup.concurrency);
  const spans = run.telemetry ? infos.map((info) => run.telemetry!.tool(info)) : undefined;
  try {
    return run.step ? await runAsSteps(run, run.step, infos, limit, spans) : await runInline(run, infos, limit, spans);
  } catch (error) {
    const failure =
      error instanceof HookFailure || error instanceof StepFailure ? error : new HookFailure('tool phase', error);
    for (const span of spans ?? []) span.abandon(failure.cause);
    throw failure;
  }
}

function callInfo(run: ToolPhaseRun, call: FunctionCall, turn: number, index: number): AgentToolCall {
  const info = {
    runId: run.runId,
    turn,
    callId: call.id ?? `${run.runId}:${turn}:${index}`,
    name: call.name ?? '',
    args: call.args ?? {},
    index,
    get signal(): AbortSignal {
      return run.signal;
    },
  } as AgentToolCall;
  if (call.id !== undefined) info.id = call.id;
  return info;
}

function announce(run: ToolPhaseRun, info: AgentToolCall): void {
  run.debug(`call ${info.name}(${debugJson(info.args)}) callId=${info.callId}`);
  const event = {
    type: 'tool_call' as const,
    turn: info.turn,
    callId: info.callId,
    name: info.name,
    args: info.args,
    index: info.index,
  };
  run.emit(info.id !== undefined ? { ...event, id: info.id } : event);
}

/**
 * Without a step runner each call goes its own way (hooks, tool, `afterToolCall`), so a call that waits for a
 * person's approval holds up no other. After a hook failed, calls not yet started are not started.
 */
async function runInline(
  run: ToolPhaseRun,
  infos: AgentToolCall[],
  limit: Limit,
  spans: ToolSpan[] | undefined,
): Promise<ExecutedCall[]> {
  let failed: { error: unknown } | undefined;
  const executed = await Promise.all(
    infos.map((info) =>
      limit(async () => {
        if (failed) return undefined;
        try {
          const span = spans?.[info.index];
          const prepared = await prepareCall(run, info);
          const ran =
            prepared.outcome === 'ran'
              ? await callToolbox(run, toolboxCall(info, prepared.args), info.callId, span)
              : undefined;
          return await finishCall(run, info, prepared, ran, span);
        } catch (error) {
          failed ??= { error };
          return undefined;
        }
      }),
    ),
  );
  if (failed) throw failed.error;
  return executed as ExecutedCall[];
}

/**
 * With a step runner, a turn is three stages: every call's checks and hooks (approvals included), then the calls
 * that run as one batch of steps (started in call order, awaited once: see `StepBatchRunner`), then every call's
 * `afterToolCall`. A journaling engine thus sees its steps in the same order on every replay, and never has two of
 * its promises awaited at once.
 */
async function runAsSteps(
  run: ToolPhaseRun,
  runner: StepRunner,
  infos: AgentToolCall[],
  limit: Limit,
  spans: ToolSpan[] | undefined,
): Promise<ExecutedCall[]> {
  const prepared = await Promise.all(infos.map((info) => limit(() => prepareCall(run, info))));
  const ran = new Set<number>();
  const steps: Array<StepCall<ToolStepResult<Response>> & { index: number }> = [];
  for (const [index, info] of infos.entries()) {
    const decided = prepared[index]!;
    if (decided.outcome !== 'ran') continue;
    const call = toolboxCall(info, decided.args);
    const detail: ToolStepDetail = { kind: 'tool', turn: info.turn, index, callId: info.callId, call };
    const fn = () => {
      ran.add(index);
      return limit(() => toolStepResult(() => callToolbox(run, call, info.callId, spans?.[index])));
    };
    steps.push({ name: toolStepName(detail), fn, detail, index });
  }

  const isAborted = () => run.abortSignal?.aborted === true;
  const answers = new Map<number, ToolAnswer<Response>>();
  if (steps.length && !isAborted()) {
    let settled: PromiseSettledResult<ToolStepResult<Response>>[];
    try {
      settled = await runStepBatch(runner, steps);
    } catch (error) {
      // The engine gave up on the whole batch: a cancel aborts the run (each call answers as aborted), else it fails.
      if (!isAborted()) throw new StepFailure(steps.map((step) => step.name).join(', '), error);
      settled = [];
    }
    for (const [k, outcome] of settled.entries()) {
      const step = steps[k]!;
      if (outcome.status === 'fulfilled') {
        if (outcome.value) answers.set(step.index, outcome.value);
        // Answered from the runner's journal: the tool ran in an earlier process.
        if (!ran.has(step.index)) spans?.[step.index]?.replayed();
      } else if (!isAborted()) {
        throw new StepFailure(step.name, outcome.reason);
      }
    }
  }
  return Promise.all(
    infos.map((info, index) => finishCall(run, info, prepared[index]!, answers.get(index), spans?.[index])),
  );
}
