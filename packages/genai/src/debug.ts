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

/** JSON for the log; request bodies hold nothing that cannot be printed except the signal and fetch we add. */
export function debugJson(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key === 'abortSignal' || key === 'fetch' || typeof inner === 'function') return undefined;
    return inner;
  });
}
