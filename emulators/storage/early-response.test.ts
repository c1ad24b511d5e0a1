/**
 * Answers sent before the upload body was read (400 for a name with `..`, 413 over the size
 * limit) reach the client as statuses, not as connection resets, and the web SDK's upload fails
 * at once instead of retrying.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ref, uploadBytes } from 'firebase/storage';
import { slowUpload } from '../testing/slow-upload';
import type { StorageEmulator } from './index';
import { BUCKET, errorCode, startTestEmulator, webClient, type WebClient } from './testing/support';

const RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if true; } } }`;
const LIMIT = 1024 * 1024;
const OWNER = { Authorization: 'Firebase owner' };
/**
 * Pause between two 64 KiB writes of a slow upload, ms: the server and this client share one
 * event loop, and the 2 cores with the run's other workers, so the body after the point where the
 * server answers must take long enough to send for the answer to arrive before its end (with
 * 2 ms, a 4 MiB body was once sent whole before the 413 of its first MiB arrived in a full run).
 */
const PACE_MS = 5;

let emulator: StorageEmulator;
let client: WebClient;

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

const uploadUrl = (name: string): string =>
  `${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`;

describe('early answers to uploads', () => {
  it('a raw upload to a name with ".." gets 400 while the body is still being sent', async () => {
    const result = await slowUpload(uploadUrl('a/../escape.bin'), {
      headers: { ...OWNER, 'Content-Type': 'application/octet-stream' },
      totalBytes: 8 * 1024 * 1024,
      delayMs: PACE_MS,
    });
    // The rest of the body was read and discarded: the client finished without a reset.
    expect(result).toEqual({
      status: 400,
      body: expect.stringContaining('\\"..\\" segments'),
      writtenAtResponse: expect.any(Number),
      written: 8 * 1024 * 1024,
    });
    expect(result.writtenAtResponse).toBeLessThan(8 * 1024 * 1024);
  });

  it('a multipart upload over the size limit gets 413 while the body is still being sent', async () => {
    const result = await slowUpload(uploadUrl('big/over-limit.bin'), {
      headers: {
        ...OWNER,
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=b1',
      },
      prefix:
        '--b1\r\nContent-Type: application/json\r\n\r\n{"name":"big/over-limit.bin"}\r\n' +
        '--b1\r\nContent-Type: application/octet-stream\r\n\r\n',
      totalBytes: 8 * LIMIT,
      chunked: true,
      delayMs: PACE_MS,
    });
    expect(result).toEqual({
      status: 413,
      body: expect.stringContaining('"code":413'),
      writtenAtResponse: expect.any(Number),
      written: 8 * LIMIT,
    });
    expect(result.writtenAtResponse).toBeLessThan(8 * LIMIT);
  });

  it('the web SDK upload of a name with ".." is rejected at once, without retries', async () => {
    // The SDK's Node build sends through the global fetch: its requests are counted. A reset
    // connection instead of the early 400 would make it retry with backoff (seconds each).
    const sent: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return realFetch(input, init);
    };
    try {
      const code = await errorCode(
        uploadBytes(ref(client.storage, 'photos/../escape.png'), new Uint8Array(16 * LIMIT)),
      );
      expect(code).toBe('storage/unknown');
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent).toEqual([expect.stringMatching(/^POST .*escape\.png/)]);
  });

  it('keeps serving after the early answers', async () => {
    const response = await fetch(uploadUrl('ok/after.txt'), {
      method: 'POST',
      headers: { ...OWNER, 'Content-Type': 'text/plain' },
      body: 'fine',
    });
    expect(response.status).toBe(200);
  });
});
