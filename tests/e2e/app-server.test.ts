/**
 * The server of the run's app build (tests/setup/app.ts): it answers as the browser tests need,
 * every path of the app with index.html and the build's files as they are, uncompressed, since
 * compressing them anew for each of the run's page loads took CPU from the tests.
 */
import { describe, expect, it } from 'vitest';
import { backend } from '../support/backend';
import { appReady } from '../support/browser';

/** A request as Chromium sends it: it accepts every compression it knows. */
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe("the run's app server", () => {
  it('answers an app path with index.html and sends its scripts uncompressed', async () => {
    await appReady();
    const page = await fetch(`${backend.appUrl}/students?q=a`, { headers: ACCEPT });
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'index.html names its entry script').toBeDefined();
    const response = await fetch(new URL(script!, backend.appUrl), { headers: ACCEPT });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = await response.arrayBuffer();
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
  });
});
