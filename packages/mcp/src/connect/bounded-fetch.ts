/**
 * `fetch` for the SDK's HTTP transports, with a byte bound that applies before any message is parsed: the SDK reads
 * a whole JSON body, or a whole SSE event, into memory first. A JSON body past the bound (by its Content-Length, or
 * as it arrives) fails, and so does an SSE event (the bytes between two blank lines) past it; a long-lived event
 * stream of small events is not cut.
 */
export function boundedFetch(maxBytes: number, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.body) return response;
    const tooBig = () =>
      new Error(`the server sent a message of more than ${maxBytes} bytes (connectMcp's maxMessageBytes)`);
    const length = Number(response.headers.get('content-length'));
    if (Number.isFinite(length) && length > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw tooBig();
    }
    const events = (response.headers.get('content-type') ?? '').includes('text/event-stream');
    const body = response.body.pipeThrough(byteBound(maxBytes, events, tooBig));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Counts the bytes of the body (of each SSE event, where `events`), and errors the stream past `maxBytes`. */
function byteBound(maxBytes: number, events: boolean, tooBig: () => Error): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  // Whether the line being read (it may have begun in an earlier chunk) holds more than a carriage return.
  let lineHasContent = false;
  return new TransformStream({
    transform(chunk, controller) {
      let over = false;
      if (!events) {
        size += chunk.byteLength;
        over = size > maxBytes;
      } else {
        let from = 0;
        for (let at = chunk.indexOf(10); at !== -1 && !over; at = chunk.indexOf(10, at + 1)) {
          const segment = at - from;
          const blank = !lineHasContent && (segment === 0 || (segment === 1 && chunk[from] === 13));
          size += segment + 1;
          over = size > maxBytes;
          if (blank) size = 0; // A blank line ends the event.
          lineHasContent = false;
          from = at + 1;
        }
        const tail = chunk.byteLength - from;
        if (tail > 1 || (tail === 1 && chunk[from] !== 13)) lineHasContent = true;
        size += tail;
        over ||= size > maxBytes;
      }
      if (over) controller.error(tooBig());
      else controller.enqueue(chunk);
    },
  });
}
