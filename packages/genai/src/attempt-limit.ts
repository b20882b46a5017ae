/** A model request got no answer (streaming: no new chunk) within its time limit. */
export class RequestTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The model request got no answer within ${timeoutMs} ms`);
  }
}

/**
 * The time limit of one model request attempt. Its signal (handed to the SDK) aborts when the run's does, or when
 * no answer came within the limit; a streamed reply restarts the clock with each chunk, so a long answer that keeps
 * coming is never cut, and one that stalls is.
 */
export class AttemptLimit {
  readonly signal: AbortSignal | undefined;
  private readonly controller: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unlink: () => void = () => {};

  constructor(
    private readonly limitMs: number | undefined,
    runSignal: AbortSignal | undefined,
  ) {
    if (limitMs === undefined) {
      this.signal = runSignal;
      return;
    }
    const controller = (this.controller = new AbortController());
    this.signal = controller.signal;
    if (runSignal?.aborted) controller.abort(runSignal.reason);
    else if (runSignal) {
      const onAbort = () => controller.abort(runSignal.reason);
      runSignal.addEventListener('abort', onAbort, { once: true });
      this.unlink = () => runSignal.removeEventListener('abort', onAbort);
    }
    this.touch();
  }

  /** Whether the limit (not the run) ended the attempt. */
  get timedOut(): boolean {
    return this.controller?.signal.reason instanceof RequestTimeoutError;
  }

  /** Something arrived: the clock starts again. */
  touch(): void {
    if (this.limitMs === undefined || this.controller!.signal.aborted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller!.abort(new RequestTimeoutError(this.limitMs!)), this.limitMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unlink();
  }
}
