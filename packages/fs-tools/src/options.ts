import type { AuditSink } from './audit.js';
import type { BackupOptions } from './backups.js';

/** What the confirmation hook is asked before a write. */
export interface WriteRequest {
  tool: 'write_file';
  /** The target, relative to the root (after normalisation, `/`-separated). */
  path: string;
  mode: 'overwrite' | 'append';
  content: string;
  /** The UTF-8 size of `content`. */
  bytes: number;
  /** Whether the file exists already (false: it will be created, with any missing folders). */
  exists: boolean;
}

export interface FileToolsOptions {
  /** The largest file `read_file` returns, in bytes. Default 1 MiB. */
  maxReadBytes?: number;
  /**
   * The largest file `write_file` may leave behind (for append: old size plus new content), in bytes. Default 10 MiB.
   */
  maxWriteBytes?: number;
  /** The most paths one `list_files` call returns (the rest is reported as truncated). Default 1000. */
  maxListEntries?: number;
  /** The most directory entries one `list_files` call examines. Default 100,000. */
  maxListScanned?: number;
  /**
   * Backups before an overwrite. Default: `{ dir: '.fs-tools-backups', keep: 5, maxBytes: 16 MiB }` inside the root;
   * `false` turns them off. Overwriting a file over `maxBytes` is refused (it could not be restored).
   */
  backups?: BackupOptions | false;
  /** Where every call is recorded. Default: JSON lines on stderr (`jsonLinesAudit()`); `false` turns it off. */
  audit?: AuditSink | false;
  /** Calls per minute over all three tools. Default 120; `false` turns the limit off. */
  rateLimit?: { callsPerMinute: number } | false;
  /** Asked before each write; false (or a rejected promise) refuses it, and the model is told so. */
  confirmWrite?: (request: WriteRequest) => boolean | Promise<boolean>;
  /** Refuses every write (write_file answers with an error). Default false. */
  readOnly?: boolean;
  /** Milliseconds since the epoch; injectable for tests (rate limit, audit times, backup names). */
  clock?: () => number;
}

export const DEFAULTS = {
  maxReadBytes: 1024 * 1024,
  maxWriteBytes: 10 * 1024 * 1024,
  maxListEntries: 1000,
  maxListScanned: 100_000,
  callsPerMinute: 120,
} as const;
