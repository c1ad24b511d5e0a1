import type { Caller } from '../auth';
import { badRequest, HttpError, notFound } from '../errors';
import { bodyChunks, header, pumpBody, readJsonBody, sendJson } from '../http';
import {
  applyMetadataPatch,
  etagOf,
  parseWritableMetadata,
  toGcsMetadata,
  type StoredObject,
  type WritableMetadata,
} from '../metadata';
import { multipartBoundary, readFormDataUpload, readMultipartRelated } from '../multipart';
import { decodeSegment, validateBucketName, validateObjectName } from '../paths';
import type { StorageService, UploadSession } from '../service';
import { resumableCommand, type ApiRequest } from './firebase';

/** The GCS JSON API caller: `@google-cloud/storage` sends no credentials to an emulator; it is the admin. */
const ADMIN: Caller = { kind: 'admin' };

/**
 * The subset of the Cloud Storage JSON API that `firebase-admin` (through `@google-cloud/storage`,
 * `STORAGE_EMULATOR_HOST`) uses (reference notes §5). Paths are accepted with and without the
 * `/storage/v1` prefix, since the client uses the emulator host itself as its base URL.
 *
 * - `POST /upload/storage/v1/b/{b}/o?uploadType=resumable|multipart|media&name=`
 * - `PUT  /upload/storage/v1/b/{b}/o?upload_id=` with `Content-Range` (308 until complete)
 * - `GET  /b/{b}/o` list; `GET /b/{b}/o/{name}` object (`?alt=media` bytes); `/download/storage/v1/…`
 * - `PATCH|PUT /b/{b}/o/{name}` metadata; `DELETE /b/{b}/o/{name}`; `GET /b/{b}` bucket
 * - `POST /b/{b}/o/{name}/rewriteTo|copyTo/b/{b2}/o/{name2}` copy (one step, no `rewriteToken`)
 * - `POST /b/{b}/o/{name}/acl` (accepted, no effect), `POST /{b}` signed POST policy form,
 *   `GET /{b}/{name}` public URL
 *
 * Security rules never apply here: this is the server-side (admin) path, as in production.
 *
 * @returns false when the path is not a JSON API route.
 */
export async function handleGcsApi(service: StorageService, request: ApiRequest): Promise<boolean> {
  const { req, url } = request;
  const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
  if (upload) {
    const bucket = validateBucketName(decodeSegment(upload[1]!));
    if (req.method === 'POST' && !url.searchParams.has('upload_id'))
      return startUpload(service, request, bucket);
    if (req.method === 'PUT' || req.method === 'POST') {
      const session = service.session(url.searchParams.get('upload_id'), bucket);
      // The Firebase-style protocol (X-Goog-Upload-Command) also works on GCS session URLs.
      return header(req, 'x-goog-upload-command') !== undefined
        ? resumableCommand(service, request, session)
        : continueUpload(service, request, session);
    }
    throw new HttpError(405, `${req.method} is not supported for uploads.`);
  }
  const copy =
    /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/([^/]+)\/(rewriteTo|copyTo)\/b\/([^/]+)\/o\/([^/]+)$/.exec(
      url.pathname,
    );
  if (copy && req.method === 'POST') return copyObject(service, request, copy);
  const acl = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/([^/]+)\/acl$/.exec(url.pathname);
  if (acl && req.method === 'POST') return addAcl(service, request, acl[1]!, acl[2]!);
  const route = /^(\/download)?(?:\/storage\/v1)?\/b\/([^/]+)(\/o(?:\/(.+))?)?$/.exec(url.pathname);
  if (!route) return publicRoutes(service, request);
  const bucket = validateBucketName(decodeSegment(route[2]!));
  const hasObjects = route[3] !== undefined;
  if (!hasObjects) {
    if (req.method !== 'GET')
      throw new HttpError(405, `${req.method} is not supported on a bucket.`);
    sendJson(request.res, 200, {
      kind: 'storage#bucket',
      id: bucket,
      name: bucket,
      location: 'US',
      storageClass: 'STANDARD',
    });
    return true;
  }
  if (route[4] === undefined) {
    if (req.method !== 'GET')
      throw new HttpError(405, `${req.method} is not supported on a bucket's objects.`);
    return list(service, request, bucket);
  }
  const name = validateObjectName(decodeSegment(route[4]));
  const object = service.store.get(bucket, name);
  switch (req.method) {
    case 'GET':
    case 'HEAD': {
      const found = existing(object, bucket, name);
      if (route[1] || url.searchParams.get('alt') === 'media')
        await service.sendMedia(req, request.res, found);
      else sendJson(request.res, 200, toGcsMetadata(found, request.baseUrl));
      return true;
    }
    case 'PATCH':
    case 'PUT': {
      const found = existing(object, bucket, name);
      const patch = parseWritableMetadata(await readJsonBody(req));
      sendJson(
        request.res,
        200,
        toGcsMetadata(
          await service.store.updateMetadata(applyMetadataPatch(found, patch)),
          request.baseUrl,
        ),
      );
      return true;
    }
    case 'DELETE':
      existing(object, bucket, name);
      await service.store.delete(bucket, name);
      request.res.writeHead(204).end();
      return true;
    default:
      throw new HttpError(405, `${req.method} is not supported on an object.`);
  }
}

function existing(object: StoredObject | undefined, bucket: string, name: string): StoredObject {
  if (!object) throw notFound(`No such object: ${bucket}/${name}`);
  return object;
}

function list(service: StorageService, { url, res, baseUrl }: ApiRequest, bucket: string): boolean {
  const maxResults = url.searchParams.has('maxResults')
    ? Number(url.searchParams.get('maxResults'))
    : undefined;
  if (maxResults !== undefined && !(Number.isInteger(maxResults) && maxResults > 0))
    throw badRequest('maxResults must be a positive integer.');
  const page = service.store.list(bucket, {
    prefix: url.searchParams.get('prefix') ?? '',
    ...(url.searchParams.get('delimiter') ? { delimiter: url.searchParams.get('delimiter')! } : {}),
    ...(url.searchParams.get('pageToken') ? { pageToken: url.searchParams.get('pageToken')! } : {}),
    ...(maxResults ? { maxResults } : {}),
  });
  // GCS omits empty `items` and `prefixes` (the client then reports `prefixes` as undefined).
  sendJson(res, 200, {
    kind: 'storage#objects',
    ...(page.items.length ? { items: page.items.map((item) => toGcsMetadata(item, baseUrl)) } : {}),
    ...(page.prefixes.length ? { prefixes: page.prefixes } : {}),
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
  });
  return true;
}

async function startUpload(
  service: StorageService,
  request: ApiRequest,
  bucket: string,
): Promise<boolean> {
  const { req, res, url, baseUrl } = request;
  // Without `uploadType`: the `X-Goog-Upload-Protocol` header, else a media upload (as GCS).
  const uploadType =
    url.searchParams.get('uploadType') ??
    header(req, 'x-goog-upload-protocol')?.toLowerCase() ??
    'media';
  if (uploadType === 'resumable') {
    const body = await readJsonBody(req);
    const metadata = parseWritableMetadata(body);
    const bodyName =
      body && typeof body === 'object' ? (body as { name?: unknown }).name : undefined;
    const name = validateObjectName(
      url.searchParams.get('name') ?? (typeof bodyName === 'string' ? bodyName : null),
    );
    const declared = header(req, 'x-upload-content-length');
    const declaredSize = declared === undefined ? undefined : Number(declared);
    if (declaredSize !== undefined && !(Number.isSafeInteger(declaredSize) && declaredSize >= 0))
      throw badRequest('X-Upload-Content-Length must be a byte count.');
    if (declaredSize !== undefined && declaredSize > service.maxUploadBytes)
      throw new HttpError(413, `Upload exceeds the ${service.maxUploadBytes}-byte limit.`);
    const contentType =
      metadata.contentType ?? header(req, 'x-upload-content-type') ?? 'application/octet-stream';
    const session = service.startSession({
      bucket,
      name,
      contentType,
      metadata,
      caller: ADMIN,
      firebase: false,
      ...(declaredSize !== undefined ? { declaredSize } : {}),
    });
    const location = `${baseUrl}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${session.id}`;
    res
      .writeHead(200, {
        Location: location,
        'X-GUploader-UploadID': session.id,
        'Content-Length': 0,
      })
      .end();
    return true;
  }
  if (uploadType !== 'multipart' && uploadType !== 'media')
    throw badRequest(`Unsupported uploadType ${uploadType}.`);

  const object = await service.upload(async (writer) => {
    let metadata: WritableMetadata = {};
    let contentType: string;
    let name = url.searchParams.get('name');
    if (uploadType === 'multipart') {
      const head = await readMultipartRelated(
        bodyChunks(req),
        multipartBoundary(header(req, 'content-type')),
        (chunk) => writer.write(chunk),
      );
      metadata = parseWritableMetadata(head.metadata);
      const bodyName = (head.metadata as { name?: unknown } | null)?.name;
      if (!name && typeof bodyName === 'string') name = bodyName;
      contentType = metadata.contentType ?? head.mediaContentType ?? 'application/octet-stream';
    } else {
      await pumpBody(req, (chunk) => writer.write(chunk));
      contentType = header(req, 'content-type') ?? 'application/octet-stream';
    }
    return {
      bucket,
      name: validateObjectName(name),
      contentType,
      metadata,
      caller: ADMIN,
      firebase: false,
    };
  });
  sendJson(res, 200, toGcsMetadata(object, baseUrl));
  return true;
}

/**
 * `PUT` on a session URL. `Content-Range: bytes a-b/total` (a chunk), `bytes a-*\/*` (the rest,
 * one streamed request) or `bytes *\/total|*` (status probe). Replies 308 with `Range` while
 * incomplete, 200 with the object once complete.
 */
async function continueUpload(
  service: StorageService,
  request: ApiRequest,
  session: UploadSession,
): Promise<boolean> {
  const { req, res, baseUrl } = request;
  const range = header(req, 'content-range')?.trim() ?? `bytes ${session.writer.size}-*/*`;
  const chunk = /^bytes (\d+)-(\d+|\*)\/(\d+|\*)$/.exec(range);
  const probe = /^bytes \*\/(\d+|\*)$/.exec(range);
  if (!chunk && !probe) throw badRequest(`Malformed Content-Range ${range}.`);
  const incomplete = (): void => {
    const headers: Record<string, string | number> = { 'Content-Length': 0 };
    if (session.writer.size > 0) headers.Range = `bytes=0-${session.writer.size - 1}`;
    res.writeHead(308, headers).end();
  };
  if (session.result) {
    sendJson(res, 200, toGcsMetadata(session.result, baseUrl));
    return true;
  }
  if (session.ended === 'cancelled') throw badRequest('Upload was cancelled.');
  if (session.ended) throw session.ended;
  let total: number | undefined;
  if (chunk) {
    if (session.busy) throw new HttpError(409, 'Another request is writing to this upload.');
    if (Number(chunk[1]) !== session.writer.size)
      throw badRequest(
        `Chunk starts at ${chunk[1]} but ${session.writer.size} bytes were received.`,
      );
    total = chunk[3] === '*' ? (chunk[2] === '*' ? -1 : undefined) : Number(chunk[3]);
    session.busy = true;
    try {
      await pumpBody(req, (data) => session.writer.write(data));
    } catch (error) {
      if (error instanceof HttpError && error.status === 413)
        await service.endSession(session, error);
      throw error;
    } finally {
      session.busy = false;
    }
  } else {
    total = probe![1] === '*' ? undefined : Number(probe![1]);
  }
  // -1: "bytes a-*/*", the whole remainder in this request, so its end is the object's end.
  const complete = total === -1 || (total !== undefined && session.writer.size >= total);
  if (!complete) {
    incomplete();
    return true;
  }
  const expected = total === -1 ? session.declaredSize : total;
  if (expected !== undefined && session.writer.size !== expected) {
    const error = badRequest(
      `Truncated upload: ${session.writer.size} of ${expected} bytes received.`,
    );
    await service.endSession(session, error);
    throw error;
  }
  try {
    session.result = await service.finishUpload(session.writer, session);
  } catch (error) {
    await service.endSession(
      session,
      error instanceof HttpError ? error : new HttpError(500, 'Upload failed.'),
    );
    throw error;
  }
  sendJson(res, 200, toGcsMetadata(session.result, baseUrl));
  return true;
}

/** Fields a copy takes from the source unless the request body sets them (`null` unsets). */
const COPIED_FIELDS = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;

/**
 * `objects.rewrite` / `objects.copy` in one step, as firebase-tools: the destination gets the
 * source's bytes and metadata, overridden field by field by the request body (a `metadata` map
 * replaces the custom metadata, download tokens included; `null` custom values become `''`).
 * A `rewriteToken` (a multi-call rewrite) is answered 501.
 */
async function copyObject(
  service: StorageService,
  { req, res, url, baseUrl }: ApiRequest,
  match: RegExpExecArray,
): Promise<boolean> {
  const [, sourceBucket, sourceName, method, destBucket, destName] = match as unknown as string[];
  if (method === 'rewriteTo' && url.searchParams.has('rewriteToken'))
    throw new HttpError(501, 'Multi-request rewrites (rewriteToken) are not supported.');
  const from = { bucket: validateBucketName(decodeSegment(sourceBucket!)) };
  const source = existing(
    service.store.get(from.bucket, validateObjectName(decodeSegment(sourceName!))),
    from.bucket,
    decodeSegment(sourceName!),
  );
  const body = await readJsonBody(req);
  const incoming = parseWritableMetadata(body);
  const metadata: WritableMetadata = {};
  for (const field of COPIED_FIELDS) {
    const value = incoming[field] === undefined ? source[field] : incoming[field];
    if (value !== undefined && value !== null) metadata[field] = value;
  }
  const customIn = incoming.metadata;
  metadata.metadata =
    customIn && Object.keys(customIn).length
      ? Object.fromEntries(Object.entries(customIn).map(([k, v]) => [k, v ?? '']))
      : { ...source.metadata };
  const object = await service.upload(async (writer) => {
    for await (const chunk of service.store.openRead(source)) await writer.write(chunk as Buffer);
    return {
      bucket: validateBucketName(decodeSegment(destBucket!)),
      name: validateObjectName(decodeSegment(destName!)),
      contentType: metadata.contentType ?? 'application/octet-stream',
      metadata,
      caller: ADMIN,
      firebase: false,
    };
  });
  const resource = toGcsMetadata(object, baseUrl);
  if (method === 'copyTo') sendJson(res, 200, resource);
  else
    sendJson(res, 200, {
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: String(object.size),
      objectSize: String(object.size),
      done: true,
      resource,
    });
  return true;
}

/**
 * `objectAccessControls.insert` (what `makePublic()` calls): ACLs do not exist here, so the entry
 * is echoed and nothing changes (firebase-tools does the same).
 */
async function addAcl(
  service: StorageService,
  { req, res, baseUrl }: ApiRequest,
  rawBucket: string,
  rawName: string,
): Promise<boolean> {
  const bucket = validateBucketName(decodeSegment(rawBucket));
  const name = validateObjectName(decodeSegment(rawName));
  const object = existing(service.store.get(bucket, name), bucket, name);
  const body = ((await readJsonBody(req)) ?? {}) as { entity?: unknown; role?: unknown };
  const entity = typeof body.entity === 'string' ? body.entity : 'allUsers';
  sendJson(res, 200, {
    kind: 'storage#objectAccessControl',
    object: name,
    id: `${bucket}/${name}/${object.generation}/${entity}`,
    selfLink: `${baseUrl}/storage/v1/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(name)}/acl/${encodeURIComponent(entity)}`,
    bucket,
    entity,
    role: typeof body.role === 'string' ? body.role : 'READER',
    etag: etagOf(object),
    generation: object.generation,
  });
  return true;
}

/** Form fields of a signed POST policy that set object metadata (lower-case names). */
const POLICY_FIELDS: Record<string, keyof WritableMetadata> = {
  'content-type': 'contentType',
  'cache-control': 'cacheControl',
  'content-disposition': 'contentDisposition',
  'content-encoding': 'contentEncoding',
  'content-language': 'contentLanguage',
};

/**
 * Routes outside `/b/…`: `POST /{bucket}` (signed POST policy form upload, 204; the policy and
 * signature are not checked, as in firebase-tools) and `GET /{bucket}/{name}` (the public URL
 * `https://storage.googleapis.com/{bucket}/{name}`).
 */
async function publicRoutes(service: StorageService, request: ApiRequest): Promise<boolean> {
  const { req, res, url } = request;
  const match = /^\/([^/]+)(?:\/(.+))?$/.exec(url.pathname);
  if (!match || ['v0', 'b', 'upload', 'download', 'storage', 'internal'].includes(match[1]!))
    return false;
  const bucket = validateBucketName(decodeSegment(match[1]!));
  if (match[2] !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
    const name = validateObjectName(decodeSegment(match[2]));
    await service.sendMedia(req, res, existing(service.store.get(bucket, name), bucket, name));
    return true;
  }
  if (match[2] !== undefined || req.method !== 'POST') return false;
  const contentType = header(req, 'content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType))
    throw badRequest('Content-Type must be multipart/form-data.');
  await service.upload(async (writer) => {
    const form = await readFormDataUpload(bodyChunks(req), multipartBoundary(contentType), (c) =>
      writer.write(c),
    );
    const metadata: WritableMetadata = {};
    const custom: Record<string, string> = {};
    let key: string | undefined;
    for (const [field, value] of form.fields) {
      const lower = field.toLowerCase();
      if (lower === 'key') key = value;
      else if (lower.startsWith('x-goog-meta-')) custom[lower.slice('x-goog-meta-'.length)] = value;
      else if (POLICY_FIELDS[lower]) metadata[POLICY_FIELDS[lower] as 'contentType'] = value.trim();
    }
    if (Object.keys(custom).length) metadata.metadata = custom;
    return {
      bucket,
      name: validateObjectName(key ?? null),
      contentType: metadata.contentType ?? form.fileContentType ?? 'application/octet-stream',
      metadata,
      caller: ADMIN,
      firebase: false,
    };
  });
  res.writeHead(204).end();
  return true;
}
