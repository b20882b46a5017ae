/**
 * Makes `controller` abort when `outer` does (at once if it already has, with the same reason). Returns what
 * undoes the link, so that a signal outliving the controller keeps no listener of it.
 */
export function abortWith(controller: AbortController, outer: AbortSignal): () => void {
  if (outer.aborted) {
    controller.abort(outer.reason);
    return noop;
  }
  const onAbort = () => controller.abort(outer.reason);
  outer.addEventListener('abort', onAbort, { once: true });
  return () => outer.removeEventListener('abort', onAbort);
}

function noop(): void {}

/**
 * Every request and every running tool of the run adds a listener to its signal, so more than Node's
 * default of 10 listeners is normal here, not a leak. Node only: other runtimes have no such warning.
 */
export function allowManyListeners(signal: AbortSignal): void {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const events = node?.getBuiltinModule?.('node:events') as
    | { setMaxListeners?: (n: number, target: EventTarget) => void }
    | undefined;
  events?.setMaxListeners?.(0, signal);
}
