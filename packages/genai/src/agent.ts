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
 * Gemini's automatic function-calling loop: the model's calls run on the Toolbox, the results go back, until the
 * model answers. One Agent serves any number of concurrent runs and chats. Its client is `GeminiRestClient` or
 * `@google/genai`'s `GoogleGenAI` (Vertex AI, files, the rest of the SDK).
 *
 * @example
 * ```ts
 * import { Agent, GeminiRestClient } from '@toolwright/genai';
 *
 * const agent = new Agent({
 *   client: new GeminiRestClient({ apiKey: process.env.GEMINI_API_KEY }),
 *   model: 'gemini-2.5-flash',
 *   tools: toolbox, // a Toolbox, an imported MCP server, or several: [toolbox, remote]
 * });
 * const { text } = await agent.run('What is the weather in Boston?');
 * ```
 */
export class Agent {
  /** @internal */
  readonly setup: AgentSetup;

  constructor(options: AgentOptions) {
    this.setup = resolveSetup(options);
  }

  /**
   * Runs the loop with plain requests and resolves with the result. Rejects only with an AgentError.
   *
   * @example
   * ```ts
   * const result = await agent.run('What is the weather in Boston?', { signal: AbortSignal.timeout(60_000) });
   * result.text; // the answer
   * result.steps; // each model turn and tool call
   * await agent.run([...result.history, { role: 'user', parts: [{ text: 'And tomorrow?' }] }]);
   * ```
   */
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
   *
   * @example
   * ```ts
   * for await (const event of agent.stream('What is the weather in Boston?')) {
   *   if (event.type === 'text') process.stdout.write(event.text);
   *   if (event.type === 'tool_call') console.log(`calling ${event.name}`);
   * }
   * ```
   */
  stream(input: AgentInput, options: RunOptions = {}): AgentStream {
    return this.startStream(toContents(input), options);
  }

  /**
   * A conversation that keeps its history across `send()`s.
   *
   * @example
   * ```ts
   * const chat = agent.chat();
   * await chat.send('What is the weather in Boston?');
   * const { text } = await chat.send('And in Paris?'); // the model sees the first turn too
   * ```
   */
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
