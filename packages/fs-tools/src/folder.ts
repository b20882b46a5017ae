import { constants, existsSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
/** Opens a folder itself: a link (ELOOP) or anything but a folder (ENOTDIR) is refused by the OS. */
export const FOLDER_FLAGS = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW;

/** Whether this system resolves names relative to an open folder through /proc/self/fd (Linux does). */
export const RESOLVES_BY_HANDLE = process.platform === 'linux' && existsSync('/proc/self/fd');

/**
 * An open folder inside the sandbox, and the way to name things in it. Node has no `openat()`, but on Linux the path
 * `/proc/self/fd/<fd>/<name>` is resolved by the kernel from the open folder itself: wherever that folder is now,
 * and whatever was swapped in on the path that led to it since it was opened. Every name the tools create, open,
 * rename, list or delete goes through `at()`, so a folder that was checked is the folder that is used. Where there is
 * no /proc, `at()` falls back to the path the folder was walked by (and the races the README lists stay open).
 */
export class Folder {
  #closed = false;

  constructor(
    readonly handle: FileHandle,
    /** Root-relative path by which it was reached (`''`: the root), `/`-separated. */
    readonly relative: string,
    /** The absolute path by which it was opened. */
    readonly path: string,
    private readonly byHandle: boolean,
  ) {}

  static async open(path: string, relative: string, byHandle: boolean): Promise<Folder> {
    return new Folder(await open(path, FOLDER_FLAGS), relative, path, byHandle);
  }

  /** The path to give a system call for `name` in this folder, or for the folder itself. */
  at(name?: string): string {
    const base = this.byHandle ? `/proc/self/fd/${this.handle.fd}` : this.path;
    return name === undefined ? base : `${base}/${name}`;
  }

  /** The root-relative path of `name` in this folder. */
  relativeOf(name: string): string {
    return this.relative === '' ? name : `${this.relative}/${name}`;
  }

  /** Opens the folder `name` in this one, never through a link (errno ELOOP, ENOTDIR or ENOENT otherwise). */
  async child(name: string): Promise<Folder> {
    const handle = await open(this.at(name), FOLDER_FLAGS);
    return new Folder(handle, this.relativeOf(name), join(this.path, name), this.byHandle);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.handle.close().catch(() => undefined);
  }
}
