import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getMetadata,
  ref,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import type { StorageEmulator } from './index';
import { BUCKET, errorCode, startTestEmulator, webClient, type WebClient } from './testing/support';

const RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if request.auth != null; } } }`;
const LIMIT = 1024 * 1024;

let emulator: StorageEmulator;
let client: WebClient;
const OWNER = { Authorization: 'Firebase owner' };

beforeAll(async () => {
  ({ emulator } = await startTestEmulator(RULES, {
    maxUploadBytes: LIMIT,
    resizeConfigPath: '/nonexistent.env',
  }));
  client = webClient(emulator, { user_id: 'u1' });
});

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

const objectUrl = (name: string): string =>
  `${emulator.url}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;
const uploadUrl = (name: string): string =>
  `${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`;
const tempFiles = (): string[] => readdirSync(join(emulator.workDir, 'tmp'));
const blobCount = (): number => readdirSync(join(emulator.workDir, 'blobs')).length;

async function exists(name: string): Promise<boolean> {
  return (await fetch(objectUrl(name), { headers: OWNER })).status === 200;
}

async function startResumable(name: string, size: number): Promise<string> {
  const response = await fetch(uploadUrl(name), {
    method: 'POST',
    headers: {
      ...OWNER,
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(size),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ contentType: 'application/octet-stream' }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('x-goog-upload-url')!;
}

describe('bad input', () => {
  it('rejects an unknown upload session with 404 on both APIs', async () => {
    const web = await fetch(
      `${emulator.url}/v0/b/${BUCKET}/o?name=x&upload_id=nope&upload_protocol=resumable`,
      {
        method: 'POST',
        headers: {
          ...OWNER,
          'X-Goog-Upload-Command': 'upload, finalize',
          'X-Goog-Upload-Offset': '0',
        },
        body: 'abc',
      },
    );
    expect(web.status).toBe(404);
    const gcs = await fetch(
      `${emulator.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&upload_id=nope`,
      { method: 'PUT', body: 'abc' },
    );
    expect(gcs.status).toBe(404);
    expect(((await gcs.json()) as { error: { code: number } }).error.code).toBe(404);
  });

  it('rejects a multipart body without its closing boundary, keeping nothing', async () => {
    const blobs = blobCount();
    const body =
      '--b1\r\nContent-Type: application/json\r\n\r\n{"name":"t.txt"}\r\n--b1\r\nContent-Type: text/plain\r\n\r\nhalf of the dat';
    const response = await fetch(uploadUrl('trunc/multipart.txt'), {
      method: 'POST',
      headers: {
        ...OWNER,
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=b1',
      },
      body,
    });
    expect(response.status).toBe(400);
    expect(await exists('trunc/multipart.txt')).toBe(false);
    expect(tempFiles()).toEqual([]);
    expect(blobCount()).toBe(blobs);
  });

  it('rejects a resumable upload finalized short of its declared size, keeping nothing', async () => {
    const url = await startResumable('trunc/resumable.bin', 1000);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        ...OWNER,
        'X-Goog-Upload-Command': 'upload, finalize',
        'X-Goog-Upload-Offset': '0',
      },
      body: 'x'.repeat(500),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Truncated upload');
    expect(await exists('trunc/resumable.bin')).toBe(false);
    expect(tempFiles()).toEqual([]);
    // The session has ended: a later query gets the same error, final (as firebase-tools answers).
    const again = await fetch(url, {
      method: 'POST',
      headers: { ...OWNER, 'X-Goog-Upload-Command': 'query' },
    });
    expect(again.status).toBe(400);
    expect(again.headers.get('x-goog-upload-status')).toBe('final');
    expect(tempFiles()).toEqual([]);
  });

  it('rejects a chunk at the wrong offset and reports what it has', async () => {
    const url = await startResumable('offset.bin', 10);
    const first = await fetch(url, {
      method: 'POST',
      headers: { ...OWNER, 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': '0' },
      body: '12345',
    });
    expect(first.headers.get('x-goog-upload-status')).toBe('active');
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { ...OWNER, 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': '2' },
      body: '345',
    });
    expect(wrong.status).toBe(400);
    const query = await fetch(url, {
      method: 'POST',
      headers: { ...OWNER, 'X-Goog-Upload-Command': 'query' },
    });
    expect(query.headers.get('x-goog-upload-size-received')).toBe('5');
    const last = await fetch(url, {
      method: 'POST',
      headers: {
        ...OWNER,
        'X-Goog-Upload-Command': 'upload, finalize',
        'X-Goog-Upload-Offset': '5',
      },
      body: '67890',
    });
    expect(last.headers.get('x-goog-upload-status')).toBe('final');
    expect(((await last.json()) as { size: string }).size).toBe('10');
  });

  it('refuses oversized uploads (413) on every path', async () => {
    const tooBig = new Uint8Array(LIMIT + 1);
    expect(await errorCode(uploadBytes(ref(client.storage, 'big/multipart.bin'), tooBig))).toBe(
      'storage/unknown',
    );
    expect(
      await errorCode(uploadBytesResumable(ref(client.storage, 'big/resumable.bin'), tooBig)),
    ).toBe('storage/unknown');
    const raw = await fetch(uploadUrl('big/raw.bin'), {
      method: 'POST',
      headers: OWNER,
      body: tooBig,
    });
    expect(raw.status).toBe(413);
    expect(await exists('big/multipart.bin')).toBe(false);
    expect(await exists('big/resumable.bin')).toBe(false);
    expect(tempFiles()).toEqual([]);
    expect(
      (await uploadBytes(ref(client.storage, 'big/fits.bin'), new Uint8Array(LIMIT))).metadata.size,
    ).toBe(LIMIT);
  });

  it('rejects a multipart upload whose Content-Type is not multipart', async () => {
    const response = await fetch(uploadUrl('ct.txt'), {
      method: 'POST',
      headers: {
        ...OWNER,
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(400);
    const badJson = await fetch(uploadUrl('ct.txt'), {
      method: 'POST',
      headers: {
        ...OWNER,
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'Content-Type': 'application/json',
      },
      body: '{not json',
    });
    expect(badJson.status).toBe(400);
    expect(await exists('ct.txt')).toBe(false);
  });

  it.each([
    ['dot-dot segment', '../etc/passwd'],
    ['encoded dot-dot with encoded slashes', 'a%2F..%2F..%2Fb'],
    ['single dot', 'a/./b'],
    ['control character', 'a\nb'],
  ])('rejects object names with a %s', async (_label, name) => {
    const encoded = name.includes('%') ? name : encodeURIComponent(name);
    const get = await fetch(`${emulator.url}/v0/b/${BUCKET}/o/${encoded}`, { headers: OWNER });
    expect(get.status).toBe(400);
    const decoded = name.includes('%') ? decodeURIComponent(name) : name;
    const put = await fetch(uploadUrl(decoded), { method: 'POST', headers: OWNER, body: 'x' });
    expect(put.status).toBe(400);
    const gcs = await fetch(
      `${emulator.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${encodeURIComponent(decoded)}`,
      { method: 'POST', body: 'x' },
    );
    expect(gcs.status).toBe(400);
  });

  it('rejects malformed percent-encoding and bucket names', async () => {
    expect(
      (await fetch(`${emulator.url}/v0/b/${BUCKET}/o/%E0%A4%A`, { headers: OWNER })).status,
    ).toBe(400);
    expect((await fetch(`${emulator.url}/v0/b/..%2Fx/o/a`, { headers: OWNER })).status).toBe(400);
  });

  it('needs a token or permission to download', async () => {
    await uploadString(ref(client.storage, 'private/a.txt'), 'secret');
    expect((await fetch(`${objectUrl('private/a.txt')}?alt=media`)).status).toBe(403);
    expect((await fetch(`${objectUrl('private/a.txt')}?alt=media&token=`)).status).toBe(403);
    expect((await fetch(`${objectUrl('private/a.txt')}?alt=media&token=wrong`)).status).toBe(403);
    const signedOut = webClient(emulator);
    try {
      expect(await errorCode(getMetadata(ref(signedOut.storage, 'private/a.txt')))).toBe(
        'storage/unauthorized',
      );
    } finally {
      await signedOut.close();
    }
  });

  it('survives a client that disconnects mid-upload, leaving nothing', async () => {
    await new Promise<void>((resolve) => {
      const req = request(uploadUrl('aborted.bin'), {
        method: 'POST',
        headers: {
          ...OWNER,
          'Content-Type': 'application/octet-stream',
          'Content-Length': '100000',
        },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(5000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    for (let i = 0; i < 50 && tempFiles().length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tempFiles()).toEqual([]);
    expect(await exists('aborted.bin')).toBe(false);
    expect((await fetch(`${emulator.url}/health`)).status).toBe(200);
  });

  it('answers unknown routes and methods with 404/405, not a crash', async () => {
    expect((await fetch(`${emulator.url}/nope`)).status).toBe(404);
    expect(
      (await fetch(`${emulator.url}/v0/b/${BUCKET}/o`, { method: 'PUT', headers: OWNER })).status,
    ).toBe(405);
    expect((await fetch(`${emulator.url}/health`)).status).toBe(200);
  });
});
