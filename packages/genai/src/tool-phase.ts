import type { FunctionCall, FunctionResponse, Part } from '@google/genai';
import { debugJson } from './debug.js';
import type { AgentEvent } from './events.js';
import type { AgentToolCall } from './options.js';
import type { ToolCallRecord } from './result.js';
import { decideCall, isDenial } from './call-decision.js';
import { HookFailure } from './hook-failure.js';
import type { AgentHooks } from './options.js';
import { timeoutFor, type AgentSetup, type RenderedTools } from './setup.js';
import { StepFailure, StepOrder, toolStep, type StepRunner, type ToolStepDetail } from './steps.js';

/** What the tool phase needs of its run. */
export interface ToolPhaseRun {
  readonly runId: string;
  readonly setup: AgentSetup;
  readonly tools: RenderedTools;
  /** The signal the hooks see. */
  readonly signal: AbortSignal;
  /** The signal handed to tools; absent when nothing can abort the run. */
  readonly abortSignal: AbortSignal | undefined;
  /** Resolves when the run is aborted (one promise per run, so calls add no listeners of their own). */
  readonly aborted: Promise<void> | undefined;
  /** Error responses in a row per tool name, over the whole run. */
  readonly errorStreaks: Map<string, number>;
  /** The run's step runner; absent: tools run inline. */
  readonly step: StepRunner | undefined;
  /** The run's own `beforeToolCall`, asked after the Agent's. */
  readonly beforeToolCall: AgentHooks['beforeToolCall'];
  emit(event: DistributiveOmit<AgentEvent, 'runId' | 'time' | 'elapsedMs'>): void;
  debug(line: string): void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export { HookFailure };

type Response = NonNullable<FunctionResponse['response']>;

/** Media a Toolbox answered beside a response (an MCP tool's images, ...), sent as the function response's parts. */
const mediaOf = new WeakMap<Response, NonNullable<FunctionResponse['parts']>>();

export interface ExecutedCall {
  record: ToolCallRecord;
  /** The functionResponse part for the model, id and name echoed. */
  part: Part;
}

/** An error the model reads, in the Toolbox's shape: `{ error: { name, message, ...details } }`. */
function errorResponse(name: string, message: string, extra: Record<string, unknown> = {}): Response {
  return { error: { name, message, ...extra } };
}

function isError(response: Response): boolean {
  return typeof response === 'object' && response !== null && 'error' in response;
}

/**
 * Runs the calls of one model turn, at most `concurrency` at a time, and answers in call order. Never rejects for
 * anything the model or a tool did: those become `{ error }` responses. Rejects only with a HookFailure, or a
 * StepFailure when the run's step runner failed a tool step.
 */
export async function runToolPhase(run: ToolPhaseRun, calls: FunctionCall[], turn: number): Promise<ExecutedCall[]> {
  const infos: AgentToolCall[] = calls.map((call, index) => {
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
  });
  for (const info of infos) {
    run.debug(`call ${info.name}(${debugJson(info.args)}) callId=${info.callId}`);
    const event = {
      type: 'tool_call' as const,
      turn,
      callId: info.callId,
      name: info.name,
      args: info.args,
      index: info.index,
    };
    run.emit(info.id !== undefined ? { ...event, id: info.id } : event);
  }

  const order = run.step ? new StepOrder(infos.length) : undefined;
  if (infos.length === 1) {
    try {
      return [await runOne(run, infos[0]!, turn, order)];
    } catch (error) {
      throw phaseFailure(error);
    }
  }
  const results: ExecutedCall[] = new Array(calls.length);
  let next = 0;
  let failure: HookFailure | StepFailure | undefined;
  const worker = async () => {
    while (next < infos.length && !failure) {
      const info = infos[next++]!;
      try {
        results[info.index] = await runOne(run, info, turn, order);
      } catch (error) {
        failure = phaseFailure(error);
      } finally {
        order?.pass(info.index);
      }
    }
  };
  const workers = Math.min(run.setup.concurrency, infos.length);
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) throw failure;
  return results;
}

function phaseFailure(error: unknown): HookFailure | StepFailure {
  return error instanceof HookFailure || error instanceof StepFailure ? error : new HookFailure('tool phase', error);
}

async function runOne(
  run: ToolPhaseRun,
  info: AgentToolCall,
  turn: number,
  order: StepOrder | undefined,
): Promise<ExecutedCall> {
  const { setup } = run;
  const startedAt = Date.now();
  let outcome: ToolCallRecord['outcome'] = 'ran';
  let editedArgs: unknown;
  let hasEditedArgs = false;
  let response: Response;

  const streak = run.errorStreaks.get(info.name) ?? 0;
  if (run.abortSignal?.aborted) {
    outcome = 'aborted';
    response = errorResponse('AbortError', 'The run was aborted before this call started');
  } else if (streak >= setup.maxToolErrors) {
    outcome = 'skipped';
    response = errorResponse(
      'ToolDisabled',
      `Tool "${info.name}" failed ${streak} times in a row in this run, so it was not called again. Do not call ` +
        'it again; answer with what you have.',
    );
  } else {
    const asked = setup.hooks.beforeToolCall || run.beforeToolCall;
    const decision = asked ? await decideCall(setup, run.beforeToolCall, info) : undefined;
    if (isDenial(decision)) {
      outcome = 'denied';
      const reason = decision === false ? 'not approved' : decision.deny;
      const detail = typeof reason === 'string' ? { message: reason } : reason;
      response = {
        error: {
          name: 'CallDenied',
          ...detail,
          message: `The call to tool "${info.name}" was denied: ${detail.message}`,
        },
      };
    } else {
      let args = info.args;
      if (typeof decision === 'object' && decision !== null && 'args' in decision) {
        args = decision.args;
        editedArgs = decision.args;
        hasEditedArgs = true;
      }
      const output = await callTool(run, info, args, turn, order);
      if (output === undefined) {
        outcome = 'aborted';
        response = errorResponse('AbortError', `The run was aborted while tool "${info.name}" was running`);
      } else {
        response = output;
      }
    }
  }

  let durationMs = Date.now() - startedAt;
  if (setup.hooks.afterToolCall) {
    try {
      const replaced = await setup.hooks.afterToolCall(info, { response, ok: !isError(response), durationMs });
      if (replaced && typeof replaced === 'object' && 'response' in replaced) response = replaced.response;
    } catch (error) {
      throw new HookFailure('afterToolCall', error);
    }
    durationMs = Date.now() - startedAt;
  }

  const ok = !isError(response);
  if (outcome === 'ran') run.errorStreaks.set(info.name, ok ? 0 : streak + 1);
  const record: ToolCallRecord = {
    callId: info.callId,
    name: info.name,
    args: info.args,
    response,
    ok,
    outcome,
    startedAt,
    durationMs,
  };
  if (info.id !== undefined) record.id = info.id;
  if (hasEditedArgs) record.editedArgs = editedArgs;
  run.debug(`result ${info.name} callId=${info.callId} ${outcome} in ${durationMs} ms: ${debugJson(response)}`);
  const event = {
    type: 'tool_result' as const,
    turn,
    callId: info.callId,
    name: info.name,
    index: info.index,
    record,
    response,
    ok,
    durationMs,
  };
  run.emit(info.id !== undefined ? { ...event, id: info.id } : event);

  const functionResponse: FunctionResponse = { name: info.name, response };
  if (info.id !== undefined) functionResponse.id = info.id;
  const media = mediaOf.get(response);
  if (media) functionResponse.parts = media;
  return { record, part: { functionResponse } };
}

/** Calls a tool as a step when the run has a step runner, and directly else. */
async function callTool(
  run: ToolPhaseRun,
  info: AgentToolCall,
  args: unknown,
  turn: number,
  order: StepOrder | undefined,
): Promise<Response | undefined> {
  const call: { id?: string; name: string; args: unknown } = { name: info.name, args };
  if (info.id !== undefined) call.id = info.id;
  if (!run.step || !order) return callToolbox(run, call);
  await order.turnOf(info.index);
  const detail: ToolStepDetail = { kind: 'tool', turn, index: info.index, call };
  const result = toolStep(
    run.step,
    detail,
    () => callToolbox(run, call),
    () => run.abortSignal?.aborted === true,
  );
  order.pass(info.index);
  return (await result) ?? undefined;
}

/** Calls the Toolbox that declares the name; resolves undefined if the run is aborted first. */
export function callToolbox(
  run: ToolPhaseRun,
  call: { id?: string; name: string; args: unknown },
): Promise<Response | undefined> {
  // One Toolbox answers unknown names itself (with the closest valid names); several need an answer from us.
  const { routes } = run.tools;
  const toolbox = routes.get(call.name) ?? (run.setup.toolboxes.length === 1 ? run.setup.toolboxes[0] : undefined);
  if (!toolbox) {
    const known = [...routes.keys()];
    const available = known.length ? `Available tools: ${known.join(', ')}.` : 'No tools are available.';
    return Promise.resolve(errorResponse('UnknownTool', `There is no tool named "${call.name}". ${available}`));
  }
  const options: { signal?: AbortSignal; defaultTimeoutMs?: number } = {};
  if (run.abortSignal) options.signal = run.abortSignal;
  // The Agent's limit is a default: a tool's own `@tool({ timeoutMs })` wins over it.
  const timeoutMs = timeoutFor(run.setup, call.name, toolbox);
  if (timeoutMs !== undefined) options.defaultTimeoutMs = timeoutMs;
  // The Toolbox promises not to throw for model input; a throw here is still answered, never fatal.
  const pending = toolbox.call(call, options).then(
    (output): Response => {
      const response = output.functionResponse.response ?? { output: null };
      if (output.functionResponse.parts?.length) mediaOf.set(response, output.functionResponse.parts);
      return response;
    },
    (error: unknown): Response =>
      errorResponse(
        error instanceof Error ? error.name : 'Error',
        error instanceof Error ? error.message : String(error),
      ),
  );
  return run.aborted ? Promise.race([pending, run.aborted.then(() => undefined)]) : pending;
}
