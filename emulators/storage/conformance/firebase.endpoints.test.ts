/**
 * Port of firebase-tools' `scripts/storage-emulator-integration/conformance/firebase.endpoints.test.ts`
 * (github.com/firebase/firebase-tools, commit a786bda73b48196fce1df22fe2b1cbc9e463b2d0),
 * Copyright (c) 2015 Firebase, MIT License (the licence of that repository).
 *
 * Case names and assertions as upstream; mocha/chai/supertest replaced by vitest and `send()`
 * (conformance/support.ts), the emulator started in-process. Differences: none.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Bucket } from '@google-cloud/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { send, startConformanceEnv, STORAGE_BUCKET, type ConformanceEnv } from './support';

const TEST_FILE_NAME = 'testing/storage_ref/testFile';
const ENCODED_TEST_FILE_NAME = 'testing%2Fstorage_ref%2FtestFile';
const uploadStatusHeader = 'x-goog-upload-status';
const authHeader = { Authorization: 'Bearer owner' };
const storageBucket = STORAGE_BUCKET;
const smallFile = randomBytes(10);

let env: ConformanceEnv;
let testBucket: Bucket;
let firebaseHost: string;

const post = (
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer | object,
) => send(firebaseHost, 'POST', path, headers, body);
const put = (path: string, headers: Record<string, string | number> = {}, body?: Buffer | object) =>
  send(firebaseHost, 'PUT', path, headers, body);
const get = (path: string, headers: Record<string, string | number> = {}) =>
  send(firebaseHost, 'GET', path, headers);

/** `POST` with `X-Goog-Upload-Command: start`; the upload URL's path and query. */
async function startResumable(
  path: string,
  headers: Record<string, string> = authHeader,
  body?: object,
): Promise<string> {
  const res = await post(
    path,
    { ...headers, 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
    body,
  );
  expect(res.status).toBe(200);
  const url = new URL(String(res.headers['x-goog-upload-url']));
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
  firebaseHost = env.host;
  testBucket = env.bucket();
});

afterAll(async () => {
  await env.stop();
});

beforeEach(async () => {
  await env.reset();
});

describe('Firebase Storage endpoint conformance tests', () => {
  describe('metadata', () => {
    it('should set default metadata', async () => {
      const fileName = 'dir/someFile';
      const encodedFileName = 'dir%2FsomeFile';
      expect(
        (
          await post(
            `/v0/b/${storageBucket}/o?name=${fileName}`,
            authHeader,
            Buffer.from('hello world'),
          )
        ).status,
      ).toBe(200);

      const res = await get(`/v0/b/${storageBucket}/o/${encodedFileName}`, authHeader);
      expect(res.status).toBe(200);
      const metadata = res.json;
      expect(Object.keys(metadata)).toEqual(
        expect.arrayContaining([
          'name',
          'bucket',
          'generation',
          'metageneration',
          'timeCreated',
          'updated',
          'storageClass',
          'size',
          'md5Hash',
          'contentEncoding',
          'contentDisposition',
          'crc32c',
          'etag',
          'downloadTokens',
        ]),
      );
      expect(metadata.name).toEqual(fileName);
      expect(metadata.bucket).toEqual(storageBucket);
      expect(metadata.generation).toBeTypeOf('string');
      expect(metadata.metageneration).toEqual('1');
      expect(metadata.timeCreated).toBeTypeOf('string');
      expect(metadata.updated).toBeTypeOf('string');
      expect(metadata.storageClass).toBeTypeOf('string');
      expect(metadata.size).toEqual('11');
      expect(metadata.md5Hash).toBeTypeOf('string');
      expect(metadata.contentEncoding).toEqual('identity');
      expect(metadata.contentDisposition).toBeTypeOf('string');
      expect(metadata.crc32c).toBeTypeOf('string');
      expect(metadata.etag).toBeTypeOf('string');
      expect(metadata.downloadTokens).toBeTypeOf('string');
    });
  });

  describe('media upload', () => {
    it('should default to media upload if upload type is not provided', async () => {
      expect(
        (
          await post(
            `/v0/b/${storageBucket}/o?name=${ENCODED_TEST_FILE_NAME}`,
            authHeader,
            Buffer.from('hello world'),
          )
        ).status,
      ).toBe(200);
      const res = await get(
        `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?alt=media`,
        authHeader,
      );
      expect(res.status).toBe(200);
      expect(res.text).toEqual('hello world');
    });
  });

  describe('multipart upload', () => {
    it('should return an error message when uploading a file with invalid content type', async () => {
      const res = await post(`/v0/b/${storageBucket}/o/?name=${ENCODED_TEST_FILE_NAME}`, {
        ...authHeader,
        'x-goog-upload-protocol': 'multipart',
        'content-type': 'foo',
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain('Bad content type.');
    });
  });

  describe('resumable upload', () => {
    describe('upload', () => {
      it('should accept subsequent resumable upload commands without an auth header', async () => {
        const uploadURL = await startResumable(`/v0/b/${storageBucket}/o?name=${TEST_FILE_NAME}`);
        // No Authorization required in upload
        expect(
          (
            await put(uploadURL, {
              'X-Goog-Upload-Protocol': 'resumable',
              'X-Goog-Upload-Command': 'upload',
              'X-Goog-Upload-Offset': 0,
            })
          ).status,
        ).toBe(200);
        // No Authorization required in finalize
        const res = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'finalize',
        });
        expect(res.status).toBe(200);
        expect(res.headers[uploadStatusHeader]).toBe('final');
        expect(
          (await get(`/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`, authHeader)).status,
        ).toBe(200);
      });

      it('should handle resumable uploads with an empty buffer', async () => {
        const uploadUrl = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
          authHeader,
          {},
        );
        const res = await post(
          uploadUrl,
          {
            ...authHeader,
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'finalize',
          },
          {},
        );
        expect(res.status).toBe(200);
        expect(res.headers[uploadStatusHeader]).toBe('final');
      });

      it('should return 403 when resumable upload is unauthenticated', async () => {
        // Authorization missing
        const uploadURL = await startResumable(`/v0/b/${storageBucket}/o/disallowSize0`, {});
        const res = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'upload, finalize',
          'X-Goog-Upload-Offset': 0,
        });
        expect(res.status).toBe(403);
        expect(res.headers[uploadStatusHeader]).toBe('final');
      });

      it('should return 403 when resumable upload is unauthenticated and finalize is called again', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/disallowSize0?uploadType=resumable`,
          {},
        );
        const first = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'upload, finalize',
          'X-Goog-Upload-Offset': 0,
        });
        expect(first.status).toBe(403);
        const res = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'finalize',
        });
        expect(res.status).toBe(403);
        expect(res.headers[uploadStatusHeader]).toBe('final');
      });

      it('should return 200 when resumable upload succeeds and finalize is called again', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?uploadType=resumable`,
        );
        const first = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'upload, finalize',
          'X-Goog-Upload-Offset': 0,
        });
        expect(first.status).toBe(200);
        const again = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'finalize',
        });
        expect(again.status).toBe(200);
      });

      it('should return 400 both times when finalize is called on cancelled upload', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}?uploadType=resumable`,
        );
        const cancel = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'cancel',
          'X-Goog-Upload-Offset': 0,
        });
        expect(cancel.status).toBe(200);
        for (let i = 0; i < 2; i++) {
          const res = await put(uploadURL, {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'finalize',
          });
          expect(res.status).toBe(400);
        }
      });

      it('should handle resumable uploads with without upload protocol set', async () => {
        const uploadURL = await startResumable(`/v0/b/${storageBucket}/o?name=${TEST_FILE_NAME}`);
        expect(
          (await put(uploadURL, { 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': 0 }))
            .status,
        ).toBe(200);
        const res = await put(uploadURL, { 'X-Goog-Upload-Command': 'finalize' });
        expect(res.status).toBe(200);
        expect(res.headers[uploadStatusHeader]).toBe('final');
        expect(
          (await get(`/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`, authHeader)).status,
        ).toBe(200);
      });
    });

    describe('cancel', () => {
      it('should cancel upload successfully', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
        );
        const res = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'cancel',
        });
        expect(res.status).toBe(200);
        expect(
          (await get(`/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`, authHeader)).status,
        ).toBe(404);
      });

      it('should return 200 when cancelling already cancelled upload', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
        );
        for (let i = 0; i < 2; i++) {
          const res = await put(uploadURL, {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'cancel',
          });
          expect(res.status).toBe(200);
        }
      });

      it('should return 400 when cancelling finalized resumable upload', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
        );
        const done = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'upload, finalize',
          'X-Goog-Upload-Offset': 0,
        });
        expect(done.status).toBe(200);
        const res = await put(uploadURL, {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'cancel',
        });
        expect(res.status).toBe(400);
      });

      it('should return 404 when cancelling non-existent upload', async () => {
        const uploadURL = await startResumable(
          `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`,
        );
        const res = await put(uploadURL.replace(/(upload_id=).*?(&)/, '$1foo$2'), {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'cancel',
        });
        expect(res.status).toBe(404);
      });
    });
  });

  describe('gzip', () => {
    it('should serve gunzipped file by default', async () => {
      const contents = Buffer.from('hello world');
      const fileName = 'gzippedFile';
      await testBucket.file(fileName).save(contents, { gzip: true, contentType: 'text/plain' });

      const [res, body] = await rawGet(
        `${firebaseHost}/v0/b/${storageBucket}/o/${fileName}?alt=media`,
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
        `${firebaseHost}/v0/b/${storageBucket}/o/${fileName}?alt=media`,
        { ...authHeader, 'Accept-Encoding': 'gzip' },
      );
      expect(res.headers['content-encoding']).toEqual('gzip');
      expect(res.headers['content-type']).toEqual('text/plain');
      expect(body).not.toEqual(contents);
      expect(gunzipSync(body)).toEqual(contents);
    });
  });

  describe('upload status', () => {
    const query = (uploadURL: string) =>
      put(uploadURL, { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'query' });

    it('should update the status to active after an upload is started', async () => {
      const uploadURL = await startResumable(`/v0/b/${storageBucket}/o?name=${TEST_FILE_NAME}`);
      const res = await query(uploadURL);
      expect(res.status).toBe(200);
      expect(res.headers[uploadStatusHeader]).toBe('active');
    });

    it('should update the status to cancelled after an upload is cancelled', async () => {
      const uploadURL = await startResumable(`/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`);
      expect(
        (
          await put(uploadURL, {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'cancel',
          })
        ).status,
      ).toBe(200);
      const res = await query(uploadURL);
      expect(res.status).toBe(200);
      expect(res.headers[uploadStatusHeader]).toBe('cancelled');
    });

    it('should update the status to final after an upload is finalized', async () => {
      const uploadURL = await startResumable(`/v0/b/${storageBucket}/o?name=${TEST_FILE_NAME}`);
      expect(
        (
          await put(uploadURL, {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'upload',
            'X-Goog-Upload-Offset': 0,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await put(uploadURL, {
            'X-Goog-Upload-Protocol': 'resumable',
            'X-Goog-Upload-Command': 'finalize',
          })
        ).status,
      ).toBe(200);
      const res = await query(uploadURL);
      expect(res.status).toBe(200);
      expect(res.headers[uploadStatusHeader]).toBe('final');
    });
  });

  describe('tokens', () => {
    const objectPath = `/v0/b/${storageBucket}/o/${ENCODED_TEST_FILE_NAME}`;

    beforeEach(async () => {
      await testBucket.file(TEST_FILE_NAME).save(smallFile);
    });

    it('should generate new token on create_token', async () => {
      const res = await post(`${objectPath}?create_token=true`, authHeader);
      expect(res.status).toBe(200);
      expect(res.json.downloadTokens.split(',').length).toEqual(1);
    });

    it('should return a 400 if create_token value is invalid', async () => {
      expect((await post(`${objectPath}?create_token=someNonTrueParam`, authHeader)).status).toBe(
        400,
      );
    });

    it('should return a 403 for create_token if auth header is invalid', async () => {
      expect(
        (await post(`${objectPath}?create_token=true`, { Authorization: 'Bearer somethingElse' }))
          .status,
      ).toBe(403);
    });

    it('should delete a download token', async () => {
      expect((await post(`${objectPath}?create_token=true`, authHeader)).status).toBe(200);
      const second = await post(`${objectPath}?create_token=true`, authHeader);
      expect(second.status).toBe(200);
      const tokens: string[] = second.json.downloadTokens.split(',');
      // delete the newly added token
      const res = await post(`${objectPath}?delete_token=${tokens[0]}`, authHeader);
      expect(res.status).toBe(200);
      expect(res.json.downloadTokens.split(',')).toEqual([tokens[1]]);
    });

    it('should regenerate a new token if the last remaining one is deleted', async () => {
      expect((await post(`${objectPath}?create_token=true`, authHeader)).status).toBe(200);
      const token: string = (await get(objectPath, authHeader)).json.downloadTokens;
      const res = await post(`${objectPath}?delete_token=${token}`, authHeader);
      expect(res.status).toBe(200);
      expect(res.json.downloadTokens.split(',').length).toEqual(1);
      expect(res.json.downloadTokens.split(',')).not.toEqual([token]);
      // Sharper than upstream: the new token is a real one, not an empty string.
      expect(res.json.downloadTokens).not.toBe('');
    });

    it('should return a 403 for delete_token if auth header is invalid', async () => {
      expect(
        (
          await post(`${objectPath}?delete_token=someToken`, {
            Authorization: 'Bearer somethingElse',
          })
        ).status,
      ).toBe(403);
    });
  });
});
