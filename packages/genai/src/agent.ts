import type { Content } from '@google/genai';
import { Chat, type ChatOptions } from './chat.js';
import { EventQueue } from './event-queue.js';
import type { AgentEvent } from './events.js';
import { toContents, type AgentInput } from './input.js';
import type { AgentOptions, RunOptions } from './options.js';
import type { AgentResult } from './result.js';
import { Run, type InternalRunOptions } from './loop/run.js';
import { resolveSetup, type AgentSetup } from './loop/setup.js';
import type { StepDetail } from './steps.js';
import { runStepApart } from './loop/run-step.js';

/** The events of a streamed run, and its result once it is over. */
export interface AgentStream extends AsyncIterable<AgentEvent> {
  /** Resolves with the result (also in the `done` event), or rejects with the run's AgentError. */
  readonly result: Promise<AgentResult>;
  /** The run's id, known before the first event. */
  readonly runId: string;
}

/**
 * Gemini's automatic function-calling loop on `@google/genai`: the model's calls run on the Toolbox, the results
 * go back, until the model answers. One Agent serves any number of concurrent runs and chats.
 */
export class Agent {
  /** @internal */
  readonly setup: AgentSetup;

  constructor(options: AgentOptions) {
    this.setup = resolveSetup(options);
  }

  /** Runs the loop with plain requests and resolves with the result. Rejects only with an AgentError. */
  run(input: AgentInput, options: RunOptions = {}): Promise<AgentResult> {
    let run: Run;
    try {
      run = this.start(toContents(input), options, false);
    } catch (error) {
      return Promise.reject(error);
    }
    return run.execute();
  }

  /**
   * Runs the loop with streamed requests. Iterate for the events (text as it arrives, calls, results, turn ends,
   * done); the iteration throws the run's AgentError. Breaking out of the loop aborts the run.
   */
  stream(input: AgentInput, options: RunOptions = {}): AgentStream {
    return this.startStream(toContents(input), options);
  }

  /** A conversation that keeps its history across `send()`s. */
  chat(options: ChatOptions = {}): Chat {
    return new Chat(this, options);
  }

  /**
   * Runs the step a detail describes (a step runner's third argument) and resolves with the JSON data its step
   * function would have given: for engines that run steps in another process, such as Temporal's activities. Give
   * this Agent the same options (model, tools, config) as the one whose run made the detail.
   */
  runStep(detail: StepDetail, options: { signal?: AbortSignal } = {}): Promise<unknown> {
    return runStepApart(this.setup, detail, options);
  }

  /** @internal */
  start(history: Content[], options: InternalRunOptions, streaming: boolean, sink?: (event: AgentEvent) => void): Run {
    return new Run(this.setup, history, sink ? { ...options, streaming, sink } : { ...options, streaming });
  }

  /** @internal */
  startStream(
    history: Content[],
    options: InternalRunOptions,
    onSettled?: (result: AgentResult | undefined) => void,
  ): AgentStream {
    let run: Run | undefined;
    const queue = new EventQueue<AgentEvent>(() => run?.abort(new Error('The stream reader stopped')));
    run = this.start(history, options, true, (event) => queue.push(event));
    const result = run.execute().then(
      (value) => {
        onSettled?.(value);
        queue.end();
        return value;
      },
      (error: unknown) => {
        onSettled?.(undefined);
        queue.end({ error });
        throw error;
      },
    );
    // The iteration reports the error; an unread `result` must not also crash the process.
    result.catch(() => {});
    return { result, runId: run.runId, [Symbol.asyncIterator]: () => queue };
  }
}
