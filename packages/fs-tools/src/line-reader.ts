import type { FileHandle } from 'node:fs/promises';

/** What reading lines `start`..`end` of a file within a byte budget found. */
export type LineWindow =
  /** The lines (each with its line ending), at most `budget` bytes. */
  | { kind: 'lines'; bytes: Buffer }
  /** They do not fit; lines `start`..`fitsTo` do (`fitsTo` < `start`: not even line `start` alone fits). */
  | { kind: 'too_large'; fitsTo: number }
  /** The file has fewer than `start` lines: `lines` of them. */
  | { kind: 'past_end'; lines: number }
  /** Line `start` does not end within the first `scanLimit` bytes. */
  | { kind: 'beyond_scan' };

const CHUNK = 256 * 1024;
const NEWLINE = 0x0a;

/**
 * Reads lines `start` to `end` (1-based, inclusive; `end` undefined: to the last line) from the start of an open
 * file, holding at most `budget` bytes of them, so a line range of a file of any size costs bounded memory. Lines
 * end after `\n`; a last line without one counts when it is not empty. Stops after `scanLimit` bytes.
 */
export async function readLines(
  handle: FileHandle,
  start: number,
  end: number | undefined,
  budget: number,
  scanLimit: number,
): Promise<LineWindow> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  /** The line the next byte belongs to. */
  let line = 1;
  /** Whether the current line has any byte yet (a last line without `\n` counts only then). */
  let lineStarted = false;
  /** The last line kept whole. */
  let lastWhole = start - 1;
  const chunk = Buffer.allocUnsafe(CHUNK);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK, Math.max(0, scanLimit - position)), position);
    if (bytesRead === 0) break;
    let from = 0;
    while (from < bytesRead) {
      const newline = chunk.indexOf(NEWLINE, from);
      const stop = newline === -1 || newline >= bytesRead ? bytesRead : newline + 1;
      if (line >= start && (end === undefined || line <= end)) {
        const piece = chunk.subarray(from, stop);
        if (keptBytes + piece.length > budget) return { kind: 'too_large', fitsTo: lastWhole };
        kept.push(Buffer.from(piece));
        keptBytes += piece.length;
      }
      lineStarted = stop > from || lineStarted;
      if (stop === newline + 1 && newline !== -1 && newline < bytesRead) {
        if (line >= start) lastWhole = line;
        if (end !== undefined && line >= end) return { kind: 'lines', bytes: Buffer.concat(kept, keptBytes) };
        line++;
        lineStarted = false;
      }
      from = stop;
    }
    position += bytesRead;
    if (position >= scanLimit) {
      // Lines that end within the scanned bytes can be served; a range that runs on past them cannot.
      return lastWhole >= start ? { kind: 'too_large', fitsTo: lastWhole } : { kind: 'beyond_scan' };
    }
  }
  const lines = lineStarted ? line : line - 1;
  if (start > lines) return { kind: 'past_end', lines };
  return { kind: 'lines', bytes: Buffer.concat(kept, keptBytes) };
}
