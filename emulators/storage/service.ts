import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Caller } from './auth';
import type { BlobWriter } from './blob-writer';
import { HttpError, notFound } from './errors';
import { parseRange } from './http';
import { DOWNLOAD_TOKENS_KEY, type StoredObject, type WritableMetadata } from './metadata';
import type { RulesEngine, RulesMethod } from './rules';
import type { ObjectStore } from './store';

/** A resumable upload in progress (web SDK `X-Goog-Upload-Protocol: resumable` or GCS `uploadType=resumable`). */
export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  writer: BlobWriter;
  /** Total size announced at start, if any; a finalize with another size is a truncated upload. */
  declaredSize?: number;
  contentType: string;
  metadata: WritableMetadata;
  caller: Caller;
  /** True for `/v0` sessions: the object gets a download token. */
  firebase: boolean;
  /** Set once finalized, so a repeated finalize or a status query can answer with it. */
  result?: StoredObject;
  /** A chunk request is being written; a second concurrent one is refused. */
  busy: boolean;
  /**
   * Set once the session ended without an object: `'cancelled'` by the client, or the error that
   * ended it (a denied finalize answers that error again, as firebase-tools does).
   */
  ended?: 'cancelled' | HttpError;
}

/** Where finished upload bytes go and who is writing them. */
export interface UploadTarget {
  bucket: string;
  name: string;
  contentType: string;
  metadata: WritableMetadata;
  caller: Caller;
  firebase: boolean;
}

const DENIAL: Record<RulesMethod, string> = {
  get: 'Permission denied. No READ permission.',
  list: 'Permission denied. No LIST permission.',
  create: 'Permission denied. No WRITE permission.',
  update: 'Permission denied. No WRITE permission.',
  delete: 'Permission denied. No WRITE permission.',
};

/** What both HTTP APIs share: the store, rules, upload sessions and the upload limit. */
export class StorageService {
  private readonly sessions = new Map<string, UploadSession>();

  constructor(
    readonly store: ObjectStore,
    readonly rules: RulesEngine,
    /** Largest object accepted, in bytes. */
    readonly maxUploadBytes: number,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Throws 403 (→ `storage/unauthorized`) unless the caller may do `method` on `path`.
   * The admin (`owner` token, GCS JSON API) bypasses rules, as in production.
   */
  authorize(
    caller: Caller,
    method: RulesMethod,
    bucket: string,
    path: string,
    resource: StoredObject | null,
    requestResource: StoredObject | null = null,
    extraHeaders: Record<string, string> = {},
  ): void {
    if (caller.kind === 'admin') return;
    const decision = this.rules.check({
      method,
      bucket,
      path,
      auth: caller.kind === 'user' ? caller.auth : null,
      resource,
      requestResource,
    });
    if (decision.allowed) return;
    if (decision.errors.length)
      this.log(`Storage rules: ${method} ${bucket}/${path} denied; ${decision.errors.join('; ')}`);
    throw new HttpError(
      403,
      this.rules.loaded
        ? DENIAL[method]
        : 'Permission denied. Storage Emulator has no loaded ruleset.',
      'forbidden',
      extraHeaders,
    );
  }

  /**
   * Turns finished upload bytes into an object: digest, rules (`create`, or `update` when
   * overwriting, as production does), then an atomic rename. On any failure the temporary file is
   * removed and nothing changes.
   */
  async finishUpload(
    writer: BlobWriter,
    upload: UploadTarget,
    deniedHeaders: Record<string, string> = {},
  ): Promise<StoredObject> {
    try {
      const digest = await writer.finish();
      const object = this.store.prepare(upload, digest);
      // Every upload through the Firebase API gets a download token (firebase-tools, production).
      if (upload.firebase && !object.metadata[DOWNLOAD_TOKENS_KEY])
        object.metadata[DOWNLOAD_TOKENS_KEY] = randomUUID();
      const existing = this.store.get(upload.bucket, upload.name) ?? null;
      this.authorize(
        upload.caller,
        existing ? 'update' : 'create',
        upload.bucket,
        upload.name,
        existing,
        object,
        deniedHeaders,
      );
      return await this.store.commit(writer, object);
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }

  /**
   * A one-request upload: `fill` writes the bytes into a fresh writer (at most `maxBytes`) and
   * returns where they go; then {@link finishUpload}. If `fill` throws, the temporary file is
   * removed and the error rethrown.
   */
  async upload(
    fill: (writer: BlobWriter) => Promise<UploadTarget>,
    maxBytes = this.maxUploadBytes,
  ): Promise<StoredObject> {
    const writer = this.store.newWriter(maxBytes);
    let target: UploadTarget;
    try {
      target = await fill(writer);
    } catch (error) {
      await writer.abort();
      throw error;
    }
    return this.finishUpload(writer, target);
  }

  /** Opens a resumable session; its bytes go to a temporary file until finalize. */
  startSession(init: Omit<UploadSession, 'id' | 'writer' | 'busy'>): UploadSession {
    const session: UploadSession = {
      ...init,
      id: randomUUID().replaceAll('-', ''),
      writer: this.store.newWriter(this.maxUploadBytes),
      busy: false,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** @throws HttpError 404 for an unknown (or cancelled, or another bucket's) session. */
  session(id: string | null, bucket: string): UploadSession {
    const session = id ? this.sessions.get(id) : undefined;
    if (!session || session.bucket !== bucket)
      throw notFound(`Upload session ${id ?? ''} not found.`);
    return session;
  }

  /**
   * Ends a session without an object (cancel, or an error): its temporary bytes are deleted, and
   * the session stays known so that later commands get a definite answer (`cancelled`, or the
   * same error) instead of 404, as with firebase-tools.
   */
  async endSession(session: UploadSession, outcome: 'cancelled' | HttpError): Promise<void> {
    session.ended = outcome;
    if (!session.result) await session.writer.abort();
  }

  /** Drops all sessions (server stop, `clear()`). */
  async dropSessions(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => (s.result ? undefined : s.writer.abort())));
  }

  /**
   * Streams an object's bytes with its stored Content-Type, honouring `Range` (206).
   * `x-goog-hash` lets `@google-cloud/storage` verify whole downloads. `Content-Disposition` is
   * the stored one (default `attachment`) with the file name, as firebase-tools sends it.
   *
   * An object stored with `Content-Encoding: gzip` is sent decompressed, without Content-Length,
   * Content-Encoding or Range, to a client whose `Accept-Encoding` lacks gzip (GCS decompressive
   * transcoding, https://cloud.google.com/storage/docs/transcoding).
   */
  async sendMedia(req: IncomingMessage, res: ServerResponse, object: StoredObject): Promise<void> {
    const fileName = object.name.split('/').pop() ?? object.name;
    const headers: Record<string, string | number> = {
      'Content-Type': object.contentType,
      'Accept-Ranges': 'bytes',
      ETag: `"${object.md5Hash}"`,
      'x-goog-hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
      'x-goog-generation': object.generation,
      'x-goog-metageneration': String(object.metageneration),
      'x-goog-storage-class': 'STANDARD',
      'Last-Modified': new Date(object.updated).toUTCString(),
      'Content-Disposition': contentDisposition(object.contentDisposition, fileName),
    };
    if (object.cacheControl) headers['Cache-Control'] = object.cacheControl;
    if (object.contentLanguage) headers['Content-Language'] = object.contentLanguage;
    if (
      object.contentEncoding === 'gzip' &&
      !/\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''))
    ) {
      // The hash describes the stored (compressed) bytes; the client must not check it here.
      delete headers['x-goog-hash'];
      headers['x-goog-stored-content-encoding'] = 'gzip';
      res.writeHead(200, headers);
      if (req.method === 'HEAD' || object.size === 0) {
        res.end();
        return;
      }
      await pipeline(this.store.openRead(object), createGunzip(), res);
      return;
    }
    if (object.contentEncoding) headers['Content-Encoding'] = object.contentEncoding;
    const range = parseRange(req.headers.range, object.size);
    if (req.headers.range && !range && object.size > 0 && /^bytes=/.test(req.headers.range)) {
      throw new HttpError(416, 'Requested range not satisfiable.', 'invalid', {
        'Content-Range': `bytes */${object.size}`,
      });
    }
    if (range) {
      res.writeHead(206, {
        ...headers,
        'Content-Length': range.end - range.start + 1,
        'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
      });
    } else {
      res.writeHead(200, { ...headers, 'Content-Length': object.size });
    }
    if (req.method === 'HEAD' || object.size === 0) {
      res.end();
      return;
    }
    await pipeline(this.store.openRead(object, range), res);
  }
}

/** RFC 5987 `ext-value` encoding of a file name (as firebase-tools' `encodeRFC5987`). */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text)
    .replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(7C|60|5E)/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The Content-Disposition of a download: the stored value (default `attachment`) with the object's
 * file name appended, as firebase-tools' emulator does, unless the stored value names a file
 * already (the app stores `attachment; filename*=utf-8''<name>`: a second filename would make the
 * header ambiguous).
 */
function contentDisposition(stored: string | undefined, fileName: string): string {
  const value = stored || 'attachment';
  return /(^|;)\s*filename\*?=/i.test(value)
    ? value
    : `${value}; filename*=${encodeRfc5987(fileName)}`;
}
