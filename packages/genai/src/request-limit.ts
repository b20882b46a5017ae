/** A model request got no answer (streaming: no new chunk) within its time limit. */
export class RequestTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The model request got no answer within ${timeoutMs} ms`);
  }
}

/**
 * The time limit of a run's model requests, and the abort signal of each. A request that gets no answer within the
 * limit is aborted; a streamed reply restarts the clock with each chunk, so a long answer that keeps coming is never
 * cut, and one that stalls is.
 *
 * Why the parts are shaped so (each measured with `pnpm bench agent-vs-sdk`): every request gets a fresh signal,
 * since fetch slows down on a signal that served earlier requests; the run has one timer, which sleeps until the
 * earliest moment the request in flight could be late, looks at its deadline, and lapses between requests (a timer
 * per request, restarted per chunk, costs more than the clock check).
 */
export class RequestLimit {
  private controller: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private deadline = 0;
  private cut: RequestTimeoutError | undefined;
  private unlink: (() => void) | undefined;

  /** `limitMs` undefined: no limit; the requests are aborted only with the run (if it has a signal). */
  constructor(
    private readonly limitMs: number | undefined,
    private readonly runSignal: AbortSignal | undefined,
  ) {}

  /** A request starts: the signal to hand to its fetch (undefined when nothing can abort it). */
  begin(): AbortSignal | undefined {
    this.cut = undefined;
    if (this.limitMs === undefined && !this.runSignal) return undefined;
    const controller = (this.controller = new AbortController());
    const outer = this.runSignal;
    if (outer?.aborted) controller.abort(outer.reason);
    else if (outer) {
      const onAbort = () => controller.abort(outer.reason);
      outer.addEventListener('abort', onAbort, { once: true });
      this.unlink = () => outer.removeEventListener('abort', onAbort);
    }
    if (this.limitMs !== undefined) {
      this.touch();
      this.timer ??= this.arm(this.limitMs);
    }
    return controller.signal;
  }

  /** Something arrived: the clock starts again. */
  touch(): void {
    if (this.limitMs !== undefined) this.deadline = Date.now() + this.limitMs;
  }

  /** The request is over (answered or failed). */
  end(): void {
    this.controller = undefined;
    this.unlink?.();
    this.unlink = undefined;
  }

  /** The error the limit cut the last request with, if it did. */
  get timeout(): RequestTimeoutError | undefined {
    return this.cut;
  }

  /** The run is over. */
  dispose(): void {
    this.end();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(delayMs: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => this.check(), delayMs);
    // A lapsed limit never keeps a process alive: the request in flight does that while it lasts.
    (timer as { unref?: () => void }).unref?.();
    return timer;
  }

  private check(): void {
    this.timer = undefined;
    const controller = this.controller;
    if (!controller) return;
    const left = this.deadline - Date.now();
    if (left > 0) {
      this.timer = this.arm(left);
      return;
    }
    this.cut = new RequestTimeoutError(this.limitMs!);
    controller.abort(this.cut);
  }
}
