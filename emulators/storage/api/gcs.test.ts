import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from 'firebase-admin/app';
import type { Bucket } from '@google-cloud/storage';
import { getMetadata, ref } from 'firebase/storage';
import type { StorageEmulator } from '../index';
import { BUCKET, errorCode, startTestEmulator, webClient } from '../testing/support';

// Everything denied: the admin SDK must not be affected by rules.
const CLOSED_RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if false; } } }`;

let emulator: StorageEmulator;
let app: App;
let bucket: Bucket;
let deleteAdminApp: (app: App) => Promise<void>;

beforeAll(async () => {
  ({ emulator } = await startTestEmulator(CLOSED_RULES, { resizeConfigPath: '/nonexistent.env' }));
  // firebase-admin reads the variable when its Storage service is created.
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  delete process.env.STORAGE_EMULATOR_HOST;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getStorage } = await import('firebase-admin/storage');
  deleteAdminApp = deleteApp;
  app = initializeApp({ projectId: 'demo-tuition', storageBucket: BUCKET }, 'storage-admin-test');
  bucket = getStorage(app).bucket();
});

afterAll(async () => {
  await deleteAdminApp(app);
  await emulator.stop();
});

describe('firebase-admin (GCS JSON API)', () => {
  it('uploads with a resumable session and reads it back, checksums verified by the client', async () => {
    const data = Buffer.alloc(3 * 1024 * 1024 + 17, 'ab');
    await bucket.file('admin/big.bin').save(data, {
      contentType: 'application/octet-stream',
      metadata: { metadata: { kind: 'test' } },
    });
    const [metadata] = await bucket.file('admin/big.bin').getMetadata();
    expect(Number(metadata.size)).toBe(data.length);
    expect(metadata.md5Hash).toBe(createHash('md5').update(data).digest('base64'));
    expect(metadata.metadata).toEqual({ kind: 'test' });
    const [downloaded] = await bucket.file('admin/big.bin').download();
    expect(downloaded.equals(data)).toBe(true);
  });

  it('uploads with multipart (resumable: false) and keeps the content type', async () => {
    await bucket
      .file('admin/small.txt')
      .save('small text', { contentType: 'text/plain', resumable: false });
    const [metadata] = await bucket.file('admin/small.txt').getMetadata();
    expect(metadata.contentType).toBe('text/plain');
    expect((await bucket.file('admin/small.txt').download())[0].toString()).toBe('small text');
  });

  it('uploads in explicit chunks (308 until complete)', async () => {
    const data = Buffer.alloc(600 * 1024, 3);
    await bucket.file('admin/chunked.bin').save(data, { chunkSize: 256 * 1024 });
    expect((await bucket.file('admin/chunked.bin').download())[0].equals(data)).toBe(true);
  });

  it('lists with prefix and delimiter', async () => {
    await bucket.file('list/a.txt').save('a', { resumable: false });
    await bucket.file('list/b.txt').save('b', { resumable: false });
    await bucket.file('list/sub/c.txt').save('c', { resumable: false });
    const [files] = await bucket.getFiles({ prefix: 'list/' });
    expect(files.map((file) => file.name)).toEqual(['list/a.txt', 'list/b.txt', 'list/sub/c.txt']);
    const [shallow, , response] = await bucket.getFiles({
      prefix: 'list/',
      delimiter: '/',
      autoPaginate: false,
    });
    expect(shallow.map((file) => file.name)).toEqual(['list/a.txt', 'list/b.txt']);
    expect((response as { prefixes?: string[] }).prefixes).toEqual(['list/sub/']);
  });

  it('updates metadata and deletes, bypassing rules that deny everyone else', async () => {
    await bucket.file('admin/del.txt').save('x', { resumable: false, contentType: 'text/plain' });
    const [updated] = await bucket
      .file('admin/del.txt')
      .setMetadata({ metadata: { reviewed: 'yes' } });
    expect(updated.metadata).toEqual({ reviewed: 'yes' });
    const user = webClient(emulator, { user_id: 'u1' });
    try {
      expect(await errorCode(getMetadata(ref(user.storage, 'admin/del.txt')))).toBe(
        'storage/unauthorized',
      );
    } finally {
      await user.close();
    }
    expect((await bucket.file('admin/del.txt').exists())[0]).toBe(true);
    await bucket.file('admin/del.txt').delete();
    expect((await bucket.file('admin/del.txt').exists())[0]).toBe(false);
    await expect(bucket.file('admin/del.txt').delete()).rejects.toMatchObject({ code: 404 });
  });

  it("answers GET /storage/v1/b/{bucket} with the bucket resource for a name starting with 'o'", async () => {
    const response = await fetch(`${emulator.url}/storage/v1/b/other-bucket`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { kind: string; name: string };
    expect(body).toMatchObject({ kind: 'storage#bucket', name: 'other-bucket' });
  });

  it('gives admin-written objects a download token on first /v0 read (owner)', async () => {
    await bucket.file('admin/token.txt').save('t', { resumable: false, contentType: 'text/plain' });
    const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o/admin%2Ftoken.txt`, {
      headers: { Authorization: 'Bearer owner' },
    });
    const body = (await response.json()) as { downloadTokens: string };
    expect(body.downloadTokens).toMatch(/^[0-9a-f-]{36}$/);
    const media = await fetch(
      `${emulator.url}/v0/b/${BUCKET}/o/admin%2Ftoken.txt?alt=media&token=${body.downloadTokens}`,
    );
    expect(await media.text()).toBe('t');
  });
});
