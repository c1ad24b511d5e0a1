/**
 * Errors that end a request with a definite HTTP status.
 *
 * Status choice matters for the web SDK (reference notes §2): 401 → `storage/unauthenticated`,
 * 403 → `storage/unauthorized`, 404 on object requests → `storage/object-not-found`, and 5xx, 408
 * and 429 are retried for minutes. Deterministic failures therefore use 4xx codes only.
 */
export class HttpError extends Error {
  constructor(
    /** HTTP status sent to the client. */
    readonly status: number,
    message: string,
    /** GCS `errors[].reason`, e.g. `notFound`, `invalid`, `forbidden`. */
    readonly reason = reasonFor(status),
    /** Extra response headers, e.g. `x-goog-upload-status: final` on a denied finalize. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function reasonFor(status: number): string {
  switch (status) {
    case 401:
      return 'required';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'conflict';
    case 413:
      return 'uploadTooLarge';
    default:
      return status >= 500 ? 'backendError' : 'invalid';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
