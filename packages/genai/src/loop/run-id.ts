let runCounter = 0;

/** A run's id: unique in this process, and sortable by start time across processes. */
export function newRunId(): string {
  runCounter = (runCounter + 1) % 1_000_000;
  return `run_${Date.now().toString(36)}_${runCounter.toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
}
