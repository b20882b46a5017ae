/**
 * This thread's own CPU time in ms, on Node 23.9+ (`process.threadCpuUsage()`); undefined on older Node.
 * `process.cpuUsage()` counts every thread of the process (the shards' workers, V8's collector), so it cannot tell
 * what one phase of the main thread cost on a loaded machine, where wall time mostly tells the load.
 */
export function threadCpuMs(): number | undefined {
  const { threadCpuUsage } = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
  if (!threadCpuUsage) return undefined;
  const { user, system } = threadCpuUsage();
  return (user + system) / 1000;
}
