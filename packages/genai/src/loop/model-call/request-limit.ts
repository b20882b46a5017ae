import { abortWith } from '../abort-link.js';

/** A model request got no answer (streaming: no new chunk) within its time limit. */
export class RequestTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The model request got no answer within ${timeoutMs} ms`);
  }
}

/**
 * The time limit of a run's model requests, and what ends a request early. A request that gets no answer within the
 * limit is given up; a streamed reply restarts the clock with each chunk, so a long answer that keeps coming is never
 * cut, and one that stalls is.
 *
 * Why the parts are shaped so (each measured with `npm run bench -- agent-vs-sdk`):
 * - A run that can be aborted (a caller's signal, a stream) gives every request a fresh signal, which the limit
 *   aborts too; fetch slows down on a signal that served earlier requests.
 * - A run nothing can abort hands fetch no signal at all (a signal costs fetch about 4% of a short run against a
 *   local server): the limit gives the request up, and the run's fetch closes its reply if it still comes (see
 *   RequestFetch). Node's fetch ends a request that gets no bytes for 300 s by itself.
 * - The run has one timer, which sleeps until the earliest moment the request in flight could be late, looks at its
 *   deadline, and lapses between requests: a timer per request, restarted per chunk, costs more than the check.
 */
export class RequestLimit {
  private controller: AbortController | undefined;
  private giveUp: ((error: RequestTimeoutError) => void) | undefined;
  private active = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private deadline = 0;
  private cut: RequestTimeoutError | undefined;
  private unlink: (() => void) | undefined;

  /** `limitMs` undefined: no limit; the requests are aborted only with the run (if it has a signal). */
  constructor(
    private readonly limitMs: number | undefined,
    private readonly runSignal: AbortSignal | undefined,
  ) {}

  /** A request starts: the signal to hand to its fetch (undefined when the run cannot be aborted). */
  begin(): AbortSignal | undefined {
    this.cut = undefined;
    if (this.limitMs !== undefined) {
      this.active = true;
      this.touch();
      this.timer ??= this.arm(this.limitMs);
    }
    const outer = this.runSignal;
    if (!outer) return undefined;
    const controller = (this.controller = new AbortController());
    this.unlink = abortWith(controller, outer);
    return controller.signal;
  }

  /**
   * The request's outcome, or the limit's error when it passes first. A request with a signal is aborted instead
   * (its own rejection carries the limit); one without is given up here.
   */
  within<T>(request: Promise<T>): Promise<T> {
    if (this.limitMs === undefined || this.controller) return request;
    return new Promise<T>((resolve, reject) => {
      this.giveUp = reject;
      request.then(resolve, reject);
    });
  }

  /** Something arrived: the clock starts again. */
  touch(): void {
    if (this.limitMs !== undefined) this.deadline = Date.now() + this.limitMs;
  }

  /** The request is over (answered or failed). */
  end(): void {
    this.active = false;
    this.controller = undefined;
    this.giveUp = undefined;
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
    if (!this.active) return;
    const left = this.deadline - Date.now();
    if (left > 0) {
      this.timer = this.arm(left);
      return;
    }
    const cut = (this.cut = new RequestTimeoutError(this.limitMs!));
    if (this.controller) this.controller.abort(cut);
    else this.giveUp?.(cut);
  }
}
