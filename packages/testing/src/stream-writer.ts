import type { ServerResponse } from 'node:http';
import type { Delays } from './delays.js';
import type { ErrorReply, StreamOptions } from './replies.js';
import { sseEvent } from './sse.js';

/** Writes the events of one reply as an SSE response, pausing and breaking off as the options say. */
export async function writeSse(
  res: ServerResponse,
  events: readonly unknown[],
  options: StreamOptions,
  delays: Delays,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  res.flushHeaders();
  const cutAfter = options.cutAfterEvents;
  for (const [i, event] of events.entries()) {
    if (cutAfter !== undefined && i >= cutAfter) return cutStream(res, options.cut ?? 'destroy', sseEvent(event));
    if (i > 0 && options.intervalMs && !(await delays.wait(options.intervalMs, res))) return;
    res.write(sseEvent(event));
  }
  if (cutAfter !== undefined) return cutStream(res, options.cut ?? 'destroy', sseEvent(events[events.length - 1]));
  res.end();
}

// Ends the stream midway: drop the connection, send half of the next event, or send an error event; the last two
// end the response cleanly.
function cutStream(res: ServerResponse, how: 'destroy' | 'unterminated' | ErrorReply, nextEvent: string): void {
  if (typeof how === 'object') {
    res.end(sseEvent(how.body));
    return;
  }
  if (how === 'unterminated') {
    res.end(nextEvent.slice(0, Math.max(8, Math.floor(nextEvent.length / 2))));
    return;
  }
  const socket = res.socket;
  // Let what was written reach the client first, then break the chunked response off without its last chunk.
  res.write('', () => socket?.destroy());
}
