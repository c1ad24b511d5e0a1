/**
 * Port of firebase-tools' `scripts/storage-emulator-integration/conformance/gcs-js-sdk.test.ts`
 * (github.com/firebase/firebase-tools, commit a786bda73b48196fce1df22fe2b1cbc9e463b2d0),
 * Copyright (c) 2015 Firebase, MIT License (the licence of that repository).
 *
 * Case names and assertions as upstream, through firebase-admin's `@google-cloud/storage` bucket;
 * mocha/chai replaced by vitest, the emulator started in-process, files written to a temp dir.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Bucket, CopyOptions, FileMetadata, UploadOptions } from '@google-cloud/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startConformanceEnv, STORAGE_BUCKET, type ConformanceEnv } from './support';

const SMALL_FILE_SIZE = 200 * 1024; /* 200 kB */
const storageBucket = STORAGE_BUCKET;
const otherStorageBucket = 'other-bucket';
const authHeader = { Authorization: 'Bearer owner' };

const tmpDir = mkdtempSync(join(tmpdir(), 'storage-files'));
function createRandomFile(filename: string, sizeInBytes: number): string {
  const fullPath = join(tmpDir, filename);
  writeFileSync(fullPath, randomBytes(sizeInBytes));
  return fullPath;
}
const smallFilePath = createRandomFile('small_file', SMALL_FILE_SIZE);
const emptyFilePath = createRandomFile('empty_file', 0);
const smallFileName = 'small_file';

let env: ConformanceEnv;
let testBucket: Bucket;
let otherTestBucket: Bucket;
let storageHost: string;

/** `bucket.upload()` with its response typed as the object resource it is. */
async function uploadFile(path: string, options: UploadOptions = {}): Promise<FileMetadata> {
  const [, resource] = await testBucket.upload(path, options);
  return resource as FileMetadata;
}

/** Bytes of a GET through node:http (no Accept-Encoding, no decompression). */
function httpGetBytes(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** What the client's errors carry (`ApiError` of `@google-cloud/storage`). */
interface ClientError {
  message: string;
  code?: number;
  errors?: { reason?: string }[];
}

/** The rejection of `promise` (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise;
  } catch (error) {
    return error as ClientError;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  env = await startConformanceEnv();
  storageHost = env.host;
  testBucket = env.bucket();
  otherTestBucket = env.bucket(otherStorageBucket);
});

afterAll(async () => {
  await env.stop();
  rmSync(tmpDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await env.reset();
});

describe('GCS Javascript SDK conformance tests', () => {
  describe('.bucket()', () => {
    describe('#upload()', () => {
      it('should handle non-resumable uploads', async () => {
        const [file] = await testBucket.upload(smallFilePath, { resumable: false });
        // Sharper than upstream (which only needs no throw): the bytes arrived.
        expect((await file.download())[0]).toEqual(readFileSync(smallFilePath));
      });

      it('should replace existing file on upload', async () => {
        const path = 'replace.txt';
        const content1 = createRandomFile('small_content_1', 10);
        const content2 = createRandomFile('small_content_2', 10);
        const file = testBucket.file(path);
        await testBucket.upload(content1, { destination: path });
        const [readContent1] = await file.download();
        expect(readContent1).toEqual(readFileSync(content1));
        await testBucket.upload(content2, { destination: path });
        const [readContent2] = await file.download();
        expect(readContent2).toEqual(readFileSync(content2));
      });

      it('should upload with provided metadata', async () => {
        const metadata = {
          contentDisposition: 'attachment',
          cacheControl: 'private,max-age=30',
          contentLanguage: 'en',
          metadata: { foo: 'bar' },
        };
        const fileMetadata = await uploadFile(smallFilePath, {
          resumable: false,
          metadata,
        });
        expect(fileMetadata).toMatchObject(metadata);
        expect(fileMetadata.metadata).toEqual(metadata.metadata);
      });

      it('should upload with proper content type', async () => {
        const jpgFile = createRandomFile('small_file.jpg', SMALL_FILE_SIZE);
        const fileMetadata = await uploadFile(jpgFile);
        expect(fileMetadata.contentType).toEqual('image/jpeg');
      });

      it('should handle firebaseStorageDownloadTokens', async () => {
        const testFileName = 'public/file';
        await testBucket.upload(smallFilePath, { destination: testFileName, metadata: {} });
        const file = testBucket.file(testFileName);
        const incomingMetadata = {
          metadata: { firebaseStorageDownloadTokens: 'myFirstToken,mySecondToken' },
        };
        await file.setMetadata(incomingMetadata);
        const [storedMetadata] = await file.getMetadata();
        expect(storedMetadata.metadata?.firebaseStorageDownloadTokens).toEqual(
          incomingMetadata.metadata.firebaseStorageDownloadTokens,
        );
      });

      it("should be able to upload file named 'prefix/file.txt' when file named 'prefix' already exists", async () => {
        await testBucket.upload(smallFilePath, { destination: 'prefix' });
        await testBucket.upload(smallFilePath, { destination: 'prefix/file.txt' });
        expect((await testBucket.file('prefix/file.txt').exists())[0]).toBe(true);
      });

      it("should be able to upload file named 'prefix' when file named 'prefix/file.txt' already exists", async () => {
        await testBucket.upload(smallFilePath, { destination: 'prefix/file.txt' });
        await testBucket.upload(smallFilePath, { destination: 'prefix' });
        expect((await testBucket.file('prefix').exists())[0]).toBe(true);
      });
    });

    describe('#getFiles()', () => {
      const TESTING_FILE = 'testing/shoveler.svg';
      const PREFIX_FILE = 'prefix';
      const PREFIX_1_FILE = PREFIX_FILE + '/1.txt';
      const PREFIX_2_FILE = PREFIX_FILE + '/2.txt';
      const PREFIX_SUB_DIRECTORY_FILE = PREFIX_FILE + '/dir/file.txt';

      beforeEach(async () => {
        await Promise.all(
          [TESTING_FILE, PREFIX_FILE, PREFIX_1_FILE, PREFIX_2_FILE, PREFIX_SUB_DIRECTORY_FILE].map(
            (f) => testBucket.upload(smallFilePath, { destination: f }),
          ),
        );
      });

      /** `getFiles` without auto-pagination: names and the page's `prefixes`. */
      async function listPage(
        query: Record<string, string>,
      ): Promise<{ names: string[]; prefixes: unknown }> {
        const [files, , response] = await testBucket.getFiles({ autoPaginate: false, ...query });
        return {
          names: files.map((file) => file.name),
          prefixes: (response as { prefixes?: string[] }).prefixes,
        };
      }

      it('should list all files in bucket', async () => {
        // This is only test that uses autoPagination as the other tests look at the prefixes response
        const [files] = await testBucket.getFiles();
        expect(files.map((file) => file.name)).toEqual([
          PREFIX_FILE,
          PREFIX_1_FILE,
          PREFIX_2_FILE,
          PREFIX_SUB_DIRECTORY_FILE,
          TESTING_FILE,
        ]);
      });

      it('should list all files in bucket using maxResults and pageToken', async () => {
        const [files1, , { nextPageToken: nextPageToken1 }] = (await testBucket.getFiles({
          maxResults: 3,
        })) as unknown as [{ name: string }[], unknown, { nextPageToken?: string }];
        expect(nextPageToken1).toBeTypeOf('string');
        expect(nextPageToken1).not.toBe('');
        expect(files1.map((file) => file.name)).toEqual([
          PREFIX_FILE,
          PREFIX_1_FILE,
          PREFIX_2_FILE,
        ]);

        const [files2, , { nextPageToken: nextPageToken2 }] = (await testBucket.getFiles({
          maxResults: 3,
          pageToken: nextPageToken1!,
        })) as unknown as [{ name: string }[], unknown, { nextPageToken?: string }];
        expect(nextPageToken2).toBeUndefined();
        expect(files2.map((file) => file.name)).toEqual([PREFIX_SUB_DIRECTORY_FILE, TESTING_FILE]);
      });

      it('should list files with prefix', async () => {
        const { names, prefixes } = await listPage({ prefix: 'prefix' });
        expect(prefixes).toBeUndefined();
        expect(names).toEqual([
          PREFIX_FILE,
          PREFIX_1_FILE,
          PREFIX_2_FILE,
          PREFIX_SUB_DIRECTORY_FILE,
        ]);
      });

      it('should list files using common delimiter', async () => {
        const { names, prefixes } = await listPage({ delimiter: '/' });
        expect(prefixes).toEqual(['prefix/', 'testing/']);
        expect(names).toEqual([PREFIX_FILE]);
      });

      it('should list files using other delimiter', async () => {
        const { names, prefixes } = await listPage({ delimiter: 'dir' });
        expect(prefixes).toEqual(['prefix/dir']);
        expect(names).toEqual([PREFIX_FILE, PREFIX_1_FILE, PREFIX_2_FILE, TESTING_FILE]);
      });

      it('should list files using same prefix and delimiter of p', async () => {
        const { names, prefixes } = await listPage({ prefix: 'p', delimiter: 'p' });
        expect(prefixes).toBeUndefined();
        expect(names).toEqual([
          PREFIX_FILE,
          PREFIX_1_FILE,
          PREFIX_2_FILE,
          PREFIX_SUB_DIRECTORY_FILE,
        ]);
      });

      it('should list files using same prefix and delimiter of t', async () => {
        const { names, prefixes } = await listPage({ prefix: 't', delimiter: 't' });
        expect(prefixes).toEqual(['test']);
        expect(names).toEqual([]);
      });

      it('should list files using prefix=p and delimiter=t', async () => {
        const { names, prefixes } = await listPage({ prefix: 'p', delimiter: 't' });
        expect(prefixes).toEqual(['prefix/1.t', 'prefix/2.t', 'prefix/dir/file.t']);
        expect(names).toEqual([PREFIX_FILE]);
      });

      it('should list files in sub-directory (using prefix and delimiter)', async () => {
        const { names, prefixes } = await listPage({ prefix: 'prefix/', delimiter: '/' });
        expect(prefixes).toEqual(['prefix/dir/']);
        expect(names).toEqual([PREFIX_1_FILE, PREFIX_2_FILE]);
      });

      it('should list files in sub-directory (using prefix)', async () => {
        const { names, prefixes } = await listPage({ prefix: 'prefix/' });
        expect(prefixes).toBeUndefined();
        expect(names).toEqual([PREFIX_1_FILE, PREFIX_2_FILE, PREFIX_SUB_DIRECTORY_FILE]);
      });

      it('should list files in sub-directory (using directory)', async () => {
        const { names, prefixes } = await listPage({ prefix: 'testing/' });
        expect(prefixes).toBeUndefined();
        expect(names).toEqual([TESTING_FILE]);
      });

      it('should list no files for unused prefix', async () => {
        const { names, prefixes } = await listPage({ prefix: 'blah/' });
        expect(prefixes).toBeUndefined();
        expect(names).toEqual([]);
      });

      it('should list files using prefix=pref and delimiter=i', async () => {
        const { names, prefixes } = await listPage({ prefix: 'pref', delimiter: 'i' });
        expect(prefixes).toEqual(['prefi']);
        expect(names).toEqual([]);
      });

      it('should list files using prefix=prefi and delimiter=i', async () => {
        const { names, prefixes } = await listPage({ prefix: 'prefi', delimiter: 'i' });
        expect(prefixes).toEqual(['prefix/di']);
        expect(names).toEqual([PREFIX_FILE, PREFIX_1_FILE, PREFIX_2_FILE]);
      });
    });
  });

  describe('.file()', () => {
    describe('#save()', () => {
      it('should save', async () => {
        const contents = Buffer.from('hello world');
        const file = testBucket.file('gzippedFile');
        await file.save(contents, { contentType: 'text/plain' });
        expect(file.metadata.contentType).toEqual('text/plain');
        const [downloadedContents] = await file.download();
        expect(downloadedContents).toEqual(contents);
      });

      it('should handle gzipped uploads', async () => {
        const file = testBucket.file('gzippedFile');
        await file.save('hello world', { gzip: true });
        expect(file.metadata.contentEncoding).toEqual('gzip');
      });
    });

    describe('#exists()', () => {
      it('should return false for a file that does not exist', async () => {
        const [exists] = await testBucket.file('no-file').exists();
        expect(exists).toBe(false);
      });

      it('should return true for a file that exists', async () => {
        const bucketFilePath = 'file/to/exists';
        await testBucket.upload(smallFilePath, { destination: bucketFilePath });
        const [exists] = await testBucket.file(bucketFilePath).exists();
        expect(exists).toBe(true);
      });

      it('should return false when called on a directory containing files', async () => {
        const path = 'file/to';
        await testBucket.upload(smallFilePath, { destination: path + '/exists' });
        const [exists] = await testBucket.file(path).exists();
        expect(exists).toBe(false);
      });
    });

    describe('#delete()', () => {
      it('should delete a file from the bucket', async () => {
        const bucketFilePath = 'file/to/delete';
        await testBucket.upload(smallFilePath, { destination: bucketFilePath });
        const toDeleteFile = testBucket.file(bucketFilePath);
        expect((await toDeleteFile.exists())[0]).toBe(true);
        await toDeleteFile.delete();
        expect((await toDeleteFile.exists())[0]).toBe(false);
      });

      it('should throw 404 object error for file not found', async () => {
        const err = await rejection(testBucket.file('blah').delete());
        expect(err.message).toContain(`No such object: ${storageBucket}/blah`);
        expect(err.code).toBe(404);
        expect(err.errors?.[0]?.reason).toBe('notFound');
      });
    });

    describe('#download()', () => {
      it('should return the content of the file', async () => {
        await testBucket.upload(smallFilePath);
        const [downloadContent] = await testBucket.file(smallFileName).download();
        expect(downloadContent).toEqual(readFileSync(smallFilePath));
      });

      it('should return partial content of the file', async () => {
        await testBucket.upload(smallFilePath);
        // Request 10 bytes (range requests are inclusive)
        const [downloadContent] = await testBucket
          .file(smallFileName)
          .download({ start: 10, end: 19 });
        expect(downloadContent).toHaveLength(10);
        expect(downloadContent).toEqual(readFileSync(smallFilePath).subarray(10, 20));
      });

      it('should throw 404 error for file not found', async () => {
        const err = await rejection(testBucket.file('blah').download());
        expect(err.message).toContain(`No such object: ${storageBucket}/blah`);
        expect(err.code).toBe(404);
        expect(err.errors?.[0]).toBeUndefined();
      });

      it('should decompress gzipped file', async () => {
        const contents = Buffer.from('hello world');
        const file = testBucket.file('gzippedFile');
        await file.save(contents, { gzip: true });
        const [downloadedContents] = await file.download();
        expect(downloadedContents).toEqual(contents);
      });

      it('should serve gzipped file if decompress option specified', async () => {
        const contents = Buffer.from('hello world');
        const file = testBucket.file('gzippedFile');
        await file.save(contents, { gzip: true });
        const [downloadedContents] = await file.download({ decompress: false });
        expect(downloadedContents).not.toEqual(contents);
        expect(gunzipSync(downloadedContents)).toEqual(contents);
      });
    });

    describe('#copy()', () => {
      const COPY_DESTINATION_FILENAME = 'copied_file';

      it('should copy the file', async () => {
        await testBucket.upload(smallFilePath);
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const [, resp] = await testBucket.file(smallFileName).copy(file);
        expect(Object.keys(resp as object).sort()).toEqual(
          ['kind', 'totalBytesRewritten', 'objectSize', 'done', 'resource'].sort(),
        );
        expect(resp).toMatchObject({
          kind: 'storage#rewriteResponse',
          totalBytesRewritten: String(SMALL_FILE_SIZE),
          objectSize: String(SMALL_FILE_SIZE),
          done: true,
        });
        const [copiedContent] = await file.download();
        expect(copiedContent).toEqual(readFileSync(smallFilePath));
      });

      it('should copy the file to a different bucket', async () => {
        await testBucket.upload(smallFilePath);
        const file = otherTestBucket.file(COPY_DESTINATION_FILENAME);
        const [, { resource: metadata }] = (await testBucket.file(smallFileName).copy(file)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped rewrite response
        expect(metadata).toHaveProperty('bucket', otherStorageBucket);
        const [copiedContent] = await file.download();
        expect(copiedContent).toEqual(readFileSync(smallFilePath));
      });

      it('should return the metadata of the destination file', async () => {
        await testBucket.upload(smallFilePath);
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const [, { resource: actualMetadata }] = (await testBucket
          .file(smallFileName)
          .copy(file)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped rewrite response
        const [expectedMetadata] = await file.getMetadata();
        delete actualMetadata['owner'];
        expect(actualMetadata).toEqual(expectedMetadata);
      });

      it('should copy the file preserving the original metadata', async () => {
        const source = await uploadFile(smallFilePath, {
          metadata: {
            contentType: 'image/jpg',
            cacheControl: 'private,no-store',
            metadata: { hello: 'world' },
          },
        });
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        await testBucket.file(smallFileName).copy(file);
        const [metadata] = await file.getMetadata();
        expect(Object.keys(metadata).sort()).toEqual(Object.keys(source).sort());
        expect(metadata).toMatchObject({
          bucket: source.bucket,
          crc32c: source.crc32c,
          cacheControl: source.cacheControl,
          metadata: source.metadata,
        });
      });

      it('should copy the file and overwrite with the provided custom metadata', async () => {
        const source = await uploadFile(smallFilePath, {
          metadata: { cacheControl: 'private,no-store', metadata: { hello: 'world' } },
        });
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const metadata = { foo: 'bar' };
        const cacheControl = 'private,max-age=10,immutable';
        const copyOpts: CopyOptions & { [key: string]: unknown } = { metadata, cacheControl };
        const [, { resource: metadata1 }] = (await testBucket
          .file(smallFileName)
          .copy(file, copyOpts)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped rewrite response
        delete metadata1['owner'];
        expect(metadata1).toMatchObject({
          bucket: source.bucket,
          crc32c: source.crc32c,
          metadata,
          cacheControl,
        });
        expect(metadata1.metadata).toEqual(metadata);
        // Also double check with a new metadata fetch
        const [metadata2] = await file.getMetadata();
        expect(metadata2).toEqual(metadata1);
      });

      it('should set null custom metadata values to empty strings', async () => {
        const source = await uploadFile(smallFilePath);
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const metadata = { foo: 'bar', nullMetadata: null };
        const cacheControl = 'private,max-age=10,immutable';
        const copyOpts: CopyOptions & { [key: string]: unknown } = { metadata, cacheControl };
        const [, { resource: metadata1 }] = (await testBucket
          .file(smallFileName)
          .copy(file, copyOpts)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped rewrite response
        delete metadata1['owner'];
        expect(metadata1).toMatchObject({
          bucket: source.bucket,
          crc32c: source.crc32c,
          // Sets null metadata values to empty strings
          metadata: { foo: 'bar', nullMetadata: '' },
          cacheControl,
        });
        const [metadata2] = await file.getMetadata();
        expect(metadata2).toEqual(metadata1);
      });

      it('should preserve firebaseStorageDownloadTokens', async () => {
        const firebaseStorageDownloadTokens = 'token1,token2';
        await testBucket.upload(smallFilePath, {
          metadata: { metadata: { firebaseStorageDownloadTokens } },
        });
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const [, { resource: metadata }] = (await testBucket.file(smallFileName).copy(file)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped rewrite response
        expect(metadata.metadata).toEqual({ firebaseStorageDownloadTokens });
      });

      it('should remove firebaseStorageDownloadTokens when overwriting custom metadata', async () => {
        await testBucket.upload(smallFilePath, {
          metadata: { metadata: { firebaseStorageDownloadTokens: 'token1,token2' } },
        });
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const metadata = { foo: 'bar' };
        const copyOpts: CopyOptions & { [key: string]: unknown } = { metadata };
        const [, { resource: metadataOut }] = (await testBucket
          .file(smallFileName)
          .copy(file, copyOpts)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped rewrite response
        expect(metadataOut.metadata).toEqual(metadata);
      });

      it('should not support the use of a rewriteToken', async () => {
        await testBucket.upload(smallFilePath);
        const file = testBucket.file(COPY_DESTINATION_FILENAME);
        const err = await rejection(
          testBucket.file(smallFileName).copy(file, { token: 'foo-bar' }),
        );
        expect(err.code).toBe(501);
      });
    });

    describe('#makePublic()', () => {
      it('should no-op', async () => {
        const destination = 'a/b';
        await testBucket.upload(smallFilePath, { destination });
        const [aclMetadata] = (await testBucket.file(destination).makePublic()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped ACL response
        const generation = aclMetadata.generation;
        delete aclMetadata.generation;
        expect(aclMetadata.kind).toEqual('storage#objectAccessControl');
        expect(aclMetadata.object).toEqual(destination);
        expect(aclMetadata.id).toEqual(`${testBucket.name}/${destination}/${generation}/allUsers`);
        expect(aclMetadata.selfLink).toEqual(
          `${storageHost}/storage/v1/b/${testBucket.name}/o/${encodeURIComponent(destination)}/acl/allUsers`,
        );
        expect(aclMetadata.bucket).toEqual(testBucket.name);
        expect(aclMetadata.entity).toEqual('allUsers');
        expect(aclMetadata.role).toEqual('READER');
        expect(aclMetadata.etag).toBeTypeOf('string');
      });

      it('should not interfere with downloading of bytes via public URL', async () => {
        const destination = 'a/b';
        await testBucket.upload(smallFilePath, { destination });
        await testBucket.file(destination).makePublic();
        const data = await httpGetBytes(`${storageHost}/${testBucket.name}/${destination}`);
        expect(data.length).toEqual(SMALL_FILE_SIZE);
      });
    });

    describe('#getMetadata()', () => {
      it('should throw on non-existing file', async () => {
        const err = await rejection(testBucket.file(smallFilePath).getMetadata());
        expect(err).toBeTruthy();
      });

      it('should return generated metadata for new upload', async () => {
        const fileName = 'test_file';
        await testBucket.upload(emptyFilePath, { destination: fileName });
        const [metadata] = await testBucket.file(fileName).getMetadata();
        expect(Object.keys(metadata).sort()).toEqual(
          [
            'kind',
            'id',
            'selfLink',
            'mediaLink',
            'name',
            'bucket',
            'generation',
            'metageneration',
            'contentType',
            'storageClass',
            'size',
            'md5Hash',
            'crc32c',
            'etag',
            'timeCreated',
            'updated',
            'timeStorageClassUpdated',
          ].sort(),
        );
        expect(metadata.kind).toEqual('storage#object');
        expect(metadata.id).toContain(`${storageBucket}/${fileName}`);
        expect(metadata.selfLink).toContain(
          `${storageHost}/storage/v1/b/${storageBucket}/o/${fileName}`,
        );
        expect(metadata.mediaLink).toContain(
          `${storageHost}/download/storage/v1/b/${storageBucket}/o/${fileName}`,
        );
        expect(metadata.mediaLink).toContain('alt=media');
        expect(metadata.name).toEqual(fileName);
        expect(metadata.bucket).toEqual(storageBucket);
        expect(metadata.generation).toBeTypeOf('string');
        expect(metadata.metageneration).toEqual('1');
        expect(metadata.contentType).toEqual('application/octet-stream');
        expect(metadata.storageClass).toBeTypeOf('string');
        expect(metadata.size).toEqual('0');
        expect(metadata.md5Hash).toBeTypeOf('string');
        expect(metadata.crc32c).toBeTypeOf('string');
        expect(metadata.etag).toBeTypeOf('string');
        expect(metadata.timeCreated).toBeTypeOf('string');
        expect(metadata.updated).toBeTypeOf('string');
        expect(metadata.timeStorageClassUpdated).toBeTypeOf('string');
      });

      it('should return a functional media link', async () => {
        await testBucket.upload(smallFilePath);
        const [{ mediaLink }] = await testBucket.file(smallFileName).getMetadata();
        const data = await httpGetBytes(mediaLink!, authHeader);
        expect(data.length).toEqual(SMALL_FILE_SIZE);
      });

      it('should throw 404 object error for file not found', async () => {
        const err = await rejection(testBucket.file('blah').getMetadata());
        expect(err.message).toContain(`No such object: ${storageBucket}/blah`);
        expect(err.code).toBe(404);
        expect(err.errors?.[0]?.reason).toBe('notFound');
      });
    });

    describe('#setMetadata()', () => {
      /** Types of the truthy fields, as upstream compares them. */
      function typesOf(metadata: Record<string, unknown>): Record<string, string> {
        const types: Record<string, string> = {};
        for (const key in metadata) if (metadata[key]) types[key] = typeof metadata[key];
        return types;
      }

      it('should throw on non-existing file', async () => {
        const err = await rejection(
          testBucket.file(smallFilePath).setMetadata({ contentType: 9000 as unknown as string }),
        );
        expect(err).toBeTruthy();
      });

      it('should allow overriding of default metadata', async () => {
        await testBucket.upload(smallFilePath);
        const [metadata] = await testBucket
          .file(smallFileName)
          .setMetadata({ contentType: 'very/fake' });
        expect(metadata.contentType).toEqual('very/fake');
        expect(typesOf(metadata)).toEqual({
          bucket: 'string',
          contentType: 'string',
          generation: 'string',
          md5Hash: 'string',
          crc32c: 'string',
          etag: 'string',
          metageneration: 'string',
          storageClass: 'string',
          name: 'string',
          size: 'string',
          timeCreated: 'string',
          updated: 'string',
          id: 'string',
          kind: 'string',
          mediaLink: 'string',
          selfLink: 'string',
          timeStorageClassUpdated: 'string',
        });
      });

      it('should allow setting of optional metadata', async () => {
        await testBucket.upload(smallFilePath);
        const [metadata] = await testBucket
          .file(smallFileName)
          .setMetadata({ cacheControl: 'no-cache', contentLanguage: 'en' });
        expect(metadata.cacheControl).toEqual('no-cache');
        expect(metadata.contentLanguage).toEqual('en');
      });

      it('should allow fields under .metadata', async () => {
        await testBucket.upload(smallFilePath);
        const [metadata] = await testBucket
          .file(smallFileName)
          .setMetadata({ metadata: { is_over: '9000' } });
        expect(metadata.metadata?.is_over).toEqual('9000');
      });

      it('should convert non-string fields under .metadata to strings', async () => {
        await testBucket.upload(smallFilePath);
        const [metadata] = await testBucket
          .file(smallFileName)
          .setMetadata({ metadata: { booleanValue: true, numberValue: -1 } });
        expect(metadata.metadata).toEqual({ booleanValue: 'true', numberValue: '-1' });
      });

      it('should remove fields under .metadata when setting to null', async () => {
        await testBucket.upload(smallFilePath);
        const [metadata1] = await testBucket
          .file(smallFileName)
          .setMetadata({ metadata: { foo: 'bar', hello: 'world' } });
        expect(metadata1.metadata).toEqual({ foo: 'bar', hello: 'world' });
        const [metadata2] = await testBucket
          .file(smallFileName)
          .setMetadata({ metadata: { foo: null } });
        expect(metadata2.metadata).toEqual({ hello: 'world' });
      });

      it('should ignore any unknown fields', async () => {
        await testBucket.upload(smallFilePath);
        const [metadata] = await testBucket.file(smallFileName).setMetadata({ nada: 'true' });
        expect((metadata as Record<string, unknown>).nada).toBeUndefined();
      });
    });
  });
});
