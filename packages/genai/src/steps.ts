import type { Content } from '@google/genai';
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
 */
export type StepRunner = <T>(name: string, fn: () => Promise<T>, detail: StepDetail) => Promise<T>;

/** What a step does, as JSON data: enough for `agent.runStep(detail)` to do it in another process. */
export type StepDetail = ModelStepDetail | ToolStepDetail;

/** A model request: the conversation so far, and whether function calling is off (the turn limit was reached). */
export interface ModelStepDetail {
  kind: 'model';
  turn: number;
  final: boolean;
  contents: Content[];
}

/** A tool call, with the arguments it runs with (after `beforeToolCall`). */
export interface ToolStepDetail {
  kind: 'tool';
  turn: number;
  index: number;
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

/** A tool's function response as JSON data, or null when the run was aborted while it ran. */
export type ToolStepResult<R> = R | null;

/**
 * A tool's result as a step gives it: normalised to JSON data (Dates, bigints, Maps, cycles, ...) before a runner
 * journals it, so a replay restores exactly what the model was sent.
 */
export async function toolStepResult<R>(call: () => Promise<R | undefined>): Promise<ToolStepResult<R>> {
  const response = await call();
  return response === undefined ? null : (normalizeResult(response, { maxSize: Number.MAX_SAFE_INTEGER }).value as R);
}

/**
 * Runs one tool call as a step. A rejected step resolves null when the run was aborted (an engine's cancel reaches
 * the run through its signal) and rejects with a StepFailure else.
 */
export async function toolStep<R>(
  runner: StepRunner,
  detail: ToolStepDetail,
  call: () => Promise<R | undefined>,
  isAborted: () => boolean,
): Promise<ToolStepResult<R>> {
  const name = `tool ${detail.turn}.${detail.index} ${detail.call.name}`;
  try {
    return await runner(name, () => toolStepResult(call), detail);
  } catch (error) {
    if (isAborted()) return null;
    throw new StepFailure(name, error);
  }
}

/**
 * Starts a turn's tool steps in call order, whatever order their hooks finish in: a journaling engine matches steps
 * to its journal by position, so a replay must ask for them in the order the first execution did. Each call
 * passes its place once its step has started or once it is known that it will not run one.
 */
export class StepOrder {
  private readonly passes: Array<() => void> = [];
  private readonly gates: Promise<void>[];

  constructor(size: number) {
    this.gates = Array.from(
      { length: size },
      (_, index) => new Promise<void>((resolve) => (this.passes[index] = resolve)),
    );
  }

  /** Resolves when every call before `index` has passed. */
  turnOf(index: number): Promise<void> {
    return index === 0 ? Promise.resolve() : this.gates[index - 1]!;
  }

  /** Call `index` has started its step or will run none (idempotent). */
  pass(index: number): void {
    void this.turnOf(index).then(this.passes[index]);
  }
}
