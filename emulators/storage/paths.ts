import { badRequest } from './errors';

/** Longest object name Cloud Storage accepts, in UTF-8 bytes. */
const MAX_NAME_BYTES = 1024;

/**
 * Validates an object name after its single URL decoding and returns it unchanged.
 *
 * Names are opaque keys here (blobs are stored under random ids, never under the name), but names
 * with `.`/`..` segments or control characters are rejected with 400 anyway: they are what a path
 * traversal attempt looks like, production GCS forbids `.`, `..`, CR and LF, and accepting them
 * would let the resize copy or an export produce surprising paths.
 *
 * @throws HttpError 400 for an empty, too long, control-character or dot-segment name.
 */
export function validateObjectName(name: string | null | undefined): string {
  if (!name) throw badRequest('Object name is required.');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    throw badRequest('Object name is too long.');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw badRequest('Object name contains control characters.');
  if (name.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw badRequest('Object name must not contain "." or ".." segments.');
  }
  return name;
}

/**
 * Validates a bucket name. Any GCS-style name works (`demo-tuition.appspot.com`, `other-bucket`);
 * only names that could not be a bucket at all are refused.
 *
 * @throws HttpError 400
 */
export function validateBucketName(bucket: string | null | undefined): string {
  if (!bucket || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,221}$/.test(bucket) || bucket.includes('..')) {
    throw badRequest(`Invalid bucket name: ${JSON.stringify(bucket ?? '')}`);
  }
  return bucket;
}

/**
 * Decodes one URL path segment exactly once (`a%2Fb.png` → `a/b.png`).
 *
 * @throws HttpError 400 for malformed percent-encoding.
 */
export function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest('Malformed percent-encoding in the URL.');
  }
}
