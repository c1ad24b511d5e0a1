import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, fsyncFile, writeFileDurable } from '../durable-file';
import { BlobWriter, type BlobDigest } from './blob-writer';
import type { StoredObject, WritableMetadata } from './metadata';

/** Options of `ObjectStore.list`, as both HTTP APIs take them. */
export interface ListOptions {
  /** Only names starting with this; `''` for the whole bucket. */
  prefix: string;
  /** Usually `/`: names with it after the prefix are rolled up into `prefixes`. */
  delimiter?: string;
  /** Name of the first entry to return (our page tokens are plain names). */
  pageToken?: string;
  /** Page size (items + prefixes); default 1000, as GCS. */
  maxResults?: number;
}

/** One page of a listing: objects, rolled-up "folders" (ending in the delimiter), next token. */
export interface ListPage {
  items: StoredObject[];
  prefixes: string[];
  nextPageToken?: string;
}

/** What a caller knows when an upload's bytes are complete and it asks to commit them. */
export interface CommitRequest {
  bucket: string;
  name: string;
  contentType: string;
  metadata: WritableMetadata;
}

/** Called after every object write (upload or copy), e.g. to trigger the resize copy. */
export type CommitListener = (object: StoredObject) => void;

/**
 * Objects of every bucket: metadata in memory, bytes as files under `<workDir>/blobs/` named by a
 * random id. Uploads are written to `<workDir>/tmp/` and renamed into `blobs/` only when complete
 * and allowed, so a reader never sees a half-written object and a failed upload leaves nothing.
 *
 * Durable mode (a data directory, see {@link ObjectStore.create}) also keeps each object's
 * metadata in `<workDir>/objects/<sha256 of "bucket/name">.json`, and every change is on disk
 * before the call that makes it resolves (so before the client's 200):
 * 1. upload bytes: written to `tmp/`, fsynced, renamed into `blobs/`, `blobs/` fsynced;
 * 2. metadata: written to a temporary sibling, fsynced, renamed over the object's file, `objects/`
 *    fsynced (a deletion: the file unlinked, `objects/` fsynced);
 * 3. only then the blob of the version it replaced is deleted.
 * A kill between any two steps leaves either the previous object (with its blob) or the new one;
 * what it can leave besides, a blob no metadata names or a temporary file, is removed by
 * {@link ObjectStore.create} at the next start.
 */
export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly listeners = new Set<CommitListener>();
  private lastGeneration = 0;
  /** Durable mode: per object key, the chain of its metadata file writes (kept in order). */
  private readonly metaWrites = new Map<string, Promise<void>>();

  private constructor(
    private readonly workDir: string,
    /** Durable mode: metadata files and fsyncs (see the class comment). */
    readonly durable: boolean,
  ) {}

  /**
   * Creates the store's directories under `workDir` (which it then owns). With `durable`, loads
   * the objects a previous run left there and removes what a crash can leave behind: files in
   * `tmp/`, temporary metadata files, blobs that no metadata names.
   *
   * @throws Error naming the file when a metadata file does not parse
   */
  static async create(workDir: string, durable = false): Promise<ObjectStore> {
    const store = new ObjectStore(workDir, durable);
    await rm(join(workDir, 'tmp'), { recursive: true, force: true });
    for (const dir of ['blobs', 'tmp', ...(durable ? ['objects'] : [])])
      await mkdir(join(workDir, dir), { recursive: true });
    if (durable) await store.recover();
    return store;
  }

  /** Number of objects in every bucket. */
  get size(): number {
    let count = 0;
    for (const objects of this.buckets.values()) count += objects.size;
    return count;
  }

  /** A writer for a new upload, streaming into a fresh temporary file. */
  newWriter(maxBytes: number): BlobWriter {
    return new BlobWriter(join(this.workDir, 'tmp', randomUUID()), maxBytes, this.durable);
  }

  /** Absolute path of an object's bytes. */
  blobPath(object: StoredObject): string {
    return join(this.workDir, 'blobs', object.blobId);
  }

  /** Streams an object's bytes; `end` is inclusive, as in HTTP ranges. */
  openRead(object: StoredObject, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.blobPath(object), range ?? {});
  }

  /** Registers a listener for committed writes; returns a function that removes it. */
  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(name);
  }

  /** Every object of every bucket (for export). */
  *all(): Iterable<StoredObject> {
    for (const objects of this.buckets.values()) yield* objects.values();
  }

  /**
   * Builds the object that committing `digest` under `request` would create, without storing it.
   * Rules see exactly this as `request.resource`.
   */
  prepare(request: CommitRequest, digest: BlobDigest): StoredObject {
    // An overwrite is a new generation in GCS, with its own timeCreated.
    const now = new Date().toISOString();
    const meta = request.metadata;
    const object: StoredObject = {
      bucket: request.bucket,
      name: request.name,
      blobId: randomUUID(),
      size: digest.size,
      contentType: request.contentType,
      md5Hash: digest.md5Hash,
      crc32c: digest.crc32c,
      generation: this.nextGeneration(),
      metageneration: 1,
      timeCreated: now,
      updated: now,
      metadata: {},
    };
    for (const field of [
      'cacheControl',
      'contentDisposition',
      'contentEncoding',
      'contentLanguage',
    ] as const) {
      const value = meta[field];
      if (typeof value === 'string') object[field] = value;
    }
    for (const [key, value] of Object.entries(meta.metadata ?? {})) {
      if (value !== null) object.metadata[key] = value;
    }
    return object;
  }

  /**
   * Moves a finished upload's file into place as `object` (from `prepare`), replacing any previous
   * version, and notifies listeners.
   */
  async commit(writer: BlobWriter, object: StoredObject): Promise<StoredObject> {
    await rename(writer.path, this.blobPath(object));
    if (this.durable) fsyncDir(join(this.workDir, 'blobs'));
    await this.put(object);
    for (const listener of this.listeners) listener(object);
    return object;
  }

  /** Adds an object whose bytes are copied from `sourceFile` (import). */
  async restore(object: StoredObject, sourceFile: string): Promise<void> {
    await copyFile(sourceFile, this.blobPath(object));
    if (this.durable) {
      await fsyncFile(this.blobPath(object));
      fsyncDir(join(this.workDir, 'blobs'));
    }
    this.lastGeneration = Math.max(this.lastGeneration, Number(object.generation) || 0);
    await this.put(object);
  }

  /** Replaces an object's metadata only (PATCH, token changes); bumps `metageneration`. */
  async updateMetadata(next: StoredObject): Promise<StoredObject> {
    const updated = {
      ...next,
      metageneration: next.metageneration + 1,
      updated: new Date().toISOString(),
    };
    await this.put(updated);
    return updated;
  }

  /** Stores metadata as given, without bumping anything (lazy download-token creation). */
  async replaceMetadata(next: StoredObject): Promise<StoredObject> {
    await this.put(next);
    return next;
  }

  /** Deletes an object and its bytes; false if there was none. */
  async delete(bucket: string, name: string): Promise<boolean> {
    const object = this.get(bucket, name);
    if (!object) return false;
    this.buckets.get(bucket)?.delete(name);
    await this.persist(bucket, name);
    await rm(this.blobPath(object), { force: true });
    return true;
  }

  /**
   * Lists one bucket in name order. With a delimiter, names that contain it after the prefix are
   * rolled up into `prefixes` (each once); items and prefixes share one page of `maxResults`.
   */
  list(bucket: string, options: ListOptions): ListPage {
    const { prefix, delimiter, pageToken } = options;
    const maxResults = Math.max(1, Math.min(options.maxResults ?? 1000, 1000));
    const entries = new Map<string, StoredObject | null>(); // null marks a rolled-up prefix
    for (const object of this.buckets.get(bucket)?.values() ?? []) {
      if (!object.name.startsWith(prefix)) continue;
      const cut = delimiter ? object.name.indexOf(delimiter, prefix.length) : -1;
      if (cut === -1) entries.set(object.name, object);
      else entries.set(object.name.slice(0, cut + delimiter!.length), null);
    }
    const names = [...entries.keys()].sort().filter((name) => !pageToken || name >= pageToken);
    const page: ListPage = { items: [], prefixes: [] };
    for (const name of names.slice(0, maxResults)) {
      const object = entries.get(name);
      if (object) page.items.push(object);
      else page.prefixes.push(name);
    }
    if (names.length > maxResults) page.nextPageToken = names[maxResults];
    return page;
  }

  /** Deletes every object (and its bytes). */
  async clear(): Promise<void> {
    const objects = [...this.all()];
    this.buckets.clear();
    await Promise.all(objects.map((object) => this.persist(object.bucket, object.name)));
    await Promise.all(objects.map((object) => rm(this.blobPath(object), { force: true })));
  }

  /**
   * Makes `object` the current version of its name, on disk first in durable mode, then deletes
   * the blob of the version it replaced (unless it is the same blob: a metadata change).
   */
  private async put(object: StoredObject): Promise<void> {
    const previous = this.get(object.bucket, object.name);
    this.bucketMap(object.bucket).set(object.name, object);
    await this.persist(object.bucket, object.name);
    if (previous && previous.blobId !== object.blobId)
      await rm(this.blobPath(previous), { force: true });
  }

  /**
   * Durable mode: brings the metadata file of `bucket/name` up to the in-memory state (written,
   * or deleted when there is no object), resolving once that is fsynced. The writes of one name
   * run one after another and each writes the state current when it runs, so the file never ends
   * older than memory whatever order the callers finish in.
   */
  private persist(bucket: string, name: string): Promise<void> {
    if (!this.durable) return Promise.resolve();
    const key = objectKey(bucket, name);
    const file = join(this.workDir, 'objects', `${key}.json`);
    const step = (this.metaWrites.get(key) ?? Promise.resolve()).then(async () => {
      const current = this.get(bucket, name);
      if (current) await writeFileDurable(file, JSON.stringify(current), randomUUID());
      else await unlink(file).catch(ignoreMissing);
      fsyncDir(join(this.workDir, 'objects'));
    });
    const tail = step.catch(() => undefined);
    this.metaWrites.set(key, tail);
    void tail.then(() => {
      if (this.metaWrites.get(key) === tail) this.metaWrites.delete(key);
    });
    return step;
  }

  /** Durable mode, at start: loads every metadata file, then removes leftovers (class comment). */
  private async recover(): Promise<void> {
    const objectsDir = join(this.workDir, 'objects');
    const referenced = new Set<string>();
    for (const entry of await readdir(objectsDir)) {
      const file = join(objectsDir, entry);
      if (!entry.endsWith('.json')) {
        // A temporary metadata file of a write cut short: never acknowledged.
        await rm(file, { force: true });
        continue;
      }
      let object: StoredObject;
      try {
        object = JSON.parse(await readFile(file, 'utf8')) as StoredObject;
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`);
      }
      this.bucketMap(object.bucket).set(object.name, object);
      referenced.add(object.blobId);
      this.lastGeneration = Math.max(this.lastGeneration, Number(object.generation) || 0);
    }
    for (const blob of await readdir(join(this.workDir, 'blobs'))) {
      if (!referenced.has(blob)) await rm(join(this.workDir, 'blobs', blob), { force: true });
    }
  }

  private bucketMap(bucket: string): Map<string, StoredObject> {
    let objects = this.buckets.get(bucket);
    if (!objects) this.buckets.set(bucket, (objects = new Map()));
    return objects;
  }

  // Generations are microsecond timestamps, as in GCS, kept strictly increasing.
  private nextGeneration(): string {
    this.lastGeneration = Math.max(this.lastGeneration + 1, Date.now() * 1000);
    return String(this.lastGeneration);
  }
}

/** File name (without `.json`) of an object's metadata in durable mode. */
function objectKey(bucket: string, name: string): string {
  // Bucket names cannot contain '/', so "bucket/name" is unique; hashed, any name is a file name.
  return createHash('sha256').update(`${bucket}/${name}`).digest('hex');
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
