import { streamEventError } from './api-error.js';

/**
 * Where the next event ends in `buffer` (any of the three line-end styles SSE allows), and the separator's length.
 * The search starts at `from`: text already searched is not searched again.
 */
function nextBoundary(buffer: string, from: number): [number, number] | undefined {
  let found: [number, number] | undefined;
  for (const separator of ['\n\n', '\r\r', '\r\n\r\n']) {
    const at = buffer.indexOf(separator, from);
    if (at !== -1 && (found === undefined || at < found[0])) found = [at, separator.length];
  }
  return found;
}

/** The JSON of one event's `data:` lines (joined with line ends, as SSE says), or undefined for an event without. */
function eventData(event: string): unknown {
  const lines = event.split(/\r\n|\r|\n/).filter((line) => line.startsWith('data:'));
  if (lines.length === 0) return undefined;
  const data = lines.map((line) => line.slice(line[5] === ' ' ? 6 : 5)).join('\n');
  try {
    return JSON.parse(data);
  } catch {
    throw new Error(`The model's stream sent an event that is not JSON: ${data.slice(0, 200)}`);
  }
}

/**
 * The events of a `streamGenerateContent?alt=sse` reply, each parsed. An event that carries an API error throws it;
 * a stream that ends inside an event throws (its last reply would be lost otherwise). Each byte is searched for a
 * boundary a bounded number of times, however the reply is cut into pieces.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // Where the search for the next boundary resumes: a separator may straddle two pieces, hence the 3 back.
  let searchFrom = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (let boundary = nextBoundary(buffer, searchFrom); boundary; boundary = nextBoundary(buffer, 0)) {
        const data = eventData(buffer.slice(0, boundary[0]));
        buffer = buffer.slice(boundary[0] + boundary[1]);
        searchFrom = 0;
        if (data === undefined) continue;
        const error = streamEventError(data);
        if (error) throw error;
        yield data;
      }
      if (done) break;
      searchFrom = Math.max(0, buffer.length - 3);
    }
    if (buffer.trim() !== '')
      throw new Error("The model's stream ended inside an event: its last reply is incomplete.");
  } finally {
    // Stops the download when the reader leaves early (an abort, a thrown error).
    await reader.cancel().catch(() => {});
  }
}
