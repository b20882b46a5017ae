import type { FunctionResponse, Part } from '@google/genai';
import {
  abortedPayload,
  deniedPayload,
  disabledPayload,
  errorToPayload,
  unknownToolPayload,
  type CallOptions,
} from '@toolwright/core';
import { decideCall, isDenial } from './call-decision.js';
import { debugJson } from './debug.js';
import { HookFailure } from './hook-failure.js';
import type { AgentToolCall } from '../options.js';
import type { ToolCallRecord } from '../result.js';
import { timeLimitsFor } from './setup.js';
import type { ToolAnswer } from '../steps.js';
import type { ToolPhaseRun } from './tool-phase-run.js';
import type { ToolSpan } from './telemetry/run-telemetry.js';

type Response = NonNullable<FunctionResponse['response']>;

/** A call of a turn, answered: its record for the result, and the functionResponse part for the model. */
export interface ExecutedCall {
  record: ToolCallRecord;
  /** The functionResponse part for the model, id and name echoed. */
  part: Part;
}

/**
 * What the checks and hooks before a call decided: an answer the model gets without the tool running (aborted,
 * disabled, denied), or the arguments it runs with.
 */
export type PreparedCall =
  | { startedAt: number; outcome: 'aborted' | 'skipped' | 'denied'; answer: ToolAnswer<Response> }
  | { startedAt: number; outcome: 'ran'; args: unknown; edited: boolean };

export function isError(response: Response): boolean {
  return typeof response === 'object' && response !== null && 'error' in response;
}

/** The checks before a call (aborted run, a tool disabled after errors in a row) and the `beforeToolCall` hooks. */
export async function prepareCall(run: ToolPhaseRun, info: AgentToolCall): Promise<PreparedCall> {
  const { setup } = run;
  const startedAt = Date.now();
  if (run.abortSignal?.aborted) {
    const response = { error: abortedPayload(info.name, 'the run was aborted before it started') };
    return { startedAt, outcome: 'aborted', answer: { response } };
  }
  const streak = run.errorStreaks.get(info.name) ?? 0;
  if (streak >= setup.maxToolErrors) {
    const response = { error: disabledPayload(info.name, streak) };
    return { startedAt, outcome: 'skipped', answer: { response } };
  }
  const asked = setup.hooks.beforeToolCall || run.beforeToolCall;
  const decision = asked ? await decideCall(setup, run.beforeToolCall, info) : undefined;
  if (isDenial(decision)) {
    const reason = decision === false ? 'not approved' : decision.deny;
    const detail = typeof reason === 'string' ? { message: reason } : reason;
    const response = { error: deniedPayload(info.name, detail) };
    return { startedAt, outcome: 'denied', answer: { response } };
  }
  if (typeof decision === 'object' && decision !== null && 'args' in decision)
    return { startedAt, outcome: 'ran', args: decision.args, edited: true };
  return { startedAt, outcome: 'ran', args: info.args, edited: false };
}

/** The call as the Toolbox gets it: the arguments it runs with, and the model's id when it gave one. */
export function toolboxCall(info: AgentToolCall, args: unknown): { id?: string; name: string; args: unknown } {
  const call: { id?: string; name: string; args: unknown } = { name: info.name, args };
  if (info.id !== undefined) call.id = info.id;
  return call;
}

/**
 * The end of a call: `afterToolCall`, the error streak, the record, the `tool_result` event and the part for the
 * model. `answer` undefined: the run was aborted while the tool ran.
 */
export async function finishCall(
  run: ToolPhaseRun,
  info: AgentToolCall,
  prepared: PreparedCall,
  ran: ToolAnswer<Response> | undefined,
  span?: ToolSpan,
): Promise<ExecutedCall> {
  const { setup } = run;
  const { startedAt } = prepared;
  let outcome: ToolCallRecord['outcome'] = prepared.outcome;
  let answer: ToolAnswer<Response>;
  if (prepared.outcome !== 'ran') answer = prepared.answer;
  else if (ran) answer = ran;
  else {
    outcome = 'aborted';
    answer = { response: { error: abortedPayload(info.name, 'the run was aborted while it ran') } };
  }
  let { response } = answer;

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
  const streak = run.errorStreaks.get(info.name) ?? 0;
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
  if (prepared.outcome === 'ran' && prepared.edited) record.editedArgs = prepared.args;
  run.debug(`result ${info.name} callId=${info.callId} ${outcome} in ${durationMs} ms: ${debugJson(response)}`);
  const event = {
    type: 'tool_result' as const,
    turn: info.turn,
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
  if (answer.parts?.length) functionResponse.parts = answer.parts;
  span?.end(record);
  return { record, part: { functionResponse } };
}

/**
 * Calls the Toolbox that declares the name; resolves undefined if the run is aborted first. `callId` is the tool's
 * `ToolContext.callId` when the model sent no id.
 */
export function callToolbox(
  run: ToolPhaseRun,
  call: { id?: string; name: string; args: unknown },
  callId: string,
  span?: ToolSpan,
): Promise<ToolAnswer<Response> | undefined> {
  // One Toolbox answers unknown names itself (with the closest valid names); several need an answer from us.
  const { routes } = run.tools;
  const toolbox = routes.get(call.name) ?? (run.setup.toolboxes.length === 1 ? run.setup.toolboxes[0] : undefined);
  if (!toolbox) return Promise.resolve({ response: { error: unknownToolPayload(call.name, [...routes.keys()]) } });
  const options: CallOptions = { callId };
  if (run.abortSignal) options.signal = run.abortSignal;
  // The Agent's limits are a default and a fallback: a tool's own `@tool({ timeoutMs })` wins over them.
  Object.assign(options, timeLimitsFor(run.setup, call.name));
  // The tool runs in its span; a remote Toolbox (MCP) sends the trace context on.
  if (span) options.traceContext = span.traceContext();
  const calling = span ? span.within(() => toolbox.call(call, options)) : toolbox.call(call, options);
  // The Toolbox promises not to throw for model input; a throw here is still answered, never fatal.
  const pending = calling.then(
    (output): ToolAnswer<Response> => {
      const { response = { output: null }, parts } = output.functionResponse;
      return parts?.length ? { response, parts } : { response };
    },
    (error: unknown): ToolAnswer<Response> => ({ response: { error: errorToPayload(error) } }),
  );
  return run.aborted ? Promise.race([pending, run.aborted.then(() => undefined)]) : pending;
}
