import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageEmulator } from './index';
import { BUCKET, startTestEmulator } from './testing/support';

/** Debian's Chromium, as the e2e tests use it; the test is skipped where there is none. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const RULES = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if request.auth != null; } } }`;

describe.skipIf(!existsSync(CHROMIUM))(
  'Chromium (cross-origin XHR, as the web SDK in a browser)',
  () => {
    let emulator: StorageEmulator;
    let browser: Browser;
    let page: Server;
    let origin: string;

    beforeAll(async () => {
      ({ emulator } = await startTestEmulator(RULES, { resizeConfigPath: '/nonexistent.env' }));
      page = createServer((_req, res) => res.end('<!doctype html><title>app</title>')).listen(
        0,
        '127.0.0.1',
      );
      await new Promise((resolve) => page.once('listening', resolve));
      origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu'],
      });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      page?.close();
      await emulator?.stop();
    });

    it('runs a resumable upload and a token download from another origin', async () => {
      const tab = await browser.newPage();
      await tab.goto(origin);
      const result = await tab.evaluate(
        async ({ url, bucket }) => {
          const token = `e30.${btoa(JSON.stringify({ user_id: 'u1', sub: 'u1' })).replace(/=+$/, '')}.`;
          const send = (
            method: string,
            target: string,
            headers: Record<string, string>,
            body?: string,
          ) =>
            new Promise<XMLHttpRequest>((resolve, reject) => {
              const xhr = new XMLHttpRequest();
              xhr.open(method, target);
              for (const [name, value] of Object.entries(headers))
                xhr.setRequestHeader(name, value);
              xhr.onload = () => resolve(xhr);
              xhr.onerror = () => reject(new Error(`XHR ${method} ${target} failed (CORS?)`));
              xhr.send(body);
            });
          const auth = { Authorization: `Firebase ${token}` };
          const start = await send(
            'POST',
            `${url}/v0/b/${bucket}/o?name=web%2Fx.txt`,
            {
              ...auth,
              'X-Goog-Upload-Protocol': 'resumable',
              'X-Goog-Upload-Command': 'start',
              'X-Goog-Upload-Header-Content-Length': '3',
              'Content-Type': 'application/json; charset=utf-8',
            },
            JSON.stringify({ contentType: 'text/plain' }),
          );
          const uploadUrl = start.getResponseHeader('X-Goog-Upload-URL');
          const finish = await send(
            'POST',
            uploadUrl ?? '',
            { ...auth, 'X-Goog-Upload-Command': 'upload, finalize', 'X-Goog-Upload-Offset': '0' },
            'abc',
          );
          const metadata = JSON.parse(finish.responseText) as {
            size: string;
            downloadTokens: string;
          };
          const media = await fetch(
            `${url}/v0/b/${bucket}/o/web%2Fx.txt?alt=media&token=${metadata.downloadTokens}`,
          );
          const denied = await send('GET', `${url}/v0/b/${bucket}/o/web%2Fx.txt`, {});
          return {
            startStatus: start.status,
            uploadStatus: start.getResponseHeader('X-Goog-Upload-Status'),
            hasUploadUrl: uploadUrl !== null,
            finalStatus: finish.getResponseHeader('X-Goog-Upload-Status'),
            size: metadata.size,
            body: await media.text(),
            contentType: media.headers.get('content-type'),
            deniedStatus: denied.status,
          };
        },
        { url: emulator.url, bucket: BUCKET },
      );
      expect(result).toEqual({
        startStatus: 200,
        uploadStatus: 'active',
        hasUploadUrl: true,
        finalStatus: 'final',
        size: '3',
        body: 'abc',
        contentType: 'text/plain',
        deniedStatus: 403,
      });
    });
  },
);
