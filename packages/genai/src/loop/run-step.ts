import { toolStepResult, type StepDetail } from '../steps.js';
import { Run } from './run.js';
import type { AgentSetup } from './setup.js';
import { RunTelemetry } from './telemetry/run-telemetry.js';
import { loadOtelApi } from './telemetry/otel-api.js';
import { telemetrySettings } from './telemetry/telemetry-settings.js';
import { callToolbox, isError } from './tool-call.js';

/**
 * `agent.runStep`: one step of a run done apart from it (an engine's worker), resolving with the JSON data its step
 * function would have given. With the Agent's telemetry on, the step's `chat` or `execute_tool` span is a child of
 * the caller's active context (the worker's own span), as the run's spans are children of its `invoke_agent`.
 */
export async function runStepApart(
  setup: AgentSetup,
  detail: StepDetail,
  options: { signal?: AbortSignal },
): Promise<unknown> {
  if (detail?.kind !== 'model' && detail?.kind !== 'tool') {
    const got = JSON.stringify(detail);
    throw new TypeError(`agent.runStep: a step detail has kind "model" or "tool", got ${got}`);
  }
  const runOptions = { ...options, streaming: false };
  const settings = telemetrySettings(setup.telemetry, undefined);
  const telemetry = settings ? RunTelemetry.forStep(await loadOtelApi(), settings, setup) : undefined;
  if (detail.kind === 'model') {
    const run = new Run(setup, [...detail.contents], runOptions);
    run.telemetry = telemetry;
    return run.requestModel(detail.turn, detail.final).finally(() => run.close());
  }
  const run = new Run(setup, [], runOptions);
  const { call, callId, turn } = detail;
  const span = telemetry?.tool(
    call.id === undefined ? { name: call.name, callId, args: call.args, turn } : { ...call, callId, turn },
  );
  try {
    const answer = await toolStepResult(() => callToolbox(run, call, callId, span));
    if (answer === null) span?.abandon(new Error(`The step was aborted while tool "${call.name}" was running`));
    else span?.end({ outcome: 'ran', ok: !isError(answer.response), response: answer.response });
    return answer;
  } catch (error) {
    span?.abandon(error);
    throw error;
  } finally {
    run.close();
  }
}
