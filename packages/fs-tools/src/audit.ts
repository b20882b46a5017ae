import { appendFile } from 'node:fs/promises';

/** One call of a file tool, as the audit log records it. */
export interface AuditEntry {
  /** When the call started (ISO 8601, from the tools' clock). */
  time: string;
  tool: 'list_files' | 'read_file' | 'write_file';
  /** The arguments as the model sent them, except `content`, which is recorded as its size and SHA-256. */
  args: Record<string, unknown>;
  outcome: 'ok' | 'error';
  /** On error: what the model was told. */
  error?: { code: string; message: string };
  /** A short summary of a success: bytes read or written, entries listed. */
  result?: Record<string, unknown>;
  durationMs: number;
}

/** Receives every audit entry. It may be async: the call waits for it, so entries are never lost silently. */
export type AuditSink = (entry: AuditEntry) => void | Promise<void>;

/**
 * An audit sink that writes one JSON object per line, to a stream (default: stderr) or appended to a file.
 * Lines to a file are appended in call order.
 */
export function jsonLinesAudit(target: string | NodeJS.WritableStream = process.stderr): AuditSink {
  if (typeof target !== 'string') {
    return (entry) => {
      target.write(`${JSON.stringify(entry)}\n`);
    };
  }
  let queue: Promise<void> = Promise.resolve();
  return (entry) => {
    const line = `${JSON.stringify(entry)}\n`;
    queue = queue.then(() => appendFile(target, line, 'utf8'));
    return queue;
  };
}

/** An audit sink that keeps entries in memory (tests, or forwarding elsewhere in batches). */
export function memoryAudit(): AuditSink & { entries: AuditEntry[] } {
  const entries: AuditEntry[] = [];
  const sink = ((entry: AuditEntry) => {
    entries.push(entry);
  }) as AuditSink & { entries: AuditEntry[] };
  sink.entries = entries;
  return sink;
}
