import type { Content, FunctionResponse } from '@google/genai';
import { normalizeResult } from '@toolwright/core';

/**
 * Runs one step of a run (a model request or a tool call) and resolves with its result. The default runs `fn`
 * inline. A durable-execution engine journals the result (Restate's `ctx.run`, Inngest's `step.run`, DBOS's
 * `runStep`) and, when it replays a run after a crash, answers from the journal without calling `fn` again. An
 * engine that runs steps elsewhere (Temporal's activities) sends `detail` to a worker instead, where
 * `agent.runStep(detail)` resolves with what `fn` would have.
 *
 * What `fn` resolves with is JSON data: it round-trips through `JSON.stringify` and `JSON.parse` unchanged (the
 * Agent normalises tool results before they leave the step). Step names are stable across replays:
 * `model <turn>` and `tool <turn>.<index> <name>`.
 *
 * A turn's tool steps are started together. An engine whose steps must be awaited through its own combinator
 * gives the runner an `all` (see `StepBatchRunner`); without one, the Agent starts them one by one in call order
 * and awaits them together.
 */
export type StepRunner = (<T>(name: string, fn: () => Promise<T>, detail: StepDetail) => Promise<T>) & {
  readonly all?: StepBatchRunner;
};

/** One step of a batch: what a `StepRunner` takes for one step. */
export interface StepCall<T> {
  name: string;
  fn: () => Promise<T>;
  detail: StepDetail;
}

/**
 * Runs the tool steps of one turn as one batch: starts them in the order given (a journaling engine matches steps to
 * its journal by position, so a replay asks for them in the same order), lets them run at once, and settles once
 * with each step's outcome in that order, as `Promise.allSettled` does. It rejects as a whole only when the engine
 * gives up on the batch itself (a cancel). Restate's runner maps it to `RestatePromise.allSettled`: the SDK drives an
 * invocation's journal through one waiter, and awaiting several of its promises with native combinators fails the
 * attempt, which Restate then retries, running again every step not yet journaled.
 */
export type StepBatchRunner = <T>(steps: readonly StepCall<T>[]) => Promise<PromiseSettledResult<T>[]>;

/** Runs a batch of steps through the runner's `all`, or else starts each in order and awaits them together. */
export function runStepBatch<T>(runner: StepRunner, steps: readonly StepCall<T>[]): Promise<PromiseSettledResult<T>[]> {
  if (runner.all) return runner.all(steps);
  return Promise.allSettled(steps.map((step) => runner(step.name, step.fn, step.detail)));
}

/** What a step does, as JSON data: enough for `agent.runStep(detail)` to do it in another process. */
export type StepDetail = ModelStepDetail | ToolStepDetail;

/** A model request: the conversation so far, and whether function calling is off (the turn limit was reached). */
export interface ModelStepDetail {
  kind: 'model';
  turn: number;
  final: boolean;
  contents: Content[];
}

/**
 * A tool call, with the arguments it runs with (after `beforeToolCall`), and its `callId` (the model's id, else
 * `<runId>:<turn>:<index>`), which the tool sees as `ToolContext.callId`.
 */
export interface ToolStepDetail {
  kind: 'tool';
  turn: number;
  index: number;
  callId: string;
  call: { id?: string; name: string; args: unknown };
}

/** A step runner rejected a step itself (an engine's error, not the model's or a tool's): the run ends. */
export class StepFailure {
  constructor(
    readonly name: string,
    readonly cause: unknown,
  ) {}
}

/** What a model step needs of its run, to restore on replay what the step did when it ran. */
export interface ReplayTarget {
  emit(event: { type: 'text' | 'thought'; turn: number; text: string }): void;
}

/**
 * Runs a model request as a step. When the runner answered from its journal (`fn` never ran in this process),
 * the reply's thoughts and text are emitted as one event each, as `run()` emits them (in prompt-based calling, the
 * prose read from the text): a listener sees the same conversation on a replayed run. Raw `response` and `retry`
 * events are not replayed (the journal holds the reply, not the HTTP exchange).
 */
export async function modelStep<T extends { content?: Content | undefined; prompt?: { text: string } | undefined }>(
  runner: StepRunner,
  run: ReplayTarget,
  detail: ModelStepDetail,
  request: () => Promise<T>,
): Promise<T> {
  const { turn } = detail;
  let ran = false;
  const reply = await runner(
    `model ${turn}`,
    () => {
      ran = true;
      return request();
    },
    detail,
  );
  if (!ran) {
    for (const part of reply.content?.parts ?? []) {
      if (typeof part.text !== 'string' || part.text === '' || (reply.prompt && !part.thought)) continue;
      run.emit({ type: part.thought ? 'thought' : 'text', turn, text: part.text });
    }
    if (reply.prompt?.text) run.emit({ type: 'text', turn, text: reply.prompt.text });
  }
  return reply;
}

/** What a tool answered: the function response, and media parts beside it (an MCP tool's images, ...). */
export interface ToolAnswer<R = unknown> {
  response: R;
  parts?: NonNullable<FunctionResponse['parts']>;
}

/** A tool's answer as JSON data, or null when the run was aborted while it ran. */
export type ToolStepResult<R> = ToolAnswer<R> | null;

/**
 * A tool's answer as a step gives it: normalised to JSON data (Dates, bigints, Maps, cycles, ...) before a runner
 * journals it, so a replay restores exactly what the model was sent, media parts included.
 */
export async function toolStepResult<R>(call: () => Promise<ToolAnswer<R> | undefined>): Promise<ToolStepResult<R>> {
  const answer = await call();
  if (answer === undefined) return null;
  const response = normalizeResult(answer.response, { maxSize: Number.MAX_SAFE_INTEGER }).value as R;
  return answer.parts?.length ? { response, parts: answer.parts } : { response };
}

/** The step name of a tool call: stable across replays. */
export function toolStepName(detail: ToolStepDetail): string {
  return `tool ${detail.turn}.${detail.index} ${detail.call.name}`;
}
