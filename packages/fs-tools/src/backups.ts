import { mkdir, open, readdir, rm, type FileHandle } from 'node:fs/promises';
import { isAbsolute, join, posix, resolve } from 'node:path';
import { CREATE_FLAGS, copyHandle } from './atomic-write.js';
import type { Sandbox } from './sandbox.js';

/** Where backups go and how many are kept per file. */
export interface BackupOptions {
  /**
   * The backup folder: relative to the root (the default, `.fs-tools-backups`), or an absolute path (inside or
   * outside the root). Inside the root, the tools refuse to write into it and do not list it.
   */
  dir?: string;
  /** Backups kept per file, newest first; older ones are deleted. Default 5. */
  keep?: number;
}

export const DEFAULT_BACKUP_DIR = '.fs-tools-backups';

/**
 * Keeps copies of files before they are overwritten, mirroring the file's root-relative folder inside the backup
 * folder: `a/b.txt` -> `<dir>/a/b.txt.20261121T234419123Z.bak`.
 */
export class Backups {
  /** The backup folder's root-relative path when it lies inside the root. */
  readonly insideRoot: string | undefined;
  private readonly outside: string | undefined;
  readonly keep: number;

  constructor(
    private readonly sandbox: Sandbox,
    options: BackupOptions,
    private readonly clock: () => number,
  ) {
    this.keep = options.keep ?? 5;
    if (!Number.isInteger(this.keep) || this.keep < 1) throw new TypeError('FileTools: backups.keep must be a whole number >= 1');
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

  /** Copies the open file `source` (the version about to be replaced) and prunes old backups of the same file. */
  async save(source: FileHandle, relativePath: string, mode: number): Promise<void> {
    const folderParts = posix.dirname(relativePath) === '.' ? [] : posix.dirname(relativePath).split('/');
    const name = posix.basename(relativePath);
    let folder: string;
    if (this.outside !== undefined) {
      folder = join(this.outside, ...folderParts);
      await mkdir(folder, { recursive: true });
    } else {
      folder = await this.sandbox.ensureFolder([...(this.insideRoot as string).split('/'), ...folderParts]);
    }
    const stamp = new Date(this.clock()).toISOString().replace(/[-:.]/g, '');
    for (let attempt = 0; ; attempt++) {
      const file = join(folder, `${name}.${stamp}${attempt ? `_${String(attempt).padStart(3, '0')}` : ''}.bak`);
      let target: FileHandle;
      try {
        target = await open(file, CREATE_FLAGS, mode & 0o777);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 999) continue;
        throw error;
      }
      try {
        await copyHandle(source, target);
        await target.sync();
      } finally {
        await target.close();
      }
      break;
    }
    await this.prune(folder, name);
  }

  /** The backups of `name` in `folder`, oldest first. */
  async list(folder: string, name: string): Promise<string[]> {
    const pattern = new RegExp(`^${escapeRegExp(name)}\\.\\d{8}T\\d{9}Z(_\\d{3})?\\.bak$`);
    const entries = await readdir(folder);
    return entries.filter((entry) => pattern.test(entry)).sort();
  }

  private async prune(folder: string, name: string): Promise<void> {
    const backups = await this.list(folder, name);
    for (const old of backups.slice(0, Math.max(0, backups.length - this.keep))) {
      await rm(join(folder, old), { force: true });
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}
