/**
 * Port of firebase-tools' `scripts/storage-emulator-integration/conformance/gcs.endpoints.test.ts`
 * (github.com/firebase/firebase-tools, commit a786bda73b48196fce1df22fe2b1cbc9e463b2d0),
 * Copyright (c) 2015 Firebase, MIT License (the licence of that repository).
 *
 * Case names and assertions as upstream; mocha/chai/supertest replaced by vitest and `send()`
 * (conformance/support.ts), the emulator started in-process. One deliberate difference, marked
 * below and listed in emulators/storage/README.md: a resumable upload sent in two
 * `X-Goog-Upload-Command` steps keeps both chunks (upstream asserts that the second is lost).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Bucket } from '@google-cloud/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { send, startConformanceEnv, STORAGE_BUCKET, type ConformanceEnv } from './support';

const TEST_FILE_NAME = 'gcs/testFile';
const ENCODED_TEST_FILE_NAME = 'gcs%2FtestFile';
const authHeader = { Authorization: 'Bearer owner' };
const storageBucket = STORAGE_BUCKET;

const MULTIPART_REQUEST_BODY = Buffer.from(`--b1d5b2e3-1845-4338-9400-6ac07ce53c1e\r
content-type: application/json\r
\r
{"name":"${TEST_FILE_NAME}"}\r
--b1d5b2e3-1845-4338-9400-6ac07ce53c1e\r
content-type: text/plain\r
\r
hello there!
\r
--b1d5b2e3-1845-4338-9400-6ac07ce53c1e--\r
`);
const MULTIPART_TYPE = 'multipart/related; boundary=b1d5b2e3-1845-4338-9400-6ac07ce53c1e';

let env: ConformanceEnv;
let testBucket: Bucket;
let storageHost: string;

const post = (
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer | object,
) => send(storageHost, 'POST', path, headers, body);
const put = (path: string, headers: Record<string, string | number> = {}, body?: Buffer | object) =>
  send(storageHost, 'PUT', path, headers, body);
const get = (path: string, headers: Record<string, string | number> = {}) =>
  send(storageHost, 'GET', path, headers);

/** The path and query of a resumable session URL from its `Location`. */
function locationOf(res: { status: number; headers: IncomingMessage['headers'] }): string {
  expect(res.status).toBe(200);
  const url = new URL(String(res.headers.location));
  return url.pathname + url.search;
}

/** GET through node:http, reading the raw (maybe gzipped) body. */
function rawGet(url: string, headers: Record<string, string>): Promise<[IncomingMessage, Buffer]> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve([res, Buffer.concat(chunks)]));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  env = await startConformanceEnv();
  storageHost = env.host;
  testBucket = env.bucket();
});

afterAll(async () => {
  await env.stop();
});

beforeEach(async () => {
  await env.reset();
});

describe('GCS endpoint conformance tests', () => {
  describe('Headers', () => {
    it('should set default response headers on object download', async () => {
      expect(
        (
          await post(
            `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}`,
            authHeader,
            Buffer.from('hello world'),
          )
        ).status,
      ).toBe(200);
      const res = await get(
        `/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?alt=media`,
        authHeader,
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toEqual('application/octet-stream');
      expect(res.headers['content-disposition']).toEqual('attachment; filename*=testFile');
    });
  });

  describe('Metadata', () => {
    it('should set default metadata', async () => {
      expect(
        (
          await post(
            `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}`,
            authHeader,
            Buffer.from('hello world'),
          )
        ).status,
      ).toBe(200);
      const res = await get(
        `/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
        authHeader,
      );
      expect(res.status).toBe(200);
      const metadata = res.json;
      expect(Object.keys(metadata)).toEqual(
        expect.arrayContaining([
          'kind',
          'id',
          'selfLink',
          'mediaLink',
          'name',
          'bucket',
          'generation',
          'metageneration',
          'storageClass',
          'size',
          'md5Hash',
          'crc32c',
          'etag',
          'timeCreated',
          'updated',
          'timeStorageClassUpdated',
        ]),
      );
      expect(metadata.kind).toEqual('storage#object');
      expect(metadata.id).toContain(`${storageBucket}/${TEST_FILE_NAME}`);
      expect(metadata.selfLink).toEqual(
        `${storageHost}/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
      );
      expect(metadata.mediaLink).toContain(
        `${storageHost}/download/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
      );
      expect(metadata.mediaLink).toContain('alt=media');
      expect(metadata.name).toEqual(TEST_FILE_NAME);
      expect(metadata.bucket).toEqual(storageBucket);
      expect(metadata.generation).toBeTypeOf('string');
      expect(metadata.metageneration).toEqual('1');
      expect(metadata.storageClass).toBeTypeOf('string');
      expect(metadata.size).toEqual('11');
      expect(metadata.md5Hash).toBeTypeOf('string');
      expect(metadata.crc32c).toBeTypeOf('string');
      expect(metadata.etag).toBeTypeOf('string');
      expect(metadata.timeCreated).toBeTypeOf('string');
      expect(metadata.updated).toBeTypeOf('string');
      expect(metadata.timeStorageClassUpdated).toBeTypeOf('string');
    });
  });

  describe('Upload protocols', () => {
    describe('media upload', () => {
      it('should default to media upload if upload type is not provided', async () => {
        expect(
          (
            await post(
              `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}`,
              authHeader,
              Buffer.from('hello world'),
            )
          ).status,
        ).toBe(200);
        const res = await get(
          `/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?alt=media`,
          authHeader,
        );
        expect(res.status).toBe(200);
        expect(res.text).toEqual('hello world');
      });

      it('should handle large JSON uploads', async () => {
        const largeJson = { k: 'a'.repeat(130000) }; // ~130KB, > 100KB limit
        const upload = await post(
          `/upload/storage/v1/b/${storageBucket}/o?name=large.json&uploadType=media`,
          { ...authHeader, 'Content-Type': 'application/json' },
          Buffer.from(JSON.stringify(largeJson)),
        );
        expect(upload.status).toBe(200);
        const res = await get(`/storage/v1/b/${storageBucket}/o/large.json?alt=media`, authHeader);
        expect(res.status).toBe(200);
        expect(res.json).toEqual(largeJson);
      });
    });

    describe('resumable upload', () => {
      // Deliberate difference: upstream's emulator keeps only the first `upload` step and the test
      // asserts that broken state ("hello "); this server keeps both chunks.
      it('should handle resumable uploads', async () => {
        const uploadURL = locationOf(
          await post(
            `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}&uploadType=resumable`,
            authHeader,
          ),
        );
        const chunk1 = Buffer.from('hello ');
        const first = await put(
          uploadURL,
          {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'upload',
            'X-Goog-Upload-Offset': 0,
          },
          chunk1,
        );
        expect(first.status).toBe(200);
        await put(
          uploadURL,
          {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'upload, finalize',
            'X-Goog-Upload-Offset': chunk1.byteLength,
          },
          Buffer.from('world'),
        );
        const res = await get(
          `/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?alt=media`,
          authHeader,
        );
        expect(res.status).toBe(200);
        expect(res.text).toEqual('hello world'); // upstream: 'hello '
      });

      it('should handle resumable upload with name only in metadata', async () => {
        const res = await post(
          `/upload/storage/v1/b/${storageBucket}/o?uploadType=resumable`,
          authHeader,
          {
            name: TEST_FILE_NAME,
          },
        );
        expect(res.status).toBe(200);
      });

      it('should return generated custom metadata for new upload', async () => {
        const customMetadata = {
          contentDisposition: 'initialCommit',
          contentType: 'image/jpg',
          name: TEST_FILE_NAME,
        };
        const uploadURL = locationOf(
          await post(
            `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}&uploadType=resumable`,
            authHeader,
            customMetadata,
          ),
        );
        const res = await put(uploadURL);
        expect(res.status).toBe(200);
        expect(res.json.name).toEqual(customMetadata.name);
        expect(res.json.contentType).toEqual(customMetadata.contentType);
        expect(res.json.contentDisposition).toEqual(customMetadata.contentDisposition);
      });

      it('should upload content type properly from x-upload-content-type headers', async () => {
        const uploadURL = locationOf(
          await post(
            `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}&uploadType=resumable`,
            { ...authHeader, 'x-upload-content-type': 'image/png' },
          ),
        );
        const res = await put(uploadURL);
        expect(res.status).toBe(200);
        expect(res.json.contentType).toEqual('image/png');
      });
    });

    describe('multipart upload', () => {
      it('should handle multipart upload with name only in metadata', async () => {
        const res = await post(
          `/upload/storage/v1/b/${storageBucket}/o?uploadType=multipart`,
          { ...authHeader, 'content-type': MULTIPART_TYPE },
          MULTIPART_REQUEST_BODY,
        );
        expect(res.status).toBe(200);
        expect(res.json.name).toEqual(TEST_FILE_NAME);
      });

      it('should respect X-Goog-Upload-Protocol header', async () => {
        const res = await post(
          `/upload/storage/v1/b/${storageBucket}/o`,
          { ...authHeader, 'content-type': MULTIPART_TYPE, 'X-Goog-Upload-Protocol': 'multipart' },
          MULTIPART_REQUEST_BODY,
        );
        expect(res.status).toBe(200);
        expect(res.json.name).toEqual(TEST_FILE_NAME);
      });

      it('should return an error message on invalid content type', async () => {
        const res = await post(
          `/upload/storage/v1/b/${storageBucket}/o?name=${TEST_FILE_NAME}`,
          { ...authHeader, 'content-type': 'foo', 'X-Goog-Upload-Protocol': 'multipart' },
          MULTIPART_REQUEST_BODY,
        );
        expect(res.status).toBe(400);
        expect(res.text).toContain('Bad content type.');
      });

      it('should upload content type properly from x-upload headers', async () => {
        const res = await post(
          `/upload/storage/v1/b/${storageBucket}/o?uploadType=multipart`,
          { ...authHeader, 'content-type': MULTIPART_TYPE, 'x-upload-content-type': 'text/plain' },
          MULTIPART_REQUEST_BODY,
        );
        expect(res.status).toBe(200);
        expect(res.json.contentType).toEqual('text/plain');
      });

      it('should handle signed post policy uploads via the emulator endpoint', async () => {
        const boundary = 'signed-post-policy-boundary';
        const startBuffer = Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="key"\r
\r
${TEST_FILE_NAME}\r
--${boundary}\r
Content-Disposition: form-data; name="Content-Type"\r
\r
text/plain\r
--${boundary}\r
Content-Disposition: form-data; name="Cache-Control"\r
\r
public, max-age=60\r
--${boundary}\r
Content-Disposition: form-data; name="Content-Disposition"\r
\r
inline\r
--${boundary}\r
Content-Disposition: form-data; name="x-goog-meta-color"\r
\r
blue\r
--${boundary}\r
Content-Disposition: form-data; name="file"; filename="testFile"\r
Content-Type: text/plain\r
\r
`);
        const endBuffer = Buffer.from(`\r
--${boundary}--\r
`);
        const body = Buffer.concat([startBuffer, Buffer.from('hello world'), endBuffer]);
        const res = await post(
          `/${storageBucket}`,
          { 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        );
        expect(res.status).toBe(204);

        const metadata = (await get(`/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`))
          .json;
        expect(metadata.name).toEqual(TEST_FILE_NAME);
        expect(metadata.contentType).toEqual('text/plain');
        expect(metadata.cacheControl).toEqual('public, max-age=60');
        expect(metadata.contentDisposition).toEqual('inline');
        expect(metadata.metadata).toEqual({ color: 'blue' });
        // Sharper than upstream: the bytes are the file part, without the closing delimiter.
        expect(
          (await get(`/storage/v1/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?alt=media`)).text,
        ).toBe('hello world');
      });
    });
  });

  describe('Gzip', () => {
    it('should serve gunzipped file by default', async () => {
      const contents = Buffer.from('hello world');
      const fileName = 'gzippedFile';
      await testBucket.file(fileName).save(contents, { gzip: true, contentType: 'text/plain' });
      const [res, body] = await rawGet(
        `${storageHost}/download/storage/v1/b/${storageBucket}/o/${fileName}?alt=media`,
        authHeader,
      );
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['content-type']).toEqual('text/plain');
      expect(body).toEqual(contents);
    });

    it('should serve gzipped file if Accept-Encoding header allows', async () => {
      const contents = Buffer.from('hello world');
      const fileName = 'gzippedFile';
      await testBucket.file(fileName).save(contents, { gzip: true, contentType: 'text/plain' });
      const [res, body] = await rawGet(
        `${storageHost}/download/storage/v1/b/${storageBucket}/o/${fileName}?alt=media`,
        { ...authHeader, 'Accept-Encoding': 'gzip' },
      );
      expect(res.headers['content-encoding']).toEqual('gzip');
      expect(res.headers['content-type']).toEqual('text/plain');
      expect(body).not.toEqual(contents);
      expect(gunzipSync(body)).toEqual(contents);
    });
  });

  describe('List protocols', () => {
    describe('list objects', () => {
      // This test is for the '/storage/v1/b/:bucketId/o' url pattern, which is used specifically by the GO Admin SDK
      it('should list objects in the provided bucket', async () => {
        for (const name of [TEST_FILE_NAME, `${TEST_FILE_NAME}2`]) {
          const res = await post(
            `/upload/storage/v1/b/${storageBucket}/o?name=${name}`,
            authHeader,
            Buffer.from('hello world'),
          );
          expect(res.status).toBe(200);
        }
        const res = await get(`/storage/v1/b/${storageBucket}/o`, authHeader);
        expect(res.status).toBe(200);
        expect(res.json.items.length).toEqual(2);
      });
    });
  });
});
