import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
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
 */
export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private readonly listeners = new Set<CommitListener>();
  private lastGeneration = 0;

  private constructor(private readonly workDir: string) {}

  /** Creates the store's directories under `workDir` (which it then owns). */
  static async create(workDir: string): Promise<ObjectStore> {
    await mkdir(join(workDir, 'blobs'), { recursive: true });
    await mkdir(join(workDir, 'tmp'), { recursive: true });
    return new ObjectStore(workDir);
  }

  /** A writer for a new upload, streaming into a fresh temporary file. */
  newWriter(maxBytes: number): BlobWriter {
    return new BlobWriter(join(this.workDir, 'tmp', randomUUID()), maxBytes);
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
    const previous = this.get(object.bucket, object.name);
    this.bucketMap(object.bucket).set(object.name, object);
    if (previous) await rm(this.blobPath(previous), { force: true });
    for (const listener of this.listeners) listener(object);
    return object;
  }

  /** Adds an object whose bytes are copied from `sourceFile` (import). */
  async restore(object: StoredObject, sourceFile: string): Promise<void> {
    await copyFile(sourceFile, this.blobPath(object));
    this.bucketMap(object.bucket).set(object.name, object);
    this.lastGeneration = Math.max(this.lastGeneration, Number(object.generation) || 0);
  }

  /** Replaces an object's metadata only (PATCH, token changes); bumps `metageneration`. */
  updateMetadata(next: StoredObject): StoredObject {
    const updated = {
      ...next,
      metageneration: next.metageneration + 1,
      updated: new Date().toISOString(),
    };
    this.bucketMap(next.bucket).set(next.name, updated);
    return updated;
  }

  /** Stores metadata as given, without bumping anything (lazy download-token creation). */
  replaceMetadata(next: StoredObject): StoredObject {
    this.bucketMap(next.bucket).set(next.name, next);
    return next;
  }

  /** Deletes an object and its bytes; false if there was none. */
  async delete(bucket: string, name: string): Promise<boolean> {
    const object = this.get(bucket, name);
    if (!object) return false;
    this.buckets.get(bucket)?.delete(name);
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
    await Promise.all(objects.map((object) => rm(this.blobPath(object), { force: true })));
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
