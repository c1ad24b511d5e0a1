/**
 * File-system steps that make a write survive a crash, shared by the database journal and the
 * Storage data directory. POSIX only makes a rename or a new directory entry durable once the
 * directory itself is fsynced, and a file's bytes once the file is fsynced (fsync(2), rename(2)).
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';

/** Fsyncs a directory so that renames, creations and deletions in it are durable. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Fsyncs an existing file's bytes (e.g. after `copyFile`, which does not). */
export async function fsyncFile(file: string): Promise<void> {
  const fh = await open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Replaces `file` with `data` (or its pieces, in order) atomically: a temporary sibling (`<file>.<tag>.tmp`) is written and
 * fsynced, then renamed over `file`. A crash leaves either the old or the new content, never a
 * mix; the rename itself is durable once the caller fsyncs the directory ({@link fsyncDir}).
 *
 * @param tag distinguishes concurrent writers of the same file (default: the process id)
 */
export async function writeFileDurable(
  file: string,
  data: string | Uint8Array | readonly string[],
  tag: string = String(process.pid),
): Promise<void> {
  const tmp = `${file}.${tag}.tmp`;
  const fh = await open(tmp, 'w');
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await fh.writeFile(data);
    else for (const piece of data) await fh.write(piece);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
}
