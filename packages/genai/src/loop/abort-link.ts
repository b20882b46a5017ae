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
