import { mkdir, open, readdir, rm, unlink, type FileHandle } from 'node:fs/promises';
import { isAbsolute, posix, resolve } from 'node:path';
import { CREATE_FLAGS } from './atomic-write.js';
import type { Folder } from './folder.js';
import { Sandbox } from './sandbox.js';
import { SandboxError, shown } from './sandbox-error.js';

/** Where backups go, how many are kept per file, and how large a file may be to get one. */
export interface BackupOptions {
  /**
   * The backup folder: relative to the root (the default, `.fs-tools-backups`), or an absolute path (inside or
   * outside the root). Inside the root, the tools refuse to write into it and do not list it.
   */
  dir?: string;
  /** Backups kept per file, newest first; older ones are deleted. Default 5. */
  keep?: number;
  /**
   * The largest file that is backed up, in bytes (its size as the file system reports it, so a sparse file counts
   * whole). Overwriting a larger file is refused, since its content could not be restored. Default 16 MiB.
   */
  maxBytes?: number;
}

export const DEFAULT_BACKUP_DIR = '.fs-tools-backups';
export const DEFAULT_BACKUP_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Keeps copies of files before they are overwritten, mirroring the file's root-relative folder inside the backup
 * folder: `a/b.txt` -> `<dir>/a/b.txt.20261121T234419123Z.bak`. Folders, copies and pruning all go through open
 * folders (folder.ts), so a folder swapped for a link meanwhile cannot send a copy, or a deletion, elsewhere.
 */
export class Backups {
  /** The backup folder's root-relative path when it lies inside the root. */
  readonly insideRoot: string | undefined;
  private readonly outside: string | undefined;
  readonly keep: number;
  readonly maxBytes: number;

  constructor(
    private readonly sandbox: Sandbox,
    options: BackupOptions,
    private readonly clock: () => number,
  ) {
    this.keep = options.keep ?? 5;
    if (!Number.isInteger(this.keep) || this.keep < 1)
      throw new TypeError('FileTools: backups.keep must be a whole number >= 1');
    this.maxBytes = options.maxBytes ?? DEFAULT_BACKUP_MAX_BYTES;
    if (!Number.isInteger(this.maxBytes) || this.maxBytes < 0) {
      throw new TypeError('FileTools: backups.maxBytes must be a whole number >= 0');
    }
    const dir = options.dir ?? DEFAULT_BACKUP_DIR;
    if (isAbsolute(dir) && sandbox.insideRelative(resolve(dir)) === undefined) {
      this.outside = resolve(dir);
    } else {
      const parts = sandbox.components(dir);
      if (parts.length === 0) throw new TypeError('FileTools: backups.dir cannot be the root itself');
      this.insideRoot = parts.join('/');
    }
  }

  /** Whether a root-relative path is the backup folder or inside it. */
  covers(relativePath: string): boolean {
    if (this.insideRoot === undefined) return false;
    return relativePath === this.insideRoot || relativePath.startsWith(`${this.insideRoot}/`);
  }

  /** Refuses to overwrite a file too large to back up: its content would be lost for good. */
  checkSize(size: number, relativePath: string): void {
    if (size <= this.maxBytes) return;
    throw new SandboxError(
      'too_large',
      `${shown(relativePath)} is ${size} bytes, over the backup limit of ${this.maxBytes} bytes, so overwriting it ` +
        'would lose its content for good; write to a new file instead, or ask for the backup limit to be raised',
    );
  }

  /** Copies the open file `source` (the version about to be replaced) and prunes old backups of the same file. */
  async save(source: FileHandle, relativePath: string, mode: number): Promise<void> {
    this.checkSize((await source.stat()).size, relativePath);
    const folderParts = posix.dirname(relativePath) === '.' ? [] : posix.dirname(relativePath).split('/');
    const name = posix.basename(relativePath);
    const { home, prefix } = await this.home();
    const folder = await home.ensureFolder([...prefix, ...folderParts]);
    try {
      const stamp = new Date(this.clock()).toISOString().replace(/[-:.]/g, '');
      for (let attempt = 0; ; attempt++) {
        const file = `${name}.${stamp}${attempt ? `_${String(attempt).padStart(3, '0')}` : ''}.bak`;
        let target: FileHandle;
        try {
          target = await open(folder.at(file), CREATE_FLAGS, mode & 0o777);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 999) continue;
          throw error;
        }
        let copied = false;
        try {
          await home.verifyOpened(target, {}, relativePath);
          await copyAtMost(source, target, this.maxBytes, (size) => this.checkSize(size, relativePath));
          await target.sync();
          copied = true;
        } finally {
          await target.close();
          if (!copied) await rm(folder.at(file), { force: true });
        }
        break;
      }
      await home.verifyOpened(folder.handle, {}, relativePath);
      await this.prune(folder, name);
    } finally {
      await folder.close();
    }
  }

  /** The backups of `name` in an open folder, oldest first. */
  async list(folder: Folder, name: string): Promise<string[]> {
    const pattern = new RegExp(`^${escapeRegExp(name)}\\.\\d{8}T\\d{9}Z(_\\d{3})?\\.bak$`);
    const entries = await readdir(folder.at());
    return entries.filter((entry) => pattern.test(entry)).sort();
  }

  /**
   * The sandbox the backups live in, and the backup folder's place in it: the root's, or for a folder outside the
   * root a sandbox of its own (taken afresh each time: the user may have removed or replaced the folder).
   */
  private async home(): Promise<{ home: Sandbox; prefix: string[] }> {
    if (this.outside === undefined) return { home: this.sandbox, prefix: (this.insideRoot as string).split('/') };
    await mkdir(this.outside, { recursive: true });
    return { home: new Sandbox(this.outside), prefix: [] };
  }

  private async prune(folder: Folder, name: string): Promise<void> {
    const backups = await this.list(folder, name);
    for (const old of backups.slice(0, Math.max(0, backups.length - this.keep))) {
      // Only files of this folder: unlink never follows a link, and a folder of that name is left alone.
      await unlink(folder.at(old)).catch(() => undefined);
    }
  }
}

/** Copies a whole file, refusing (through `refuse`) one that grows past `limit` while it is copied. */
async function copyAtMost(from: FileHandle, to: FileHandle, limit: number, refuse: (size: number) => void) {
  const buffer = Buffer.allocUnsafe(64 * 1024);
  let position = 0;
  for (;;) {
    const { bytesRead } = await from.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    if (position > limit) refuse(position);
    let written = 0;
    while (written < bytesRead) {
      const { bytesWritten } = await to.write(buffer, written, bytesRead - written);
      written += bytesWritten;
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}
