import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerFromHeader, type Caller } from '../auth';
import { badRequest, HttpError, notFound } from '../errors';
import { bodyChunks, header, pumpBody, readJsonBody, sendJson } from '../http';
import {
  applyMetadataPatch,
  downloadTokens,
  parseWritableMetadata,
  toFirebaseMetadata,
  toGcsMetadata,
  withNewDownloadToken,
  DOWNLOAD_TOKENS_KEY,
  type StoredObject,
  type WritableMetadata,
} from '../metadata';
import { multipartBoundary, readMultipartRelated } from '../multipart';
import { decodeSegment, validateBucketName, validateObjectName } from '../paths';
import type { StorageService, UploadSession } from '../service';

/** A request routed to an API: the parsed URL and the server's own base URL (for upload URLs). */
export interface ApiRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** `http://host:port` as the client addressed us. */
  baseUrl: string;
}

/**
 * The Firebase Storage REST API (`/v0`) spoken by the web SDK (`@firebase/storage`
 * `implementation/requests.ts`; reference notes §3–4):
 *
 * - `GET /v0/b/{bucket}/o?prefix&delimiter&pageToken&maxResults` list
 * - `POST /v0/b/{bucket}/o?name=` upload: multipart, resumable start, or raw bytes
 * - `POST /v0/b/{bucket}/o?upload_id=` resumable `upload` / `finalize` / `query` / `cancel`
 * - `GET /v0/b/{bucket}/o/{name}` metadata (`?alt=media` bytes; `&token=` skips rules)
 * - `PATCH` metadata, `DELETE` object; `POST …?create_token=true|delete_token=` (admin only)
 *
 * Rules apply to every call except admin (`owner`) and matching download tokens.
 *
 * @returns false when the path is not a `/v0` route.
 */
export async function handleFirebaseApi(
  service: StorageService,
  request: ApiRequest,
): Promise<boolean> {
  const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(request.url.pathname);
  if (!match) return false;
  const bucket = validateBucketName(decodeSegment(match[1]!));
  const objectSegment = match[2];
  const { req, url } = request;
  const authorization = req.headers.authorization;
  // Session commands carry no credentials (the upload URL is the capability, as in production).
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId !== null && (req.method === 'POST' || req.method === 'PUT'))
    return resumableCommand(service, request, service.session(uploadId, bucket));

  if (objectSegment === undefined || objectSegment === '') {
    const caller = callerFromHeader(authorization);
    if (req.method === 'GET') return list(service, request, bucket, caller);
    if (req.method === 'POST')
      return upload(service, request, bucket, url.searchParams.get('name'), caller);
    throw new HttpError(405, `${req.method} is not supported on a bucket.`);
  }
  const name = validateObjectName(decodeSegment(objectSegment));
  // Token management needs the admin; any other credential, even an unreadable one, is refused
  // with 403 (firebase-tools), not judged as a (malformed) user credential.
  if (
    req.method === 'POST' &&
    (url.searchParams.has('create_token') || url.searchParams.has('delete_token'))
  )
    return tokens(service, request, bucket, name, authorization);
  const caller = callerFromHeader(authorization);
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return read(service, request, bucket, name, caller);
    case 'PATCH':
      return patch(service, request, bucket, name, caller);
    case 'DELETE': {
      const existing = service.store.get(bucket, name) ?? null;
      service.authorize(caller, 'delete', bucket, name, existing);
      if (!existing) throw notFound(`Object ${name} does not exist.`);
      await service.store.delete(bucket, name);
      request.res.writeHead(204).end();
      return true;
    }
    case 'POST':
      // An upload addressed by object path (`POST /v0/b/B/o/<name>`), as firebase-tools accepts.
      return upload(service, request, bucket, name, caller);
    default:
      throw new HttpError(405, `${req.method} is not supported on an object.`);
  }
}

async function list(
  service: StorageService,
  { url, res }: ApiRequest,
  bucket: string,
  caller: Caller,
): Promise<boolean> {
  const prefix = url.searchParams.get('prefix') ?? '';
  const delimiter = url.searchParams.get('delimiter') ?? undefined;
  // Firebase lists "folders": the prefix is empty or ends in "/" (as in firebase-tools).
  if (prefix !== '' && !prefix.endsWith('/'))
    throw badRequest('The prefix must be empty or end with "/".');
  service.authorize(caller, 'list', bucket, prefix.replace(/\/$/, ''), null);
  const maxResults = url.searchParams.has('maxResults')
    ? Number(url.searchParams.get('maxResults'))
    : undefined;
  if (maxResults !== undefined && !(Number.isInteger(maxResults) && maxResults > 0))
    throw badRequest('maxResults must be a positive integer.');
  const page = service.store.list(bucket, {
    prefix,
    ...(delimiter ? { delimiter } : {}),
    ...(url.searchParams.get('pageToken') ? { pageToken: url.searchParams.get('pageToken')! } : {}),
    ...(maxResults ? { maxResults } : {}),
  });
  sendJson(res, 200, {
    prefixes: page.prefixes,
    items: page.items.map((item) => ({ name: item.name, bucket: item.bucket })),
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
  });
  return true;
}

async function read(
  service: StorageService,
  { req, res, url }: ApiRequest,
  bucket: string,
  name: string,
  caller: Caller,
): Promise<boolean> {
  let object = service.store.get(bucket, name);
  const token = url.searchParams.get('token');
  const tokenMatches =
    object !== undefined && token !== null && downloadTokens(object).includes(token);
  // A matching download token is the capability: no rules (production, firebase-tools).
  if (!tokenMatches) service.authorize(caller, 'get', bucket, name, object ?? null);
  if (!object) throw notFound(`Object ${name} does not exist.`);
  if (url.searchParams.get('alt') === 'media') {
    await service.sendMedia(req, res, object);
    return true;
  }
  // Objects written through the GCS API have no token yet; create one lazily, as firebase-tools.
  if (downloadTokens(object).length === 0)
    object = await service.store.replaceMetadata(withNewDownloadToken(object));
  sendJson(res, 200, toFirebaseMetadata(object));
  return true;
}

async function patch(
  service: StorageService,
  { req, res }: ApiRequest,
  bucket: string,
  name: string,
  caller: Caller,
): Promise<boolean> {
  const body = await readJsonBody(req);
  const existing = service.store.get(bucket, name) ?? null;
  const changes = parseWritableMetadata(body);
  // Tokens are managed by the server; a client cannot set them through updateMetadata.
  if (changes.metadata) delete changes.metadata[DOWNLOAD_TOKENS_KEY];
  const next = existing ? applyMetadataPatch(existing, changes) : null;
  service.authorize(caller, 'update', bucket, name, existing, next);
  if (!existing || !next) throw notFound(`Object ${name} does not exist.`);
  sendJson(res, 200, toFirebaseMetadata(await service.store.updateMetadata(next)));
  return true;
}

async function tokens(
  service: StorageService,
  { url, res }: ApiRequest,
  bucket: string,
  name: string,
  authorization: string | undefined,
): Promise<boolean> {
  if (!/^(?:Firebase|Bearer)\s+owner$/i.test(authorization?.trim() ?? ''))
    throw new HttpError(403, 'Managing download tokens needs admin credentials.');
  const object = service.store.get(bucket, name);
  if (!object) throw notFound(`Object ${name} does not exist.`);
  let next: StoredObject;
  const deleteToken = url.searchParams.get('delete_token');
  if (url.searchParams.get('create_token') === 'true') next = withNewDownloadToken(object);
  else if (deleteToken !== null && !url.searchParams.has('create_token')) {
    const remaining = downloadTokens(object).filter((t) => t !== deleteToken);
    next = {
      ...object,
      metadata: { ...object.metadata, [DOWNLOAD_TOKENS_KEY]: remaining.join(',') },
    };
    // An object always keeps one token: deleting the last one issues a new one (firebase-tools).
    if (remaining.length === 0) {
      delete next.metadata[DOWNLOAD_TOKENS_KEY];
      next = withNewDownloadToken(next);
    }
  } else throw badRequest('Expected create_token=true or delete_token=<token>.');
  sendJson(res, 200, toFirebaseMetadata(await service.store.updateMetadata(next)));
  return true;
}

async function upload(
  service: StorageService,
  request: ApiRequest,
  bucket: string,
  objectName: string | null,
  caller: Caller,
): Promise<boolean> {
  const { req, res } = request;
  const name = validateObjectName(objectName);
  const protocol = header(req, 'x-goog-upload-protocol')?.toLowerCase();
  const command = header(req, 'x-goog-upload-command')?.toLowerCase();
  // The SDK sets the protocol header; firebase-tools also takes `uploadType=resumable` or a bare
  // `start` command as a resumable start.
  if (
    protocol === 'resumable' ||
    request.url.searchParams.get('uploadType') === 'resumable' ||
    command === 'start'
  ) {
    if (header(req, 'x-goog-upload-command')?.toLowerCase() !== 'start')
      throw badRequest('Resumable uploads begin with X-Goog-Upload-Command: start.');
    const metadata = parseWritableMetadata(await readJsonBody(req));
    const declared = header(req, 'x-goog-upload-header-content-length');
    const declaredSize = declared === undefined ? undefined : Number(declared);
    if (declaredSize !== undefined && !(Number.isSafeInteger(declaredSize) && declaredSize >= 0)) {
      throw badRequest('X-Goog-Upload-Header-Content-Length must be a byte count.');
    }
    if (declaredSize !== undefined && declaredSize > service.maxUploadBytes) {
      throw new HttpError(413, `Upload exceeds the ${service.maxUploadBytes}-byte limit.`);
    }
    const contentType =
      metadata.contentType ??
      header(req, 'x-goog-upload-header-content-type') ??
      'application/octet-stream';
    if (declaredSize !== undefined) {
      // Judge the announced object now so that a denied 20 MB upload is refused before its bytes
      // are sent; the real bytes are judged again at finalize.
      const announced = service.store.prepare(
        { bucket, name, contentType, metadata },
        { size: declaredSize, md5Hash: '', crc32c: '' },
      );
      const existing = service.store.get(bucket, name) ?? null;
      service.authorize(caller, existing ? 'update' : 'create', bucket, name, existing, announced);
    }
    const session = service.startSession({
      bucket,
      name,
      contentType,
      metadata,
      caller,
      firebase: true,
      ...(declaredSize !== undefined ? { declaredSize } : {}),
    });
    const uploadUrl = `${request.baseUrl}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}&upload_id=${session.id}&upload_protocol=resumable`;
    res.writeHead(200, {
      'X-Goog-Upload-Status': 'active',
      'X-Goog-Upload-URL': uploadUrl,
      'X-Goog-Upload-Control-URL': uploadUrl,
      'X-Goog-Upload-Chunk-Granularity': '262144',
      'X-GUploader-UploadID': session.id,
      'Content-Length': 0,
    });
    res.end();
    return true;
  }

  const object = await service.upload(async (writer) => {
    let metadata: WritableMetadata;
    let contentType: string;
    if (
      protocol === 'multipart' ||
      request.url.searchParams.get('uploadType') === 'multipart' ||
      /^multipart\//i.test(header(req, 'content-type') ?? '')
    ) {
      const head = await readMultipartRelated(
        bodyChunks(req),
        multipartBoundary(header(req, 'content-type')),
        (chunk) => writer.write(chunk),
      );
      metadata = parseWritableMetadata(head.metadata);
      contentType = metadata.contentType ?? head.mediaContentType ?? 'application/octet-stream';
    } else {
      // Raw upload: the body is the bytes, Content-Type their type.
      await pumpBody(req, (chunk) => writer.write(chunk));
      metadata = {};
      contentType = header(req, 'content-type') ?? 'application/octet-stream';
    }
    return { bucket, name, contentType, metadata, caller, firebase: true };
  });
  sendJson(res, 200, toFirebaseMetadata(object));
  return true;
}

/**
 * One request on a resumable session: bytes and/or a command (`upload`, `finalize`, `query`,
 * `cancel`), on `/v0` upload URLs and, with `X-Goog-Upload-Command`, on GCS ones. After the end of
 * a session, as firebase-tools answers: `query` gives its state (`final`, `cancelled`), `finalize`
 * repeats the final answer (200 with the object, or the error that ended it with
 * `X-Goog-Upload-Status: final`), `cancel` of a cancelled session is 200, of a finished one 400,
 * and bytes or `finalize` on a cancelled session 400.
 */
export async function resumableCommand(
  service: StorageService,
  { req, res, baseUrl }: ApiRequest,
  session: UploadSession,
): Promise<boolean> {
  const commands = (header(req, 'x-goog-upload-command') ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const status = (state: 'active' | 'final' | 'cancelled'): Record<string, string> => ({
    'X-Goog-Upload-Status': state,
    'X-Goog-Upload-Size-Received': String(session.writer.size),
  });
  const sendObject = (object: StoredObject): void =>
    sendJson(
      res,
      200,
      session.firebase ? toFirebaseMetadata(object) : toGcsMetadata(object, baseUrl),
      status('final'),
    );
  const fail = async (error: HttpError): Promise<never> => {
    await service.endSession(session, error);
    throw error;
  };
  const { ended } = session;
  const finalError = (error: HttpError): HttpError =>
    new HttpError(error.status, error.message, error.reason, {
      ...error.headers,
      'X-Goog-Upload-Status': 'final',
    });

  if (commands.includes('query')) {
    if (session.result) sendObject(session.result);
    else if (ended === 'cancelled')
      res.writeHead(200, { ...status('cancelled'), 'Content-Length': 0 }).end();
    else if (ended) throw finalError(ended);
    else res.writeHead(200, { ...status('active'), 'Content-Length': 0 }).end();
    return true;
  }
  if (commands.includes('cancel')) {
    if (session.result) throw badRequest('Upload already finalized.');
    if (ended !== 'cancelled') await service.endSession(session, 'cancelled');
    res.writeHead(200, { ...status('cancelled'), 'Content-Length': 0 }).end();
    return true;
  }
  const uploading = commands.includes('upload');
  const finalizing = commands.includes('finalize');
  if (!uploading && !finalizing) throw badRequest('Unknown X-Goog-Upload-Command.');
  if (ended === 'cancelled') throw badRequest('Upload was cancelled.');
  if (ended) throw finalError(ended);
  if (session.result) {
    if (uploading) throw badRequest('Upload already finalized.');
    sendObject(session.result);
    return true;
  }
  if (session.busy) throw new HttpError(409, 'Another request is writing to this upload.');

  session.busy = true;
  try {
    if (uploading) {
      const offset = Number(header(req, 'x-goog-upload-offset') ?? session.writer.size);
      if (offset !== session.writer.size) {
        throw badRequest(
          `X-Goog-Upload-Offset ${offset} does not match the ${session.writer.size} bytes received.`,
        );
      }
      if (session.declaredSize !== undefined) {
        const length = Number(header(req, 'content-length') ?? 0);
        if (session.writer.size + length > session.declaredSize) {
          await fail(
            badRequest('Upload is larger than the declared X-Goog-Upload-Header-Content-Length.'),
          );
        }
      }
      await pumpBody(req, (chunk) => session.writer.write(chunk));
    }
  } catch (error) {
    // Bytes that did arrive stay: the client queries the received size and resumes from there.
    if (error instanceof HttpError && error.status === 413) await fail(error);
    throw error;
  } finally {
    session.busy = false;
  }
  if (!finalizing) {
    res.writeHead(200, { ...status('active'), 'Content-Length': 0 }).end();
    return true;
  }
  if (session.declaredSize !== undefined && session.writer.size !== session.declaredSize) {
    await fail(
      badRequest(
        `Truncated upload: ${session.writer.size} of ${session.declaredSize} declared bytes received.`,
      ),
    );
  }
  try {
    session.result = await service.finishUpload(session.writer, session, {
      'X-Goog-Upload-Status': 'final',
    });
  } catch (error) {
    if (error instanceof HttpError) await fail(error);
    await service.endSession(session, new HttpError(500, 'Upload failed.'));
    throw error;
  }
  // The finished session stays known so that a late `query` still gets the final answer.
  sendObject(session.result);
  return true;
}
