import type { ServerResponse } from 'node:http';

/** Timed waits tied to a response: they end early when the client goes away, and all at once on `clear()`. */
export class Delays {
  private readonly pending = new Map<NodeJS.Timeout, () => void>();

  /** Resolves true after `ms`, or false as soon as the response closes or the delays are cleared. */
  wait(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const stop = () => {
        clearTimeout(timer);
        this.pending.delete(timer);
        res.off('close', stop);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        res.off('close', stop);
        resolve(!res.destroyed);
      }, ms);
      this.pending.set(timer, stop);
      res.once('close', stop);
    });
  }

  clear(): void {
    for (const stop of [...this.pending.values()]) stop();
  }
}
