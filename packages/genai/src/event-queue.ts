/**
 * A single-consumer async queue: the run pushes events as they happen, the stream's reader pulls them. Nothing is
 * held back: a pushed event is handed to a waiting reader at once.
 */
export class EventQueue<T> implements AsyncIterableIterator<T> {
  private readonly buffer: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | undefined;
  private ended = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly onReturn: () => void) {}

  push(value: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting.resolve({ value, done: false });
    } else {
      this.buffer.push(value);
    }
  }

  end(error?: { error: unknown }): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    if (this.waiting && this.buffer.length === 0) {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (error) waiting.reject(error.error);
      else waiting.resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffer.length > 0) return Promise.resolve({ value: this.buffer.shift() as T, done: false });
    if (this.ended) {
      if (this.failure) {
        const { error } = this.failure;
        this.failure = undefined;
        return Promise.reject(error);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** The reader stopped early (break, return, throw in a for-await): stop the run behind it. */
  return(): Promise<IteratorResult<T>> {
    if (!this.ended) {
      this.ended = true;
      this.buffer.length = 0;
      // A next() that still waits (a reader that stops while the model thinks) ends too.
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve({ value: undefined, done: true });
      this.onReturn();
    }
    this.failure = undefined;
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
