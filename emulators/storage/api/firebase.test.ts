import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStream,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import type { StorageEmulator } from '../index';
import {
  BUCKET,
  errorCode,
  startTestEmulator,
  webClient,
  type WebClient,
} from '../testing/support';

const OPEN_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} { allow read, write: if request.auth != null; }
  }
}`;

let emulator: StorageEmulator;
let client: WebClient;

beforeAll(async () => {
  ({ emulator } = await startTestEmulator(OPEN_RULES, { resizeConfigPath: '/nonexistent.env' }));
  client = webClient(emulator, { user_id: 'u1' });
});

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

beforeEach(async () => {
  await emulator.clear();
});

function bytes(size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + 7) & 0xff;
  return out;
}

describe('web SDK against the /v0 API', () => {
  it('uploads with the multipart protocol and returns the stored metadata', async () => {
    const data = new TextEncoder().encode('hello storage');
    const result = await uploadBytes(ref(client.storage, 'docs/hello world.txt'), data, {
      contentType: 'text/plain',
      customMetadata: { owner: 'u1' },
      cacheControl: 'max-age=60',
    });
    expect(result.metadata.fullPath).toBe('docs/hello world.txt');
    expect(result.metadata.name).toBe('hello world.txt');
    expect(result.metadata.bucket).toBe(BUCKET);
    expect(result.metadata.size).toBe(13);
    expect(result.metadata.contentType).toBe('text/plain');
    expect(result.metadata.cacheControl).toBe('max-age=60');
    expect(result.metadata.customMetadata).toEqual({ owner: 'u1' });
    expect(result.metadata.md5Hash).toBe(createHash('md5').update(data).digest('base64'));
  });

  it('uploads with the resumable protocol in several chunks, reporting progress', async () => {
    const data = bytes(3 * 1024 * 1024 + 123); // > 256 KiB: resumable, chunks of 256 KiB, 512 KiB, …
    const task = uploadBytesResumable(ref(client.storage, 'big/file.bin'), data, {
      contentType: 'application/x-test',
    });
    const progress: number[] = [];
    task.on('state_changed', (snapshot) => progress.push(snapshot.bytesTransferred));
    const snapshot = await task;
    expect(snapshot.metadata.size).toBe(data.length);
    expect(snapshot.metadata.contentType).toBe('application/x-test');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(data.length);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const downloaded = new Uint8Array(await getBytes(ref(client.storage, 'big/file.bin')));
    expect(Buffer.from(downloaded).equals(Buffer.from(data))).toBe(true);
  });

  it('serves getDownloadURL links without credentials, with the stored content type', async () => {
    await uploadString(ref(client.storage, 'public/a.txt'), 'via url', 'raw', {
      contentType: 'text/plain',
    });
    const url = await getDownloadURL(ref(client.storage, 'public/a.txt'));
    expect(url).toMatch(
      new RegExp(
        `^${emulator.url}/v0/b/${BUCKET}/o/public%2Fa\\.txt\\?alt=media&token=[0-9a-f-]{36}$`,
      ),
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('via url');
    const wrongToken = await fetch(url.replace(/token=.*/, 'token=nope'));
    expect(wrongToken.status).toBe(403); // falls back to rules, which need auth
  });

  it('downloads ranges through getBytes(maxDownloadSizeBytes) and streams', async () => {
    await uploadBytes(ref(client.storage, 'r.bin'), bytes(1000));
    const firstTen = new Uint8Array(await getBytes(ref(client.storage, 'r.bin'), 10));
    expect([...firstTen]).toEqual([...bytes(10)]);
    const chunks: Buffer[] = [];
    for await (const chunk of getStream(
      ref(client.storage, 'r.bin'),
    ) as unknown as AsyncIterable<Uint8Array>)
      chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes(1000)))).toBe(true);
  });

  it('reads and updates metadata; null clears a field and custom keys merge', async () => {
    const target = ref(client.storage, 'm/meta.txt');
    await uploadString(target, 'x', 'raw', {
      contentType: 'text/plain',
      contentLanguage: 'en',
      customMetadata: { a: '1' },
    });
    const updated = await updateMetadata(target, {
      contentLanguage: null as unknown as undefined,
      customMetadata: { b: '2' },
    });
    expect(updated.contentLanguage).toBeUndefined();
    expect(updated.customMetadata).toEqual({ a: '1', b: '2' });
    expect(Number(updated.metageneration)).toBe(2);
    const read = await getMetadata(target);
    expect(read.customMetadata).toEqual({ a: '1', b: '2' });
    expect(read.contentType).toBe('text/plain');
  });

  it('deletes objects; later reads are object-not-found', async () => {
    const target = ref(client.storage, 'd/gone.txt');
    await uploadString(target, 'bye');
    await deleteObject(target);
    expect(await errorCode(getMetadata(target))).toBe('storage/object-not-found');
    expect(await errorCode(deleteObject(target))).toBe('storage/object-not-found');
    expect(await errorCode(getBytes(target))).toBe('storage/object-not-found');
  });

  it('lists folders and items, with pagination', async () => {
    for (const name of [
      'l/a.txt',
      'l/b.txt',
      'l/c.txt',
      'l/sub/d.txt',
      'l/sub/deeper/e.txt',
      'other/f.txt',
    ]) {
      await uploadString(ref(client.storage, name), name);
    }
    const all = await listAll(ref(client.storage, 'l'));
    expect(all.items.map((item) => item.fullPath)).toEqual(['l/a.txt', 'l/b.txt', 'l/c.txt']);
    expect(all.prefixes.map((prefix) => prefix.fullPath)).toEqual(['l/sub']);
    const root = await listAll(ref(client.storage));
    expect(root.prefixes.map((prefix) => prefix.fullPath)).toEqual(['l', 'other']);
    expect(root.items).toEqual([]);

    const first = await list(ref(client.storage, 'l'), { maxResults: 2 });
    expect(first.items.map((item) => item.name)).toEqual(['a.txt', 'b.txt']);
    expect(first.nextPageToken).toBeDefined();
    const second = await list(ref(client.storage, 'l'), {
      maxResults: 2,
      pageToken: first.nextPageToken!,
    });
    expect(second.items.map((item) => item.name)).toEqual(['c.txt']);
    expect(second.prefixes.map((prefix) => prefix.fullPath)).toEqual(['l/sub']);
    expect(second.nextPageToken).toBeUndefined();
  });

  it('works with any bucket name', async () => {
    const other = webClient(emulator, { user_id: 'u1' }, 'another-bucket');
    try {
      await uploadString(ref(other.storage, 'x.txt'), 'other bucket');
      expect((await getMetadata(ref(other.storage, 'x.txt'))).bucket).toBe('another-bucket');
      expect(await errorCode(getMetadata(ref(client.storage, 'x.txt')))).toBe(
        'storage/object-not-found',
      );
    } finally {
      await other.close();
    }
  });

  it('answers CORS preflights and exposes the upload headers to browsers', async () => {
    const preflight = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,x-goog-upload-protocol,x-goog-upload-command',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'authorization,x-goog-upload-protocol,x-goog-upload-command',
    );

    const start = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=cors.bin`, {
      method: 'POST',
      headers: {
        Origin: 'http://localhost:5173',
        Authorization: 'Firebase owner',
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '3',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(start.status).toBe(200);
    expect(start.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const exposed = start.headers.get('access-control-expose-headers') ?? '';
    for (const name of ['x-goog-upload-url', 'x-goog-upload-status', 'x-goog-upload-size-received'])
      expect(exposed).toContain(name);
  });
});
