/**
 * Harness for the ports of firebase-tools' storage emulator conformance suites
 * (scripts/storage-emulator-integration/conformance in firebase/firebase-tools): the upstream
 * `storage.rules` and project id, a server per test file on a free port, raw HTTP in place of
 * supertest, and firebase-admin's bucket in place of `admin.storage().bucket()`.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { App } from 'firebase-admin/app';
import type { Bucket } from '@google-cloud/storage';
import type { StorageEmulator } from '../index';
import { startTestEmulator } from '../testing/support';

/** Upstream commit the ports follow. */
export const UPSTREAM_COMMIT = 'a786bda73b48196fce1df22fe2b1cbc9e463b2d0';

/** `FAKE_FIREBASE_PROJECT` and the bucket of upstream `env.ts`. */
export const PROJECT_ID = 'fake-project-id';
export const STORAGE_BUCKET = `${PROJECT_ID}.appspot.com`;

/** Upstream `scripts/storage-emulator-integration/storage.rules`, unchanged. */
export const UPSTREAM_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /topLevel {
      allow list;
    }

    match /disallowSize0 {
      allow create: if request.resource.size != 0;
    }

    match /testing/{allPaths=**} {
      allow read, create, update, delete: if request.auth != null;
    }

    match /listAll/{allPaths=**} {
      allow list;
    }

    match /delete {
      match /disallowIfContentTypeText {
        allow create;
        allow delete: if resource.contentType != 'text/plain';
      }
    }

    match /upload {
      match /allowIfContentTypeImage.png {
        allow create: if request.resource.contentType == 'image/blah';
      }
      match /replace.txt {
        allow read, create;
      }
      match /allowIfNoExistingFile.txt {
        allow create: if resource == null;
      }
    }

    match /public/{allPaths=**} {
      allow read, write;
    }
  }
}
`;

/** What `supertest` gave the upstream tests: status, headers, body as text and as bytes. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The body parsed as JSON (`undefined` when it is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- upstream asserts on any shape
}

/**
 * One HTTP request through `node:http`, which (unlike fetch) sends no `Accept-Encoding` and
 * does not decompress, so the gzip cases see the bytes as sent. A plain object body is sent as
 * JSON, as supertest's `.send({})` does; a Buffer as `application/octet-stream` unless the
 * headers say otherwise.
 */
export function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer | string | object,
): Promise<RawResponse> {
  const url = new URL(path, base);
  let payload: Buffer | undefined;
  const allHeaders: Record<string, string | number> = { ...headers };
  const has = (name: string) => Object.keys(allHeaders).some((h) => h.toLowerCase() === name);
  if (Buffer.isBuffer(body)) {
    payload = body;
    if (!has('content-type')) allHeaders['Content-Type'] = 'application/octet-stream';
  } else if (typeof body === 'string') {
    payload = Buffer.from(body);
  } else if (body !== undefined) {
    payload = Buffer.from(JSON.stringify(body));
    if (!has('content-type')) allHeaders['Content-Type'] = 'application/json';
  }
  allHeaders['Content-Length'] = payload?.length ?? 0;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: allHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const buffer = Buffer.concat(chunks);
        const text = buffer.toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buffer, text, json });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A started server plus firebase-admin's bucket objects, as upstream `before()` sets them up. */
export interface ConformanceEnv {
  emulator: StorageEmulator;
  /** `http://127.0.0.1:port`: upstream `firebaseHost`, `storageHost` and `googleapisHost`. */
  host: string;
  bucket(name?: string): Bucket;
  /** Upstream `resetStorageEmulator`: `POST /internal/reset`. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

let appCounter = 0;

/** Starts a server with the upstream rules and a firebase-admin app pointed at it. */
export async function startConformanceEnv(): Promise<ConformanceEnv> {
  const { emulator } = await startTestEmulator(UPSTREAM_RULES, {
    host: '127.0.0.1',
    resizeConfigPath: '/nonexistent.env',
  });
  const host = `http://127.0.0.1:${emulator.port}`;
  // firebase-admin reads the variable when its Storage service is created.
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  delete process.env.STORAGE_EMULATOR_HOST;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getStorage } = await import('firebase-admin/storage');
  const app: App = initializeApp(
    { projectId: PROJECT_ID, storageBucket: STORAGE_BUCKET },
    `conformance-${++appCounter}`,
  );
  const storage = getStorage(app);
  return {
    emulator,
    host,
    bucket: (name = STORAGE_BUCKET) => storage.bucket(name),
    reset: async () => {
      const response = await send(host, 'POST', '/internal/reset');
      if (response.status !== 200) throw new Error(`reset answered ${response.status}`);
    },
    stop: async () => {
      await deleteApp(app);
      await emulator.stop();
    },
  };
}
