/**
 * Lets a production build (tests/support/productionBuild.ts: it talks to the production Firebase
 * hosts) run against the local backend, for Chromium tests of what a deployed site does
 * (tests/e2e/hosting.test.ts). Chromium applies the page's Content-Security-Policy to every
 * request first; playwright then answers the allowed ones from the local emulators, so nothing
 * leaves the machine:
 * - Auth REST (`identitytoolkit.googleapis.com`, `securetoken.googleapis.com`): the Auth
 *   emulator, which serves the same paths under its own host;
 * - Storage (`firebasestorage.googleapis.com`): the Storage emulator, bucket renamed;
 * - callable functions (`<region>-<project>.cloudfunctions.net/<name>`): the Functions emulator;
 * - Realtime Database REST (`https://<ns>.firebasedatabase.app/<path>.json`, `*.firebaseio.com`;
 *   the public pages read an order's public facts so): the Database emulator, namespace renamed;
 *   a REST stream (the large lists) gets the value as its one event, then ends;
 * - the Realtime Database WebSocket (`wss://<ns>.firebasedatabase.app/.ws`, `*.firebaseio.com`):
 *   piped to the Database emulator's, namespace renamed, and the handshake's host answered as the
 *   production one (else the SDK would reconnect to the emulator's host);
 * - any other https request fails, so unexpected traffic shows as an error.
 */
import type { BrowserContext, Route } from 'playwright-core';
import WebSocket from 'ws';
import { backend } from './backend';
import { PRODUCTION_ENV } from './productionBuild';

const auth = `http://${backend.auth.host}:${backend.auth.port}`;
const storage = `http://${backend.storage.host}:${backend.storage.port}`;
const functions = `http://${backend.functions.host}:${backend.functions.port}`;
const database = `ws://${backend.database.host}:${backend.database.port}`;
const productionBucket = PRODUCTION_ENV.VITE_FIREBASE_STORAGE_BUCKET;

/** The local URL that answers a production Firebase `url`, or null for other hosts. */
export function localUrl(url: URL): string | null {
  const rest = `${url.pathname}${url.search}`;
  if (url.host === 'identitytoolkit.googleapis.com' || url.host === 'securetoken.googleapis.com') {
    return `${auth}/${url.host}${rest}`;
  }
  if (url.host === 'firebasestorage.googleapis.com') {
    return `${storage}${rest.replaceAll(encodeURIComponent(productionBucket), backend.storageBucket).replaceAll(productionBucket, backend.storageBucket)}`;
  }
  if (/\.(firebasedatabase\.app|firebaseio\.com)$/.test(url.host)) {
    const local = new URL(
      `http://${backend.database.host}:${backend.database.port}${url.pathname}`,
    );
    url.searchParams.forEach((value, key) => local.searchParams.set(key, value));
    local.searchParams.set('ns', backend.databaseNamespace);
    return local.toString();
  }
  const callable = /^([a-z]+-[a-z]+\d)-[^.]+\.cloudfunctions\.net$/.exec(url.host);
  if (callable) return `${functions}/${backend.projectId}/${callable[1]}${rest}`;
  return null;
}

async function answer(route: Route): Promise<void> {
  const target = localUrl(new URL(route.request().url()));
  if (!target) return route.abort('blockedbyclient');
  if (route.request().headers().accept?.includes('text/event-stream')) {
    // playwright answers a route only with a whole body, and a REST stream never ends: it gets
    // the location's value as the stream's first event, then its end (the client reconnects).
    const value = await route.fetch({ url: target, headers: { accept: 'application/json' } });
    if (!value.ok()) return route.fulfill({ response: value });
    const event = `event: put\ndata: {"path":"/","data":${await value.text()}}\n\n`;
    return route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' },
      body: event,
    });
  }
  const response = await route.fetch({ url: target });
  await route.fulfill({ response });
}

/**
 * Routes `context`'s Firebase traffic to the local backend (see the module comment). Call before
 * opening pages.
 */
export async function routeToLocalBackend(context: BrowserContext): Promise<void> {
  // A predicate: playwright's glob 'https://**' matches no URL.
  await context.route((url) => url.protocol === 'https:', answer);
  await context.routeWebSocket(
    /^wss:\/\/[^/]+\.(firebasedatabase\.app|firebaseio\.com)\//,
    (ws) => {
      const url = new URL(ws.url());
      url.searchParams.set('ns', backend.databaseNamespace);
      const server = new WebSocket(`${database}${url.pathname}${url.search}`);
      const pending: string[] = [];
      const localHost = `"h":"${backend.database.host}:${backend.database.port}"`;
      server.on('open', () => pending.splice(0).forEach((frame) => server.send(frame)));
      server.on('message', (data) => ws.send(String(data).replace(localHost, `"h":"${url.host}"`)));
      server.on('close', () => ws.close());
      server.on('error', () => ws.close());
      ws.onMessage((frame) => {
        const text = String(frame);
        if (server.readyState === WebSocket.OPEN) server.send(text);
        else pending.push(text);
      });
      ws.onClose(() => server.close());
    },
  );
}
