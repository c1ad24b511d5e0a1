import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleFirebaseApi, type ApiRequest } from './api/firebase';
import { handleGcsApi } from './api/gcs';
import { handleInternalApi, type ControlHooks } from './api/internal';
import { drainAfterEarlyResponse } from '../early-response';
import { HttpError } from './errors';
import { answerPreflight, sendError, sendJson, setCorsHeaders } from './http';
import type { StorageService } from './service';

/**
 * The HTTP front: CORS on every response (preflights included), routing to firebase-tools'
 * control API (`/internal/*`, api/internal.ts), the Firebase `/v0` API or the GCS JSON API, and
 * the error boundary. Any failure inside a handler becomes a JSON error reply; the server itself
 * never goes down because of a request.
 */
export function createStorageServer(
  service: StorageService,
  log: (line: string) => void,
  control: ControlHooks,
): Server {
  const server = createServer((req, res) => {
    // A rejection sent before the upload was read (400 bad name, 403, 413) must reach the client.
    drainAfterEarlyResponse(req, res);
    void handle(service, req, res, log, control);
  });
  // Longer than the clients' keep-alive (Node's agent frees idle sockets after 5 s): with equal
  // timeouts the server could close a socket just as a client reuses it ("socket hang up").
  // stop() closes idle connections itself. Uploads may be slow, so no request timeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;
  return server;
}

async function handle(
  service: StorageService,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
  control: ControlHooks,
): Promise<void> {
  setCorsHeaders(req, res);
  if (req.method === 'OPTIONS') {
    answerPreflight(req, res);
    return;
  }
  try {
    const host =
      req.headers.host ??
      `${(req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')}:${req.socket.localPort ?? ''}`;
    const url = new URL(req.url ?? '/', `http://${host}`);
    const request: ApiRequest = { req, res, url, baseUrl: `http://${host}` };
    if (url.pathname === '/' || url.pathname === '/health') {
      sendJson(res, 200, { status: 'ok' });
      return;
    }
    const handled =
      (await handleInternalApi(service, request, control)) ||
      (await handleFirebaseApi(service, request)) ||
      (await handleGcsApi(service, request));
    if (!handled) throw new HttpError(404, `No route for ${req.method} ${url.pathname}.`);
  } catch (error) {
    if (error instanceof HttpError) {
      sendError(req, res, error);
      return;
    }
    // Client went away mid-transfer: nothing to answer.
    if (
      (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      (error as NodeJS.ErrnoException).code === 'ECONNRESET'
    ) {
      res.destroy();
      return;
    }
    log(
      `Storage emulator: ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`,
    );
    // A genuine bug: 500 is honest even though the web SDK will retry it (expected errors are 4xx).
    sendError(req, res, new HttpError(500, `Internal error: ${(error as Error).message}`));
  }
}
