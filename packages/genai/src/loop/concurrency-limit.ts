/**
 * At most `limit` tasks at a time; the others wait in the order they asked, and a task that ends hands its place to
 * the first of them. Resolves or rejects as the task does.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const first = waiting.shift();
    if (first) first();
    else running -= 1;
  };
  return <T>(task: () => Promise<T>): Promise<T> => {
    const start = (): Promise<T> => {
      let result: Promise<T>;
      try {
        result = task();
      } catch (error) {
        result = Promise.reject(error);
      }
      return result.finally(release);
    };
    if (running < limit) {
      running += 1;
      return start();
    }
    return new Promise<void>((resolve) => waiting.push(resolve)).then(start);
  };
}
