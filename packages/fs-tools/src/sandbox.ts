import { lstat, mkdir, readlink, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { Folder, RESOLVES_BY_HANDLE } from './folder.js';
import { SandboxError, shown } from './sandbox-error.js';
import { fileSystemError } from './fs-error.js';

/** What the caller means to do with the path: writes never pass through a link at the last component. */
export type Intent = 'read' | 'write';

/**
 * A path that exists, after every link on the way was followed (and found to stay inside the root). `folder` is
 * open and belongs to the caller, who closes it: the target folder itself (no `name`; the root, or a folder when
 * reading), or the folder that holds the entry `name`.
 */
export interface Found {
  exists: true;
  folder: Folder;
  name?: string;
  /** Root-relative path of the target, `/`-separated (`''` is the root). */
  relative: string;
  stats: Stats;
}

/** A path whose last components do not exist yet: `folder` (open; the caller closes it) is the deepest that does. */
export interface Missing {
  exists: false;
  folder: Folder;
  /** The names still to create below `folder`, in order (never `.`, `..` or empty). */
  missing: string[];
  /** Root-relative form of the whole intended path. */
  relative: string;
}

export type Resolution = Found | Missing;

/** Linux allows 40 links in one resolution; more means a loop. Swaps seen during a walk count too. */
const MAX_LINK_HOPS = 40;

export interface SandboxOptions {
  /** Name things relative to open folders through /proc/self/fd (default: where the system has it). */
  byHandle?: boolean;
}

/**
 * Resolves paths given by the model against one root folder and refuses every way out of it.
 *
 * The root's real path is taken once. Each path is first normalised lexically (so `..` cannot climb above the
 * root), then walked one component at a time from the open root folder: each name is looked at with `lstat`
 * relative to the folder that holds it, and each folder on the way is opened (never through a link) before the next
 * name is looked up in it (folder.ts). A symbolic link on the way is read with `readlink` and its target walked in
 * turn from the root, hop by hop, so a link (or any link in a chain) that leads outside the root is refused whether
 * or not its target exists. Nothing here ever asks the OS to follow a link.
 */
export class Sandbox {
  /** The root's real path (links resolved). */
  readonly root: string;
  /** The root as given, made absolute: absolute paths and link targets under it are accepted as aliases. */
  readonly givenRoot: string;
  private readonly rootStats: Stats;
  private readonly byHandle: boolean;

  constructor(root: string, options: SandboxOptions = {}) {
    this.givenRoot = resolve(root);
    this.root = realpathSync.native(this.givenRoot);
    this.rootStats = statSync(this.root);
    if (!this.rootStats.isDirectory()) throw new TypeError(`FileTools: the root ${this.givenRoot} is not a folder`);
    this.byHandle = options.byHandle ?? RESOLVES_BY_HANDLE;
  }

  /** Opens the root folder, checking that it is still the folder it was when the sandbox was made. */
  async openRoot(): Promise<Folder> {
    let folder: Folder;
    try {
      folder = await Folder.open(this.root, '', this.byHandle);
    } catch (error) {
      throw fileSystemError(error, '');
    }
    const opened = await folder.handle.stat();
    if (opened.dev !== this.rootStats.dev || opened.ino !== this.rootStats.ino) {
      await folder.close();
      throw new SandboxError('io', 'the root folder was replaced; the file tools stop here');
    }
    return folder;
  }

  /** Whether an absolute, normalised path lies inside the real root (the root itself included). */
  contains(absolute: string): boolean {
    return this.relativeTo(this.root, absolute) !== undefined;
  }

  /** The path relative to the root of an absolute path under the real root or under the root as given, if it is. */
  insideRelative(absolute: string): string | undefined {
    return this.relativeTo(this.root, absolute) ?? this.relativeTo(this.givenRoot, absolute);
  }

  /**
   * Turns the model's path into root-relative components, lexically. Refuses NUL bytes, absolute paths outside
   * the root and `..` that climbs above it (which also covers siblings such as `../data-evil` next to `data`).
   */
  components(input: unknown): string[] {
    if (typeof input !== 'string') throw new SandboxError('invalid_argument', 'the path must be a string');
    if (input.includes('\0')) throw new SandboxError('invalid_path', 'the path contains a NUL byte');
    const text = input === '' ? '.' : input;
    let inside: string | undefined;
    if (isAbsolute(text)) {
      const absolute = resolve(text);
      inside = this.insideRelative(absolute);
      if (inside === undefined) {
        throw new SandboxError(
          'outside_root',
          'absolute paths must lie inside the root folder; use a path relative to the root',
        );
      }
    } else {
      inside = this.relativeTo(this.root, resolve(this.root, text));
      if (inside === undefined) throw new SandboxError('outside_root', `${shown(input)} leads outside the root folder`);
    }
    return split(inside);
  }

  /** Normalises and walks `input`; see the class comment. */
  async resolve(input: unknown, intent: Intent): Promise<Resolution> {
    return this.walk(this.components(input), intent);
  }

  /** Walks root-relative components from the root, following only links that stay inside. */
  async walk(components: readonly string[], intent: Intent): Promise<Resolution> {
    let folder = await this.openRoot();
    try {
      const queue = [...components];
      let hops = 0;
      while (queue.length > 0) {
        const name = queue.shift() as string;
        const shownPath = folder.relativeOf(name);
        let entry: Stats;
        try {
          entry = await lstat(folder.at(name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            const missing = [name, ...queue];
            return { exists: false, folder, missing, relative: posix.join(folder.relative, ...missing) };
          }
          throw fileSystemError(error, shownPath);
        }
        if (entry.isSymbolicLink()) {
          if (queue.length === 0 && intent === 'write') {
            const why = 'is a symbolic link; files are never written through links';
            throw new SandboxError('symlink', `${shown(shownPath)} ${why}`);
          }
          if (++hops > MAX_LINK_HOPS) {
            throw new SandboxError('symlink', `${shown(shownPath)}: too many levels of symbolic links`);
          }
          let target: string;
          try {
            target = await readlink(folder.at(name));
          } catch (error) {
            throw fileSystemError(error, shownPath);
          }
          // The target is resolved lexically against the folder of the link, as it was reached. Where it has `..`
          // after another link this can differ from what the OS would do, but it only ever lands inside the root.
          const inside = this.insideRelative(resolve(this.root, folder.relative, target));
          if (inside === undefined) {
            const why = 'is a symbolic link that leads outside the root folder';
            throw new SandboxError('outside_root', `${shown(shownPath)} ${why}`);
          }
          queue.unshift(...split(inside));
          await folder.close();
          folder = await this.openRoot();
          continue;
        }
        const last = queue.length === 0;
        if (!entry.isDirectory()) {
          if (!last) throw new SandboxError('not_a_directory', `${shown(shownPath)} is not a folder`);
          return { exists: true, folder, name, relative: shownPath, stats: entry };
        }
        // A folder at the end of a write is the caller's to refuse; every other folder is opened and walked into.
        if (last && intent === 'write') return { exists: true, folder, name, relative: shownPath, stats: entry };
        let child: Folder;
        try {
          child = await folder.child(name);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'ELOOP' && code !== 'ENOTDIR' && code !== 'ENOENT') throw fileSystemError(error, shownPath);
          // It changed since the lstat (swapped for a link or a file, or removed): look at it again.
          if (++hops > MAX_LINK_HOPS) throw new SandboxError('io', `${shown(shownPath)} keeps changing; try again`);
          queue.unshift(name);
          continue;
        }
        await folder.close();
        folder = child;
      }
      return { exists: true, folder, relative: folder.relative, stats: await folder.handle.stat() };
    } catch (error) {
      await folder.close();
      throw error;
    }
  }

  /**
   * Creates the missing folders of a resolution (all names but the last, which is the file to write), one level at a
   * time, each inside the one before. Takes over `resolution.folder`; returns the open folder that will hold the file.
   */
  async createParents(resolution: Missing): Promise<Folder> {
    return this.createFolders(resolution.folder, resolution.missing.slice(0, -1));
  }

  /** Opens (creating where missing) a folder inside the root, for the tools' own files such as backups. */
  async ensureFolder(components: readonly string[]): Promise<Folder> {
    const resolution = await this.walk(components, 'read');
    if (!resolution.exists) return this.createFolders(resolution.folder, resolution.missing);
    if (resolution.name !== undefined) {
      await resolution.folder.close();
      throw new SandboxError('not_a_directory', `${shown(resolution.relative)} is not a folder`);
    }
    return resolution.folder;
  }

  /** Creates `names` below `parent` (which it takes over), each level inside the one before it. */
  private async createFolders(parent: Folder, names: readonly string[]): Promise<Folder> {
    let current = parent;
    try {
      for (const name of names) {
        try {
          await mkdir(current.at(name));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'EEXIST') throw fileSystemError(error, current.relativeOf(name));
        }
        let child: Folder;
        try {
          // Someone may have put a link or a file there meanwhile: only a real folder opens.
          child = await current.child(name);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ELOOP' || code === 'ENOTDIR') {
            throw new SandboxError('not_a_directory', `${shown(current.relativeOf(name))} is not a folder`);
          }
          throw fileSystemError(error, current.relativeOf(name));
        }
        await current.close();
        current = child;
      }
      return current;
    } catch (error) {
      await current.close();
      throw error;
    }
  }

  /**
   * Checks an open descriptor (a file, or a folder about to receive one): on Linux its current real path from
   * /proc/self/fd must still lie inside the root (a folder may have been moved out since it was opened); with
   * `expected` stats, it must be the file the walk saw (same device and inode).
   */
  async verifyOpened(handle: FileHandle, expected: { stats?: Stats }, shownPath: string): Promise<void> {
    let real: string | undefined;
    try {
      real = await readlink(`/proc/self/fd/${handle.fd}`);
    } catch {
      real = undefined;
    }
    if (real?.startsWith('/') && !this.contains(real)) {
      const why = 'changed while it was opened and now leads outside the root folder';
      throw new SandboxError('outside_root', `${shown(shownPath)} ${why}`);
    }
    if (expected.stats) {
      const opened = await handle.stat();
      if (opened.dev !== expected.stats.dev || opened.ino !== expected.stats.ino) {
        throw new SandboxError('io', `${shown(shownPath)} changed while it was opened; try again`);
      }
    }
  }

  private relativeTo(base: string, absolute: string): string | undefined {
    const inside = relative(base, absolute);
    if (inside === '') return '';
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
    return inside;
  }
}

function split(relativePath: string): string[] {
  return relativePath.split(sep).filter((part) => part !== '' && part !== '.');
}
