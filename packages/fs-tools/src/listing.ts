import { readdir } from 'node:fs/promises';
import type { Folder } from './folder.js';
import type { Sandbox } from './sandbox.js';
import { fileSystemError } from './fs-error.js';
import { SandboxError } from './sandbox-error.js';
import { compileGlob, type Glob } from './glob.js';

/** What `list_files` returns. */
export interface FileList {
  /** Paths relative to the root, `/`-separated, in sorted walk order; folders end with `/`. */
  paths: string[];
  /** True when more entries matched than the limit allows (the list holds the first ones). */
  truncated: boolean;
}

export interface ListLimits {
  /** The most paths returned. */
  maxEntries: number;
  /** The most directory entries examined in one call, so a huge tree cannot stall the tool. */
  maxScanned: number;
  /** Root-relative paths to leave out entirely (the backup folder). */
  hidden: (relativePath: string) => boolean;
}

/** Compiles the model's pattern; wildcards match names starting with `.` only when the pattern itself names one. */
export function listingGlob(pattern: string): Glob {
  return compileGlob(pattern, { dot: pattern.startsWith('.') || pattern.includes('/.') });
}

/** Folders deeper than this below the listed one are not opened (each level holds an open descriptor). */
const MAX_DEPTH = 128;

/**
 * Lists an open folder. Without a pattern: its direct entries. With a glob: the files below it, at any depth, whose
 * path relative to the folder matches (glob.ts, linear in the path whatever the pattern; names starting with `.` only
 * when the pattern says so).
 *
 * Each folder is read through its open descriptor and each sub-folder opened from it without following links
 * (folder.ts), so a folder swapped for a link while the listing runs is never entered: only names of folders inside
 * the root are ever listed. Links: a link whose target (followed hop by hop) stays inside the root is listed under
 * its own name, as a file or a folder. The listing never descends into a linked folder (no cycles, no double
 * entries); list its target instead. Links that lead outside the root, dangling links and other special files are
 * left out.
 */
export async function listFolder(
  sandbox: Sandbox,
  start: Folder,
  glob: Glob | undefined,
  limits: ListLimits,
): Promise<FileList> {
  const paths: string[] = [];
  let truncated = false;
  let scanned = 0;
  const prefix = start.relative === '' ? '' : `${start.relative}/`;

  const add = (path: string): boolean => {
    if (paths.length >= limits.maxEntries) {
      truncated = true;
      return false;
    }
    paths.push(path);
    return true;
  };

  const visit = async (folder: Folder, depth: number): Promise<boolean> => {
    let entries;
    try {
      entries = await readdir(folder.at(), { withFileTypes: true });
      // A folder moved out of the root while it was held is not listed.
      await sandbox.verifyOpened(folder.handle, {}, folder.relative);
    } catch (error) {
      if (error instanceof SandboxError && error.code === 'outside_root' && folder !== start) return true;
      throw fileSystemError(error, folder.relative);
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++scanned > limits.maxScanned) {
        truncated = true;
        return false;
      }
      const path = folder.relativeOf(entry.name);
      if (limits.hidden(path)) continue;
      let kind: 'file' | 'folder' | undefined;
      const linked = entry.isSymbolicLink();
      if (linked) {
        kind = await linkKind(sandbox, path);
      } else if (entry.isFile()) {
        kind = 'file';
      } else if (entry.isDirectory()) {
        kind = 'folder';
      }
      if (kind === undefined) continue;
      if (!glob) {
        if (!add(kind === 'folder' ? `${path}/` : path)) return false;
        continue;
      }
      if (kind === 'file' && glob.match(path.slice(prefix.length)) && !add(path)) return false;
      if (kind !== 'folder' || linked) continue;
      if (depth >= MAX_DEPTH) {
        truncated = true;
        continue;
      }
      let child: Folder;
      try {
        child = await folder.child(entry.name);
      } catch (error) {
        // Swapped for a link or a file, or removed, since it was read: not a folder to enter any more.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'ENOENT') continue;
        throw fileSystemError(error, path);
      }
      try {
        if (!(await visit(child, depth + 1))) return false;
      } finally {
        await child.close();
      }
    }
    return true;
  };

  await visit(start, 0);
  return { paths, truncated };
}

async function linkKind(sandbox: Sandbox, path: string): Promise<'file' | 'folder' | undefined> {
  let target;
  try {
    target = await sandbox.walk(path.split('/'), 'read');
  } catch {
    // Leads outside the root, loops, or cannot be read: not part of the sandbox.
    return undefined;
  }
  await target.folder.close();
  if (!target.exists) return undefined;
  if (target.name === undefined) return 'folder';
  return target.stats.isFile() ? 'file' : undefined;
}
