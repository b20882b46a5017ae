import type { Content } from '@google/genai';
import type { Agent, AgentStream } from './agent.js';
import { toContents, type AgentInput } from './input.js';
import type { RunOptions } from './options.js';
import type { AgentEvent } from './events.js';
import type { AgentResult } from './result.js';
import { newRunId } from './loop/run-id.js';

export interface ChatOptions {
  /** A conversation to continue (for example a result's `history`). */
  history?: Content[];
}

/**
 * A conversation on an Agent. Each `send()` runs the loop on the history so far plus the new input; sends are
 * queued, so they never interleave. A failed send leaves the history as it was before it (the error carries the
 * partial history to resume from).
 */
export class Chat {
  private current: Content[];
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly agent: Agent,
    options: ChatOptions = {},
  ) {
    this.current = [...(options.history ?? [])];
  }

  /** The conversation so far (a copy). */
  get history(): Content[] {
    return [...this.current];
  }

  send(input: AgentInput, options: RunOptions = {}): Promise<AgentResult> {
    const contents = toContents(input);
    const turn = this.tail.then(async () => {
      const result = await this.agent.start([...this.current, ...contents], options, false).execute();
      this.current = [...result.history];
      return result;
    });
    this.tail = turn.catch(() => {});
    return turn;
  }

  /** Like `send()`, streamed. The stream starts when the sends before it are done. */
  stream(input: AgentInput, options: RunOptions = {}): AgentStream {
    const contents = toContents(input);
    const runId = newRunId();
    const ready = this.tail.then(() =>
      this.agent.startStream([...this.current, ...contents], { ...options, runId }, (result) => {
        if (result) this.current = [...result.history];
      }),
    );
    const result = ready.then((stream) => stream.result);
    result.catch(() => {});
    this.tail = result.catch(() => {});
    return { result, runId, [Symbol.asyncIterator]: () => stoppableEvents(ready) };
  }
}

/**
 * The events of a stream that starts once the sends before it are done. Unlike an async generator, it can be stopped
 * while a `next()` waits (a generator queues `return()` behind it): stopping aborts the run at once, or as soon as
 * it starts.
 */
function stoppableEvents(ready: Promise<AgentStream>): AsyncIterableIterator<AgentEvent> {
  let inner: AsyncIterator<AgentEvent> | undefined;
  let stopped = false;
  const started = ready.then((stream) => {
    inner = stream[Symbol.asyncIterator]();
    if (stopped) void inner.return?.();
    return inner;
  });
  const done = (): IteratorResult<AgentEvent> => ({ value: undefined, done: true });
  return {
    async next() {
      const events = await started;
      return stopped ? done() : events.next();
    },
    async return() {
      stopped = true;
      await inner?.return?.();
      return done();
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
