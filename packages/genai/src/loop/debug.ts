/** Where debug lines go: the option wins; TOOLWRIGHT_DEBUG=1 (or true) turns stderr logging on. */
export type DebugSink = ((line: string) => void) | undefined;

export function debugSink(option: boolean | ((line: string) => void) | undefined): DebugSink {
  if (typeof option === 'function') return option;
  if (option === false) return undefined;
  const env = typeof process !== 'undefined' ? process.env?.TOOLWRIGHT_DEBUG : undefined;
  if (option === true || (env !== undefined && env !== '' && env !== '0' && env !== 'false')) {
    return (line) => process.stderr.write(`${line}\n`);
  }
  return undefined;
}

const LONG_STRING = 2_000;

/**
 * JSON for the log. Leaves out the signal and fetch the Agent adds to requests, and shortens very long strings
 * (inline images, big tool results) so that one request cannot flood the log.
 */
export function debugJson(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key === 'abortSignal' || key === 'fetch' || typeof inner === 'function') return undefined;
    if (typeof inner === 'string' && inner.length > LONG_STRING)
      return `${inner.slice(0, LONG_STRING)}... (${inner.length} characters)`;
    return inner;
  });
}
