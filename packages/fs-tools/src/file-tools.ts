import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { tool, type Integer } from '@toolwright/core';
import { atomicWrite, copyHandle, READ_FLAGS, writeAll } from './atomic-write.js';
import { jsonLinesAudit, type AuditEntry, type AuditSink } from './audit.js';
import { Backups } from './backups.js';
import { fileSystemError } from './fs-error.js';
import { listFolder, listingGlob, type FileList } from './listing.js';
import { DEFAULTS, type FileToolsOptions, type WriteRequest } from './options.js';
import { RateLimiter } from './rate-limiter.js';
import { Sandbox, type Resolution } from './sandbox.js';
import { SandboxError, shown } from './sandbox-error.js';
import { readLines } from './line-reader.js';
import { checkLineRange, decodeText, lineRange, pastEnd } from './text.js';

/** How far into a file over the read limit read_file looks for the lines asked for, in multiples of that limit. */
const LINE_SCAN_FACTOR = 64;

/** What `write_file` answers. */
export interface WriteResult {
  /** The file written, relative to the root. */
  path: string;
  mode: 'overwrite' | 'append';
  /** The UTF-8 bytes of `content` that were written. */
  bytesWritten: number;
  /** True when the file did not exist before. */
  created: boolean;
  /** True when the previous version was saved as a backup. */
  backedUp: boolean;
}

type ToolName = AuditEntry['tool'];
/** What a tool's body hands to the guard: the answer, and what the audit records of it. */
type ToolOutcome<T> = { value: T; summary: Record<string, unknown> };

/**
 * File tools for an agent, confined to one root folder: list, read and write text files. Every path is resolved
 * against the root; links that lead outside it are never followed. See the package README for the security model.
 */
export class FileTools {
  /** The real path of the root folder. */
  readonly root: string;
  readonly #sandbox: Sandbox;
  readonly #options: Required<
    Pick<FileToolsOptions, 'maxReadBytes' | 'maxWriteBytes' | 'maxListEntries' | 'maxListScanned'>
  >;
  readonly #backups: Backups | undefined;
  readonly #audit: AuditSink | undefined;
  readonly #limiter: RateLimiter | undefined;
  readonly #confirmWrite: FileToolsOptions['confirmWrite'];
  readonly #readOnly: boolean;
  readonly #clock: () => number;

  constructor(root: string, options: FileToolsOptions = {}) {
    this.#sandbox = new Sandbox(root);
    this.root = this.#sandbox.root;
    this.#clock = options.clock ?? Date.now;
    this.#options = {
      maxReadBytes: positive('maxReadBytes', options.maxReadBytes ?? DEFAULTS.maxReadBytes),
      maxWriteBytes: positive('maxWriteBytes', options.maxWriteBytes ?? DEFAULTS.maxWriteBytes),
      maxListEntries: positive('maxListEntries', options.maxListEntries ?? DEFAULTS.maxListEntries),
      maxListScanned: positive('maxListScanned', options.maxListScanned ?? DEFAULTS.maxListScanned),
    };
    this.#backups =
      options.backups === false ? undefined : new Backups(this.#sandbox, options.backups ?? {}, this.#clock);
    this.#audit = options.audit === false ? undefined : (options.audit ?? jsonLinesAudit());
    this.#limiter =
      options.rateLimit === false
        ? undefined
        : new RateLimiter(options.rateLimit?.callsPerMinute ?? DEFAULTS.callsPerMinute, this.#clock);
    this.#confirmWrite = options.confirmWrite;
    this.#readOnly = options.readOnly ?? false;
  }

  /**
   * Lists files in a folder of the workspace. Without a pattern, returns the folder's direct entries (folders end
   * with "/"). With a glob pattern, returns the files at any depth below the folder whose path relative to the
   * folder matches it. Paths are relative to the workspace root; the list is cut at a limit, and `truncated` says so.
   * @param path The folder to list, relative to the workspace root. Default: the root itself.
   * @param pattern A glob matched against file paths relative to `path`: "*" matches within one folder level,
   * "**" as a whole segment spans any number of levels, "?" is one character, [a-z] a class and {ts,tsx}
   * alternatives, as in "*.md", "*.{ts,tsx}", "docs/?.md" or "src/**". At most 1,024 characters.
   */
  @tool({ name: 'list_files' })
  async listFiles(path: string = '.', pattern?: string): Promise<FileList> {
    return this.#guard('list_files', { path, pattern }, async () => {
      if (pattern !== undefined && (typeof pattern !== 'string' || pattern === '')) {
        throw new SandboxError('invalid_argument', 'pattern must be a non-empty string');
      }
      const glob = pattern === undefined ? undefined : listingGlob(pattern);
      const found = await this.#sandbox.resolve(path, 'read');
      try {
        if (!found.exists) throw new SandboxError('not_found', `${shown(found.relative)} does not exist`);
        if (found.name !== undefined) {
          throw new SandboxError(
            'not_a_directory',
            `${shown(found.relative)} is a file, not a folder; use read_file to read it`,
          );
        }
        const backups = this.#backups;
        const list = await listFolder(this.#sandbox, found.folder, glob, {
          maxEntries: this.#options.maxListEntries,
          maxScanned: this.#options.maxListScanned,
          // The backup folder is left out where it would appear; listed explicitly, it shows what can be restored.
          hidden: (relativePath) => relativePath === backups?.insideRoot,
        });
        return { value: list, summary: { entries: list.paths.length, truncated: list.truncated } };
      } finally {
        await found.folder.close();
      }
    });
  }

  /**
   * Reads a text file of the workspace (UTF-8) and returns its content. Binary files are refused. With startLine
   * and/or endLine, returns only those lines: a file over the size limit can be read in parts this way.
   * @param path The file to read, relative to the workspace root.
   * @param startLine The first line to return, counting from 1. Default: 1.
   * @param endLine The last line to return (inclusive). Default: the last line of the file.
   */
  @tool({ name: 'read_file' })
  async readFile(path: string, startLine?: Integer, endLine?: Integer): Promise<string> {
    return this.#guard('read_file', { path, startLine, endLine }, async () => {
      const file = await this.#sandbox.resolve(path, 'read');
      try {
        return await this.#read(file, startLine, endLine);
      } finally {
        await file.folder.close();
      }
    });
  }

  /** read_file after the walk: `file` is open until the caller closes its folder. */
  async #read(
    file: Resolution,
    startLine: number | undefined,
    endLine: number | undefined,
  ): Promise<ToolOutcome<string>> {
    if (!file.exists) throw new SandboxError('not_found', `${shown(file.relative)} does not exist`);
    if (file.name === undefined) {
      throw new SandboxError('not_a_file', `${shown(file.relative)} is a folder; use list_files to see what it holds`);
    }
    if (!file.stats.isFile()) throw new SandboxError('not_a_file', `${shown(file.relative)} is not a regular file`);
    const ranged = startLine !== undefined || endLine !== undefined;
    if (ranged) checkLineRange(startLine, endLine);
    const handle = await openFile(file.folder.at(file.name), file.relative);
    try {
      await this.#sandbox.verifyOpened(handle, file, file.relative);
      const limit = this.#options.maxReadBytes;
      if (file.stats.size <= limit) {
        const bytes = await readAtMost(handle, limit + 1);
        if (bytes.length <= limit) {
          const text = lineRange(decodeText(bytes, file.relative), startLine, endLine, file.relative);
          return { value: text, summary: { bytes: bytes.length } };
        }
      }
      // Over the limit: line ranges are still served, each within the limit.
      const bytes = await this.#readLargeFile(handle, file.relative, ranged ? (startLine ?? 1) : undefined, endLine);
      return { value: decodeText(bytes, file.relative), summary: { bytes: bytes.length } };
    } finally {
      await handle.close();
    }
  }

  /**
   * Writes a text file of the workspace (UTF-8), creating missing folders. "overwrite" replaces the whole file
   * (its previous version is kept as a backup); "append" adds the content at its end. The file is replaced
   * atomically, so it is never left half-written. Returns the number of bytes written.
   * @param path The file to write, relative to the workspace root.
   * @param content The text to write.
   * @param mode "overwrite" replaces the file's content; "append" adds to its end. Default: "overwrite".
   */
  @tool({ name: 'write_file' })
  async writeFile(path: string, content: string, mode: 'overwrite' | 'append' = 'overwrite'): Promise<WriteResult> {
    return this.#guard('write_file', { path, content, mode }, async () => {
      if (this.#readOnly) throw new SandboxError('denied', 'writing is turned off for these file tools');
      if (typeof content !== 'string') throw new SandboxError('invalid_argument', 'content must be a string');
      if (mode !== 'overwrite' && mode !== 'append') {
        throw new SandboxError('invalid_argument', 'mode must be "overwrite" or "append"');
      }
      if (typeof path === 'string' && path.endsWith('/')) {
        throw new SandboxError('not_a_file', `${shown(path)} ends with a slash: give the path of a file`);
      }
      const target = await this.#sandbox.resolve(path, 'write');
      try {
        return await this.#write(target, content, mode);
      } finally {
        // After createParents this is closed already (it took the folder over); closing twice is harmless.
        await target.folder.close();
      }
    });
  }

  /** write_file after the walk: every name is created, opened and renamed relative to the open folder. */
  async #write(target: Resolution, content: string, mode: 'overwrite' | 'append'): Promise<ToolOutcome<WriteResult>> {
    if (target.relative === '' || (target.exists && target.name === undefined)) {
      throw new SandboxError('not_a_file', 'the root is a folder, not a file');
    }
    if (this.#backups?.covers(target.relative)) {
      throw new SandboxError(
        'protected',
        `${shown(target.relative)} is in the backup folder, which the tools do not write`,
      );
    }
    if (target.exists && !target.stats.isFile()) {
      const what = target.stats.isDirectory() ? 'a folder' : 'not a regular file';
      throw new SandboxError('not_a_file', `${shown(target.relative)} is ${what}`);
    }
    const data = Buffer.from(content, 'utf8');
    const finalSize = data.length + (target.exists && mode === 'append' ? target.stats.size : 0);
    if (finalSize > this.#options.maxWriteBytes) {
      throw new SandboxError(
        'too_large',
        `writing ${shown(target.relative)} would make it ${finalSize} bytes; the limit ` +
          `is ${this.#options.maxWriteBytes} bytes`,
      );
    }
    const backups = mode === 'overwrite' && target.exists ? this.#backups : undefined;
    if (backups && target.exists) backups.checkSize(target.stats.size, target.relative);
    await this.#confirm({
      tool: 'write_file',
      path: target.relative,
      mode,
      content,
      bytes: data.length,
      exists: target.exists,
    });

    const folder = target.exists ? target.folder : await this.#sandbox.createParents(target);
    const name = target.exists ? (target.name as string) : (target.missing.at(-1) as string);
    let previous: FileHandle | undefined;
    let backedUp = false;
    try {
      previous = target.exists ? await openFile(folder.at(name), target.relative) : undefined;
      if (previous && target.exists) await this.#sandbox.verifyOpened(previous, target, target.relative);
      await atomicWrite(folder, name, {
        mode: target.exists ? target.stats.mode & 0o7777 : undefined,
        // The new file must be in the root: its folder may have been moved out since it was opened.
        verify: (handle) => this.#sandbox.verifyOpened(handle, {}, target.relative),
        fill: async (handle) => {
          if (previous && mode === 'append') await copyHandle(previous, handle);
          await writeAll(handle, data);
        },
        beforeRename: async () => {
          if (previous && backups && target.exists) {
            await backups.save(previous, target.relative, target.stats.mode);
            backedUp = true;
          }
          // Last look before the rename: the folder must still be inside the root.
          await this.#sandbox.verifyOpened(folder.handle, {}, target.relative);
        },
      });
    } catch (error) {
      throw fileSystemError(error, target.relative);
    } finally {
      await previous?.close();
      if (folder !== target.folder) await folder.close();
    }
    const result: WriteResult = {
      path: target.relative,
      mode,
      bytesWritten: data.length,
      created: !target.exists,
      backedUp,
    };
    return { value: result, summary: { bytes: data.length, created: result.created, backedUp } };
  }

  /** Rate limit, audit and error hygiene around one call. */
  async #guard<T>(
    toolName: ToolName,
    args: Record<string, unknown>,
    body: () => Promise<{ value: T; summary: Record<string, unknown> }>,
  ): Promise<T> {
    const started = this.#clock();
    const record = async (entry: Pick<AuditEntry, 'outcome' | 'error' | 'result'>) =>
      this.#audit?.({
        time: new Date(started).toISOString(),
        tool: toolName,
        args: auditArgs(args),
        ...entry,
        durationMs: Math.max(0, this.#clock() - started),
      });
    let outcome: { value: T; summary: Record<string, unknown> };
    try {
      const wait = this.#limiter?.take() ?? 0;
      if (wait > 0) {
        throw new SandboxError(
          'rate_limited',
          `too many file tool calls: the limit is ${this.#limiter?.callsPerMinute} a minute; try again ` +
            `in ${Math.ceil(wait / 1000)} s`,
        );
      }
      outcome = await body();
    } catch (error) {
      const refused =
        error instanceof SandboxError
          ? error
          : new SandboxError('io', `${toolName} failed: ${(error as Error)?.name ?? 'error'}`);
      await record({ outcome: 'error', error: { code: refused.code, message: refused.message } });
      throw refused;
    }
    await record({ outcome: 'ok', result: outcome.summary });
    return outcome.value;
  }

  async #confirm(request: WriteRequest): Promise<void> {
    if (!this.#confirmWrite) return;
    let allowed: boolean;
    try {
      allowed = await this.#confirmWrite(request);
    } catch {
      allowed = false;
    }
    if (allowed !== true) throw new SandboxError('denied', `the write to ${shown(request.path)} was not approved`);
  }

  /**
   * Lines `start`..`end` of a file over the read limit (no `start`: the whole file, which cannot fit). A refusal
   * names only ranges that were found to fit, so following its advice works.
   */
  async #readLargeFile(
    handle: FileHandle,
    relativePath: string,
    start: number | undefined,
    end: number | undefined,
  ): Promise<Buffer> {
    const limit = this.#options.maxReadBytes;
    const scanLimit = limit * LINE_SCAN_FACTOR;
    const window = await readLines(handle, start ?? 1, end, limit, scanLimit);
    const path = shown(relativePath);
    switch (window.kind) {
      case 'lines':
        return window.bytes;
      case 'past_end':
        throw pastEnd(start ?? 1, window.lines, relativePath);
      case 'beyond_scan':
        throw new SandboxError(
          'too_large',
          `line ${start ?? 1} of ${path} does not end within its first ${scanLimit} bytes, ` +
            'which is as far as read_file looks for lines',
        );
      case 'too_large': {
        const fits = window.fitsTo >= (start ?? 1);
        if (start === undefined) {
          const over = `${path} is ${(await handle.stat()).size} bytes, over the read limit of ${limit} bytes`;
          throw new SandboxError(
            'too_large',
            fits
              ? `${over}; read it in parts with startLine and endLine: lines 1 to ${window.fitsTo} fit`
              : `${over}, and its first line alone is longer than that; ask for the limit to be raised`,
          );
        }
        const asked = `lines ${start} to ${end ?? 'the end'} of ${path}`;
        throw new SandboxError(
          'too_large',
          fits
            ? `${asked} are more than the read limit of ${limit} bytes; lines ${start} to ${window.fitsTo} fit`
            : `line ${start} of ${path} alone is longer than the read limit of ${limit} bytes; ` +
                'ask for the limit to be raised',
        );
      }
    }
  }
}

async function openFile(real: string, relativePath: string): Promise<FileHandle> {
  try {
    return await open(real, READ_FLAGS);
  } catch (error) {
    throw fileSystemError(error, relativePath);
  }
}

/** Reads from the start of a file, stopping after `limit` bytes (the file may have grown since it was checked). */
async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    const chunk = Buffer.allocUnsafe(Math.min(256 * 1024, limit - total));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  return Buffer.concat(chunks, total);
}

function auditArgs(args: Record<string, unknown>): Record<string, unknown> {
  const recorded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (key === 'content' && typeof value === 'string') {
      recorded[key] = { bytes: Buffer.byteLength(value), sha256: createHash('sha256').update(value).digest('hex') };
    } else {
      recorded[key] = value;
    }
  }
  return recorded;
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`FileTools: ${name} must be a whole number >= 1`);
  return value;
}
