import { randomUUID } from 'node:crypto';
import { badRequest } from './errors';

/** Custom-metadata key under which Firebase keeps download tokens (comma-separated). */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

/**
 * One stored object: what the server knows about it besides its bytes.
 *
 * `metadata` is the GCS custom-metadata map, download tokens included (as GCS stores them); the
 * Firebase form moves them to `downloadTokens`. Sizes are bytes, times ISO 8601 strings.
 */
export interface StoredObject {
  bucket: string;
  name: string;
  /** File name of the bytes inside the blob directory (random, never derived from `name`). */
  blobId: string;
  size: number;
  contentType: string;
  /** Base64 MD5 of the bytes. */
  md5Hash: string;
  /** Base64 big-endian CRC32C of the bytes. */
  crc32c: string;
  generation: string;
  metageneration: number;
  timeCreated: string;
  updated: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata: Record<string, string>;
}

/**
 * The writable fields a client may send with an upload or a PATCH. `null` clears a field
 * (`updateMetadata` semantics); `undefined` leaves it alone.
 */
export interface WritableMetadata {
  contentType?: string | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  metadata?: Record<string, string | null> | null;
}

const STRING_FIELDS = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;

/**
 * Picks the writable fields out of a client's JSON body, checking their types.
 *
 * @throws HttpError 400 when the body is not an object or a field has the wrong type.
 */
export function parseWritableMetadata(body: unknown): WritableMetadata {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('Metadata must be a JSON object.');
  const source = body as Record<string, unknown>;
  const out: WritableMetadata = {};
  for (const field of STRING_FIELDS) {
    const value = source[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw badRequest(`${field} must be a string.`);
    out[field] = value;
  }
  const custom = source.metadata;
  if (custom !== undefined) {
    if (custom === null) out.metadata = null;
    else if (typeof custom !== 'object' || Array.isArray(custom))
      throw badRequest('metadata must be an object.');
    else {
      const map: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(custom as Record<string, unknown>)) {
        // GCS stores custom metadata as strings; numbers and booleans are stringified as it does.
        if (value === null) map[key] = null;
        else if (
          typeof value === 'string' ||
          typeof value === 'number' ||
          typeof value === 'boolean'
        )
          map[key] = String(value);
        else throw badRequest(`metadata.${key} must be a string.`);
      }
      out.metadata = map;
    }
  }
  return out;
}

/**
 * Applies a patch to an object's metadata (PATCH semantics: custom keys merge, `null` deletes).
 * Returns a new object; the input is not modified.
 */
export function applyMetadataPatch(object: StoredObject, patch: WritableMetadata): StoredObject {
  const next: StoredObject = { ...object, metadata: { ...object.metadata } };
  for (const field of STRING_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    if (field === 'contentType') next.contentType = value ?? 'application/octet-stream';
    else if (value === null) delete next[field];
    else next[field] = value;
  }
  if (patch.metadata === null) {
    // Clearing custom metadata keeps the download tokens: they are not the client's to drop here.
    const tokens = next.metadata[DOWNLOAD_TOKENS_KEY];
    next.metadata = tokens ? { [DOWNLOAD_TOKENS_KEY]: tokens } : {};
  } else if (patch.metadata) {
    for (const [key, value] of Object.entries(patch.metadata)) {
      if (value === null) delete next.metadata[key];
      else next.metadata[key] = value;
    }
  }
  return next;
}

/** Download tokens of an object, in order (the SDK uses the first). */
export function downloadTokens(object: StoredObject): string[] {
  return (object.metadata[DOWNLOAD_TOKENS_KEY] ?? '').split(',').filter((token) => token !== '');
}

/** Returns a copy with one more random download token appended. */
export function withNewDownloadToken(object: StoredObject): StoredObject {
  const tokens = [...downloadTokens(object), randomUUID()];
  return { ...object, metadata: { ...object.metadata, [DOWNLOAD_TOKENS_KEY]: tokens.join(',') } };
}

/** The object's `etag`: base64 of `<generation>/<metageneration>`. */
export function etagOf(object: StoredObject): string {
  return Buffer.from(`${object.generation}/${object.metageneration}`).toString('base64');
}

function optionalFields(object: StoredObject): Record<string, string> {
  const out: Record<string, string> = {};
  if (object.cacheControl !== undefined) out.cacheControl = object.cacheControl;
  if (object.contentDisposition !== undefined) out.contentDisposition = object.contentDisposition;
  if (object.contentLanguage !== undefined) out.contentLanguage = object.contentLanguage;
  return out;
}

/**
 * The `/v0` (Firebase) metadata form the web SDK parses (`@firebase/storage` `metadata.ts`):
 * numbers as strings, tokens in `downloadTokens`, custom metadata without the token key.
 */
export function toFirebaseMetadata(object: StoredObject): Record<string, unknown> {
  const { [DOWNLOAD_TOKENS_KEY]: tokens, ...custom } = object.metadata;
  return {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    timeCreated: object.timeCreated,
    updated: object.updated,
    storageClass: 'STANDARD',
    size: String(object.size),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: etagOf(object),
    contentEncoding: object.contentEncoding ?? 'identity',
    ...optionalFields(object),
    // Always present in the Firebase form; `inline` when unset (firebase-tools).
    contentDisposition: object.contentDisposition ?? 'inline',
    downloadTokens: tokens ?? '',
    metadata: custom,
  };
}

/**
 * The Cloud Storage JSON API object resource (`storage#object`) that `@google-cloud/storage`
 * reads; `crc32c` and `md5Hash` are checked by the client after each upload.
 */
export function toGcsMetadata(object: StoredObject, baseUrl: string): Record<string, unknown> {
  const encodedName = encodeURIComponent(object.name);
  const path = `b/${encodeURIComponent(object.bucket)}/o/${encodedName}`;
  return {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${baseUrl}/storage/v1/${path}`,
    mediaLink: `${baseUrl}/download/storage/v1/${path}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    storageClass: 'STANDARD',
    size: String(object.size),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: etagOf(object),
    timeCreated: object.timeCreated,
    updated: object.updated,
    timeStorageClassUpdated: object.timeCreated,
    ...(object.contentEncoding !== undefined ? { contentEncoding: object.contentEncoding } : {}),
    ...optionalFields(object),
    // GCS omits an empty custom-metadata map (the client's `getMetadata()` keys show it).
    ...(Object.keys(object.metadata).length ? { metadata: { ...object.metadata } } : {}),
  };
}
