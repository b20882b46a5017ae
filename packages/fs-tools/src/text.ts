import { SandboxError, shown } from './sandbox-error.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a file's bytes as UTF-8 text, refusing binary content (NUL bytes or invalid UTF-8) rather than garbling it.
 */
export function decodeText(bytes: Uint8Array, relativePath: string): string {
  if (bytes.includes(0)) {
    throw new SandboxError(
      'binary',
      `${shown(relativePath)} is a binary file (it contains NUL bytes); only text files can be read`,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new SandboxError('binary', `${shown(relativePath)} is not valid UTF-8 text; only text files can be read`);
  }
}

/**
 * Lines `start` to `end` (1-based, inclusive) of a text, each with its line ending. An `end` past the last line
 * stops at the last line; a `start` past it is an error that says how many lines there are.
 */
export function lineRange(
  text: string,
  start: number | undefined,
  end: number | undefined,
  relativePath: string,
): string {
  if (start === undefined && end === undefined) return text;
  const first = checkLineRange(start, end);
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  if (first > lines.length) throw pastEnd(first, lines.length, relativePath);
  return lines.slice(first - 1, end ?? lines.length).join('');
}

/** Checks startLine and endLine as given by the model; returns the first line (1 when only endLine is given). */
export function checkLineRange(start: number | undefined, end: number | undefined): number {
  for (const [label, value] of [
    ['startLine', start],
    ['endLine', end],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
      throw new SandboxError('invalid_argument', `${label} must be a whole number of at least 1`);
    }
  }
  const first = start ?? 1;
  if (end !== undefined && end < first) {
    throw new SandboxError('invalid_argument', `endLine (${end}) is before startLine (${first})`);
  }
  return first;
}

export function pastEnd(start: number, lines: number, relativePath: string): SandboxError {
  return new SandboxError(
    'invalid_argument',
    `startLine ${start} is past the end of ${shown(relativePath)}, which has ${lines} line${lines === 1 ? '' : 's'}`,
  );
}
