import { lstat, mkdir, readlink, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { SandboxError, shown } from './sandbox-error.js';
import { fileSystemError } from './fs-error.js';

/** What the caller means to do with the path: writes never pass through a link at the last component. */
export type Intent = 'read' | 'write';

/** A path that exists, after every link on the way was followed (and found to stay inside the root). */
export interface Found {
  exists: true;
  /** Absolute real path. */
  real: string;
  /** The same, relative to the root with `/` separators (`''` is the root). */
  relative: string;
  stats: Stats;
}

/** A path whose last components do not exist yet: `parent` is the deepest real folder that does. */
export interface Missing {
  exists: false;
  parent: string;
  /** The names still to create below `parent`, in order (never `.`, `..` or empty). */
  missing: string[];
  /** Root-relative form of the whole intended path. */
  relative: string;
}

export type Resolution = Found | Missing;

/** Linux allows 40 links in one resolution; more means a loop. */
const MAX_LINK_HOPS = 40;

/**
 * Resolves paths given by the model against one root folder and refuses every way out of it.
 *
 * The root's real path is taken once. Each path is first normalised lexically (so `..` cannot climb above the
 * root), then walked one component at a time with `lstat` from the real root. A symbolic link on the way is read
 * with `readlink` and its target walked in turn, hop by hop, so a link (or any link in a chain) that leads outside
 * the root is refused whether or not its target exists. Nothing here ever asks the OS to follow a link.
 */
export class Sandbox {
  /** The root's real path (links resolved). */
  readonly root: string;
  /** The root as given, made absolute: absolute paths and link targets under it are accepted as aliases. */
  readonly givenRoot: string;

  constructor(root: string) {
    this.givenRoot = resolve(root);
    this.root = realpathSync.native(this.givenRoot);
    if (!statSync(this.root).isDirectory()) throw new TypeError(`FileTools: the root ${this.givenRoot} is not a folder`);
  }

  /** Whether an absolute, normalised path lies inside the real root (the root itself included). */
  contains(absolute: string): boolean {
    return this.relativeTo(this.root, absolute) !== undefined;
  }

  /** The path relative to the root of an absolute path under the real root or under the root as given, if it is. */
  insideRelative(absolute: string): string | undefined {
    return this.relativeTo(this.root, absolute) ?? this.relativeTo(this.givenRoot, absolute);
  }

  /** The root-relative form (`/` separators) of an absolute path inside the real root. */
  relativeOf(absolute: string): string {
    return toPosix(relative(this.root, absolute));
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
        throw new SandboxError('outside_root', 'absolute paths must lie inside the root folder; use a path relative to the root');
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

  /** Walks root-relative components from the real root, following only links that stay inside. */
  async walk(components: readonly string[], intent: Intent): Promise<Resolution> {
    let current = this.root;
    let stats = await lstat(current);
    const queue = [...components];
    let hops = 0;
    while (queue.length > 0) {
      const name = queue.shift() as string;
      const candidate = join(current, name);
      const shownPath = this.relativeOf(candidate);
      let entry: Stats;
      try {
        entry = await lstat(candidate);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          const missing = [name, ...queue];
          return { exists: false, parent: current, missing, relative: toPosix(join(this.relativeOf(current), ...missing)) };
        }
        throw fileSystemError(error, shownPath);
      }
      if (entry.isSymbolicLink()) {
        if (queue.length === 0 && intent === 'write') {
          throw new SandboxError('symlink', `${shown(shownPath)} is a symbolic link; files are never written through links`);
        }
        if (++hops > MAX_LINK_HOPS) {
          throw new SandboxError('symlink', `${shown(shownPath)}: too many levels of symbolic links`);
        }
        let target: string;
        try {
          target = await readlink(candidate);
        } catch (error) {
          throw fileSystemError(error, shownPath);
        }
        const absolute = resolve(current, target);
        const inside = this.insideRelative(absolute);
        if (inside === undefined) {
          throw new SandboxError('outside_root', `${shown(shownPath)} is a symbolic link that leads outside the root folder`);
        }
        // The target is resolved lexically against the real folder of the link. Where it has `..` after another
        // link this can differ from what the OS would do, but it only ever lands inside the root, which is walked.
        queue.unshift(...split(inside));
        current = this.root;
        stats = await lstat(current);
        continue;
      }
      if (queue.length > 0 && !entry.isDirectory()) {
        throw new SandboxError('not_a_directory', `${shown(shownPath)} is not a folder`);
      }
      current = candidate;
      stats = entry;
    }
    return { exists: true, real: current, relative: this.relativeOf(current), stats };
  }

  /**
   * Creates the missing folders of a resolution (all names but the last, which is the file to write), one level at a
   * time. Returns the real folder that will hold the file.
   */
  async createParents(resolution: Missing): Promise<string> {
    return this.createFolders(resolution.parent, resolution.missing.slice(0, -1));
  }

  /** Resolves (and creates where missing) a folder inside the root, for the tools' own files such as backups. */
  async ensureFolder(components: readonly string[]): Promise<string> {
    const resolution = await this.walk(components, 'read');
    if (!resolution.exists) return this.createFolders(resolution.parent, resolution.missing);
    if (!resolution.stats.isDirectory()) {
      throw new SandboxError('not_a_directory', `${shown(resolution.relative)} is not a folder`);
    }
    return resolution.real;
  }

  /** Creates `names` below the real folder `parent`, each level inside the one before it. */
  private async createFolders(parent: string, names: readonly string[]): Promise<string> {
    let current = parent;
    for (const name of names) {
      const candidate = join(current, name);
      try {
        await mkdir(candidate);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileSystemError(error, this.relativeOf(candidate));
      }
      // Someone may have put a link or a file there meanwhile: accept only a real folder.
      const made = await lstat(candidate);
      if (!made.isDirectory()) {
        throw new SandboxError('not_a_directory', `${shown(this.relativeOf(candidate))} is not a folder`);
      }
      current = candidate;
    }
    return current;
  }

  /**
   * After `open`, checks that the descriptor really is inside the root (a folder on the way may have been swapped
   * for a link between the walk and the open). Uses /proc/self/fd where it exists (Linux), else compares the
   * device and inode with the walk's `lstat`.
   */
  async verifyOpened(handle: FileHandle, expected: { real: string; stats?: Stats }, shownPath: string): Promise<void> {
    let real: string | undefined;
    try {
      real = await readlink(`/proc/self/fd/${handle.fd}`);
    } catch {
      real = undefined;
    }
    if (real !== undefined && real.startsWith('/') && !this.contains(real)) {
      throw new SandboxError('outside_root', `${shown(shownPath)} changed while it was opened and now leads outside the root folder`);
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

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
