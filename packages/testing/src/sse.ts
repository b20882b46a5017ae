import type { Part } from './wire.js';

/**
 * Splits a reply's parts into the parts of successive stream events, as the API streams: each text part in about
 * `textEvents` pieces (never empty ones), consecutive function calls together and whole (arguments are never
 * streamed), anything else whole. A signature on a text part stays on its last piece. Always at least one event.
 */
export function splitIntoEvents(parts: readonly Part[], textEvents: number): Part[][] {
  const events: Part[][] = [];
  for (const part of parts) {
    if (part.functionCall) {
      const last = events[events.length - 1];
      if (last && last.length > 0 && last.every((p) => p.functionCall)) last.push(part);
      else events.push([part]);
      continue;
    }
    if (typeof part.text === 'string' && part.text.length > 1 && textEvents > 1) {
      const { thoughtSignature, ...rest } = part;
      const pieces = splitText(part.text, textEvents);
      pieces.forEach((piece, i) => {
        const chunk: Part = { ...rest, text: piece };
        if (i === pieces.length - 1 && thoughtSignature !== undefined) chunk.thoughtSignature = thoughtSignature;
        events.push([chunk]);
      });
      continue;
    }
    events.push([part]);
  }
  return events.length ? events : [[]];
}

/** One SSE event as the API writes it: `data: <json>` and a blank line, with CRLF line ends. */
export function sseEvent(json: unknown): string {
  return `data: ${JSON.stringify(json)}\r\n\r\n`;
}

// Splits on code points so that no piece holds half a surrogate pair.
function splitText(text: string, pieces: number): string[] {
  const chars = [...text];
  const count = Math.min(pieces, chars.length);
  const size = Math.ceil(chars.length / count);
  const result: string[] = [];
  for (let i = 0; i < count; i++) result.push(chars.slice(i * size, (i + 1) * size).join(''));
  return result.filter((piece) => piece.length > 0);
}
