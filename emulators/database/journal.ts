/**
 * Durable data directory (`--data-dir`): a snapshot in export format (`<dir>/<ns>.json`, as
 * persistence.ts writes) plus an append-only journal of the operations applied since, so that a
 * crash (even SIGKILL) loses no acknowledged write.
 *
 * Fsync policy (group commit): every applied operation is appended to the journal as one line;
 * the operations applied in one event-loop turn are written with one `write` and one `fdatasync`,
 * and no write is acknowledged (WebSocket `ok`, REST 2xx) before the `fdatasync` covering it has
 * returned. Writes are applied in memory and pushed to listeners at once, as before; only the
 * acknowledgement waits. A write applied but not yet synced when the process dies may or may not
 * survive; it was never acknowledged.
 *
 * Files: `journal-<seq>.log` (lines `{"ns": name, "w": [[path, value in export format], …]}`),
 * `journal.seq` (the first journal not contained in the snapshot). Compaction, once a journal
 * passes {@link COMPACT_BYTES} and the size of the last snapshot, and at a clean stop: a new
 * journal is opened, the snapshot of
 * every namespace is taken in the same synchronous step, written (temp file, fsync, rename,
 * directory fsync), `journal.seq` is advanced, and the older journals are deleted. Replaying a
 * journal over a snapshot that already holds its operations is harmless (each operation
 * overwrites a subtree), so a crash at any point of a compaction loses nothing.
 */
import { type FileHandle, mkdir, open, readFile, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, writeFileDurable as writeDurable } from '../durable-file.js';
import { importDirectory } from './persistence.js';
import { type DataNode, exportJSONText, exportText, nodeFromJSON } from './tree/node.js';
import { DataStore } from './tree/store.js';
import type { Write } from './tree/view.js';

/** A journal larger than this (bytes) is compacted into the snapshot. */
export const COMPACT_BYTES = 16 * 1024 * 1024;

/** Namespace names accepted as file names (as in persistence.ts). */
const NS_NAME = /^[A-Za-z0-9_-]+$/;

const journalName = (seq: number): string => `journal-${seq}.log`;

/** What the journal needs from the server: the current data of every namespace. */
export interface JournalHost {
  /** Every namespace and its current root. */
  namespaces(): Iterable<[string, DataNode | null]>;
  log(line: string): void;
}

/** One journal write's outcome, awaited by every write it carries. */
export interface Batch {
  promise: Promise<void>;
  resolve(): void;
  reject(err: Error): void;
}

/** A pending batch whose promise never reports an unhandled rejection. */
export function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failed batch is reported to each waiter; an unobserved one must not crash the process.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Loads a data directory: the snapshot, then every journal from `journal.seq` on, in order. A
 * line that does not parse ends its journal (the torn tail of a write cut short by a crash;
 * nothing after it in that file was acknowledged).
 *
 * @returns namespace → root, and the highest journal sequence number seen (0 if none)
 * @throws Error naming the file when the snapshot cannot be read
 */
export async function loadDataDir(
  dir: string,
): Promise<{ data: Map<string, DataNode | null>; lastSeq: number; replayed: number }> {
  await mkdir(dir, { recursive: true });
  const data = await importDirectory(dir);
  let first = 0;
  try {
    first = Number((await readFile(join(dir, 'journal.seq'), 'utf8')).trim()) || 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const seqs = (await readdir(dir))
    .map((n) => /^journal-(\d+)\.log$/.exec(n)?.[1])
    .filter((s): s is string => s !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  let replayed = 0;
  for (const seq of seqs) {
    if (seq < first) continue;
    const text = await readFile(join(dir, journalName(seq)), 'utf8');
    for (const line of text.split('\n')) {
      if (line === '') continue;
      let entry: { ns: string; w: Array<[string[], unknown]> };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        break;
      }
      const store = new DataStore();
      store.reset(data.get(entry.ns) ?? null);
      store.apply(entry.w.map(([path, json]) => ({ path, node: nodeFromJSON(json) })));
      data.set(entry.ns, store.root);
      replayed++;
    }
  }
  return { data, lastSeq: seqs.length ? seqs[seqs.length - 1]! : 0, replayed };
}

/**
 * The journal of a running server. {@link Journal.append} records an applied operation;
 * {@link Journal.whenDurable} resolves once everything appended so far is fsynced.
 */
export class Journal {
  private fh: FileHandle | undefined;
  private seq: number;
  private bytes = 0;
  private pending: string[] = [];
  /** The batch collecting {@link pending}, until its write starts. */
  private next: Batch | undefined;
  /** The batch being written, if any. */
  private inflight: Batch | undefined;
  /** Batches are written one after another, in order. */
  private chain: Promise<void> = Promise.resolve();
  private compacting: Promise<void> | undefined;
  private closed = false;
  /**
   * Size of the last snapshot, in characters. A journal is compacted once it is larger than
   * this (and than COMPACT_BYTES): a compaction writes the whole data, so compacting every
   * 16 MiB made an import of N bytes write O(N²) (a 200 MB import, its data 12 times over).
   */
  private snapshotChars = 0;

  private constructor(
    private readonly dir: string,
    lastSeq: number,
    private readonly host: JournalHost,
  ) {
    this.seq = lastSeq;
  }

  /**
   * Opens the journal of `dir` (after {@link loadDataDir}) and compacts at once, so that the
   * server starts from a fresh snapshot and an empty journal numbered after every older one.
   */
  static async open(dir: string, lastSeq: number, host: JournalHost): Promise<Journal> {
    const j = new Journal(dir, lastSeq, host);
    await j.compact();
    return j;
  }

  /** Records one applied operation of namespace `ns`; written with the others of this turn. */
  append(ns: string, writes: readonly Write[]): void {
    if (this.closed) return;
    // One template per line (a hot path: every write of a durable server comes here); the
    // value's text is its cached serialisation, shared with the pushes of the same write.
    let line = `{"ns":${JSON.stringify(ns)},"w":[`;
    for (let i = 0; i < writes.length; i++) {
      const w = writes[i]!;
      line += `${i ? ',' : ''}[${JSON.stringify(w.path)},${exportText(w.node)}]`;
    }
    this.pending.push(line + ']}\n');
    if (this.next) return;
    const batch = newBatch();
    this.next = batch;
    setImmediate(() => {
      this.chain = this.chain.then(() => this.write(batch));
    });
  }

  /** Resolves once every operation appended so far is on disk; rejects if writing it failed. */
  whenDurable(): Promise<void> {
    return (this.next ?? this.inflight)?.promise ?? Promise.resolve();
  }

  /** Writes and syncs what is pending as `batch` (appends up to now joined it). */
  private async write(batch: Batch): Promise<void> {
    if (this.next === batch) this.next = undefined;
    const text = this.pending.join('');
    this.pending = [];
    const fh = this.fh!;
    this.inflight = batch;
    try {
      await fh.write(text);
      await fh.datasync();
      this.bytes += Buffer.byteLength(text);
      batch.resolve();
    } catch (err) {
      this.host.log(`database: journal write failed: ${(err as Error).message}`);
      batch.reject(err as Error);
    } finally {
      if (this.inflight === batch) this.inflight = undefined;
    }
    if (
      this.bytes > Math.max(COMPACT_BYTES, this.snapshotChars) &&
      !this.compacting &&
      !this.closed
    ) {
      this.compacting = this.compact()
        .catch((err: unknown) =>
          this.host.log(`database: journal compaction failed: ${(err as Error).message}`),
        )
        .finally(() => (this.compacting = undefined));
    }
  }

  /**
   * Starts a new journal and writes the snapshot it follows; then advances `journal.seq` and
   * deletes the older journals.
   */
  async compact(): Promise<void> {
    const seq = this.seq + 1;
    const fh = await open(join(this.dir, journalName(seq)), 'a');
    // In one synchronous step: batches written from here go to the new journal, and every
    // operation applied before is in the snapshot.
    // The text is made straight from the tree, in pieces: no object copy of the whole data.
    const snapshot: Array<[string, string[]]> = [];
    let chars = 0;
    for (const [ns, root] of this.host.namespaces()) {
      if (!NS_NAME.test(ns)) continue;
      const pieces: string[] = [];
      exportJSONText(root, (piece) => {
        pieces.push(piece);
        chars += piece.length;
      });
      snapshot.push([ns, pieces]);
    }
    this.snapshotChars = chars;
    const old = this.fh;
    const oldWrites = this.chain;
    this.fh = fh;
    this.seq = seq;
    this.bytes = 0;
    for (const [ns, text] of snapshot) await writeDurable(join(this.dir, `${ns}.json`), text);
    fsyncDir(this.dir);
    await writeDurable(join(this.dir, 'journal.seq'), String(seq));
    fsyncDir(this.dir);
    // A batch taken before the switch may still be writing to the old journal.
    await oldWrites;
    await old?.close();
    for (const name of await readdir(this.dir)) {
      const m = /^journal-(\d+)\.log$/.exec(name);
      if (m && Number(m[1]) < seq) await unlink(join(this.dir, name));
    }
  }

  /** Writes what is pending, compacts, and closes (clean stop). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Let the batch of this turn be queued, then wait for every write and compaction.
    await new Promise((r) => setImmediate(r));
    await this.chain;
    await this.compacting;
    await this.compact();
    await this.fh?.close();
    this.fh = undefined;
  }
}
