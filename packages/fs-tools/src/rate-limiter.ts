/**
 * A sliding one-minute window of calls. Only calls that were let through count, so a model that keeps retrying
 * while limited does not extend its own wait.
 */
export class RateLimiter {
  private readonly times: number[] = [];

  constructor(
    readonly callsPerMinute: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(callsPerMinute) || callsPerMinute < 1) {
      throw new TypeError('FileTools: rateLimit.callsPerMinute must be a whole number >= 1');
    }
  }

  /** Records a call and returns 0 when it may go ahead, else the milliseconds until it could. */
  take(): number {
    const now = this.clock();
    while (this.times.length > 0 && (this.times[0] as number) <= now - 60_000) this.times.shift();
    if (this.times.length >= this.callsPerMinute) return (this.times[0] as number) + 60_000 - now;
    this.times.push(now);
    return 0;
  }
}
