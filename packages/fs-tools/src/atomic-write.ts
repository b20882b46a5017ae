import { constants } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Folder } from './folder.js';

/** 0 where the platform has no such flag (Windows), so the flags stay valid everywhere. */
export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** Flags to open an existing file for reading without following a link at the last component or blocking on a FIFO. */
export const READ_FLAGS = constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
/** Flags to create a new file, failing if anything (a link included) already has the name. */
export const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW;

export interface AtomicWriteSteps {
  /** Permission bits of the new file (those of the file it replaces, when there is one). */
  mode?: number | undefined;
  /** Checks the freshly created temporary file before anything is written to it. */
  verify?: (handle: FileHandle) => Promise<void>;
  /** Writes the whole new content. */
  fill: (handle: FileHandle) => Promise<void>;
  /** Runs after the content is on disk and before the rename (the backup of the old version goes here). */
  beforeRename?: () => Promise<void>;
}

/**
 * Replaces `name` in an open folder atomically: the content goes to a temporary file in the same folder, is flushed,
 * and is renamed over the target. A crash at any point leaves either the old file whole or the new one whole (and at
 * worst a stray `.name.*.tmp` file). Every name is given relative to the open folder (folder.ts), so the temporary
 * file and the rename land in the folder that was checked. `rename` replaces a link at the target, never follows it.
 */
export async function atomicWrite(folder: Folder, name: string, steps: AtomicWriteSteps): Promise<void> {
  const temporary = temporaryName(name);
  const handle = await open(folder.at(temporary), CREATE_FLAGS, steps.mode ?? 0o666);
  let renamed = false;
  try {
    try {
      if (steps.mode !== undefined) await handle.chmod(steps.mode);
      await steps.verify?.(handle);
      await steps.fill(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await steps.beforeRename?.();
    await rename(folder.at(temporary), folder.at(name));
    renamed = true;
  } finally {
    if (!renamed) await rm(folder.at(temporary), { force: true });
  }
  // Makes the rename itself durable. Not every platform can sync a folder: best effort.
  await folder.handle.sync().catch(() => undefined);
}

/** Copies everything from one open file to another, in chunks (the source may be large). */
export async function copyHandle(from: FileHandle, to: FileHandle): Promise<number> {
  const buffer = Buffer.allocUnsafe(64 * 1024);
  let position = 0;
  for (;;) {
    const { bytesRead } = await from.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return position;
    let written = 0;
    while (written < bytesRead) {
      const { bytesWritten } = await to.write(buffer, written, bytesRead - written);
      written += bytesWritten;
    }
    position += bytesRead;
  }
}

/** Writes all of `data` (a single `write` call may write less). */
export async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await handle.write(data, written, data.length - written);
    written += bytesWritten;
  }
}

function temporaryName(name: string): string {
  // Keep within the 255-byte name limit whatever the target's name.
  const stem = Buffer.byteLength(name) > 200 ? 'write' : name;
  return `.${stem}.${randomBytes(6).toString('hex')}.tmp`;
}
