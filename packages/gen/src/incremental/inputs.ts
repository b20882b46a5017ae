import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProbeKind, ReadRecorder } from '../program/read-recorder.js';

/**
 * Everything a run of gen-tools read from the disk, as it was then: the content hash of each file read, the
 * answer to each question asked of the file system (does this file or folder exist, where does this link point,
 * which folders are in this one), and the listing of each folder the tsconfig includes by wildcard. When all of
 * it is still the same, the run would give the same result: that is what makes the cache safe without loading
 * TypeScript. Paths are absolute; nothing here depends on TypeScript.
 */
export interface InputRecord {
  /** Path to the content hash of the file (`-` when it could not be read). */
  files: Record<string, string>;
  /** `kind:path` to the answer (see `ProbeKind`). */
  probes: Record<string, string>;
  /** Folder (`R:` recursive, `D:` this folder only) to the hash of its listing of source files. */
  listings: Record<string, string>;
}

const LISTED = /\.(?:[cm]?[jt]sx?|json)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'bower_components', 'jspm_packages']);

/** Collects the inputs of one run (see `InputRecord`). */
export class InputRecorder implements ReadRecorder {
  private readonly record: InputRecord = { files: {}, probes: {}, listings: {} };

  /** @param skip files that never count as inputs (the outputs, which live in the included folders). */
  constructor(private readonly skip: ReadonlySet<string>) {}

  read(path: string, text: string | undefined): void {
    this.record.files[path] = text === undefined ? '-' : hashText(text);
  }

  probe(kind: ProbeKind, path: string): void {
    const key = `${kind}:${path}`;
    if (!(key in this.record.probes)) this.record.probes[key] = probe(kind, path);
  }

  listing(dir: string, recursive: boolean): void {
    this.record.listings[`${recursive ? 'R' : 'D'}:${dir}`] = listing(dir, recursive, this.skip);
  }

  /** Adds what another recorder of the same run recorded (a shard's worker, see shard/): same paths, same answers. */
  merge(other: InputRecord): void {
    Object.assign(this.record.files, other.files);
    Object.assign(this.record.probes, other.probes);
    Object.assign(this.record.listings, other.listings);
  }

  toJSON(): InputRecord {
    return this.record;
  }
}

/** Whether every input of `record` is as it was (the first difference ends the search). */
export function inputsUnchanged(record: InputRecord, skip: ReadonlySet<string>): boolean {
  for (const [key, value] of Object.entries(record.listings)) {
    if (listing(key.slice(2), key[0] === 'R', skip) !== value) return false;
  }
  for (const [key, value] of Object.entries(record.probes)) {
    if (probe(key[0] as ProbeKind, key.slice(2)) !== value) return false;
  }
  for (const [path, value] of Object.entries(record.files)) {
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      text = undefined;
    }
    if ((text === undefined ? '-' : hashText(text)) !== value) return false;
  }
  return true;
}

function hashText(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

function probe(kind: ProbeKind, path: string): string {
  try {
    switch (kind) {
      case 'f':
        return statSync(path, { throwIfNoEntry: false })?.isFile() ? '1' : '0';
      case 'd':
        return statSync(path, { throwIfNoEntry: false })?.isDirectory() ? '1' : '0';
      case 'r':
        return realpathSync(path);
      case 'l':
        return readdirSync(path, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
          .map((entry) => entry.name)
          .sort()
          .join('/');
      case 's': {
        const stat = statSync(path, { throwIfNoEntry: false });
        return stat ? `${stat.size}:${stat.mtimeMs}` : '-';
      }
    }
  } catch {
    return '-';
  }
}

/** The source files under `dir` (relative, sorted), hashed; dependency and hidden folders are not entered. */
function listing(dir: string, recursive: boolean, skip: ReadonlySet<string>): string {
  const names: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (recursive && !SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.'))
          walk(path, `${prefix}${entry.name}/`);
      } else if (LISTED.test(entry.name) && !skip.has(path)) {
        names.push(`${prefix}${entry.name}`);
      }
    }
  };
  walk(dir, '');
  return hashText(names.sort().join('\n'));
}
