/**
 * The Hosting headers of firebase.json (docs/deploy.md, "Security headers"): every page and file
 * carries the Content-Security-Policy and the other security headers; hashed build files under
 * /assets are cached for a year, everything else (index.html, and every SPA route rewritten to
 * it) is revalidated on each load. Read from the file itself, no backend needed;
 * tests/e2e/hosting.test.ts checks what the Hosting emulator and Chromium make of it.
 *
 * Overlapping header rules: Hosting applies every rule whose source matches, the later rule
 * winning for the same header (firebase/firebase-tools#9467 on GitHub; the e2e test confirms it on the
 * emulator), so /assets/** comes after the catch-all.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}
const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: { rewrites: Array<{ source: string; destination: string }>; headers: HeaderRule[] };
};
const rules = config.hosting.headers;

/** A Hosting glob as a RegExp: `**` any path, `*` one segment (all this file uses). */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.?+^$()[\]{}|\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${glob.startsWith('/') || glob.startsWith('*') ? '' : '/'}${pattern}$`);
}

/** The headers Hosting sends for `urlPath`: every matching rule, later rules winning. */
function effectiveHeaders(urlPath: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!globToRegExp(rule.source).test(urlPath)) continue;
    for (const { key, value } of rule.headers) result[key.toLowerCase()] = value;
  }
  return result;
}

/** `directive -> sources` of a CSP header value. */
function parseCsp(value: string): Map<string, string[]> {
  return new Map(
    value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(
        (tokens): tokens is [string, ...string[]] => tokens[0] !== undefined && tokens[0] !== '',
      )
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** Paths as the browser asks for them: the root, index.html, SPA routes, build files. */
const PAGES = ['/', '/index.html', '/login', '/users/abc', '/payment/o1/120'];
const ASSETS = ['/assets/index-yYIUgjQw.js', '/assets/index-Bq_jZHJ6.css'];

describe('firebase.json hosting headers', () => {
  it('rewrites every path to the app (the SPA rewrite the page headers must cover)', () => {
    expect(config.hosting.rewrites).toEqual([{ source: '**', destination: '/index.html' }]);
  });

  it.each([...PAGES, ...ASSETS, '/favicon.svg'])('%s carries the security headers', (urlPath) => {
    const headers = effectiveHeaders(urlPath);
    expect(headers['content-security-policy']).toBeDefined();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  });

  it.each(PAGES)('%s is revalidated on every load (no-cache)', (urlPath) => {
    expect(effectiveHeaders(urlPath)['cache-control']).toBe('no-cache');
  });

  it.each(ASSETS)('%s (content-hashed) is cached for a year, immutable', (urlPath) => {
    expect(effectiveHeaders(urlPath)['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('names /index.html explicitly and puts /assets/** after the catch-all', () => {
    const sources = rules.map((rule) => rule.source);
    expect(sources).toContain('/index.html');
    expect(sources.indexOf('/assets/**')).toBeGreaterThan(sources.indexOf('**'));
  });

  it('Permissions-Policy turns off every powerful feature the app does not use', () => {
    const value = effectiveHeaders('/')['permissions-policy'] ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(value).toContain(`${feature}=()`);
    }
  });
});

describe('Content-Security-Policy', () => {
  const csp = parseCsp(effectiveHeaders('/login')['content-security-policy'] ?? '');
  const all = [...csp.values()].flat();

  it('never allows eval, inline script or inline style, nor a bare wildcard', () => {
    expect(all).not.toContain("'unsafe-eval'");
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain('*');
    expect(all.filter((source) => source === 'http:' || source === 'https:')).toEqual([]);
  });

  it('falls back to self, and forbids plugins, base-URI changes, foreign forms and framing', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('connects only to self and the Firebase endpoints', () => {
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      // Auth (identitytoolkit, securetoken), Storage (firebasestorage) and other Google APIs.
      'https://*.googleapis.com',
      // Realtime Database: us-central1 instances, then the regional ones, REST and WebSocket.
      'https://*.firebaseio.com',
      'wss://*.firebaseio.com',
      'https://*.firebasedatabase.app',
      'wss://*.firebasedatabase.app',
      // Callable functions: the SDK's URL, and Cloud Run behind 2nd-gen functions.
      'https://*.cloudfunctions.net',
      'https://*.run.app',
    ]);
  });

  it('loads scripts from self and, for the Database long-polling fallback, its hosts', () => {
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://*.firebaseio.com',
      'https://*.firebasedatabase.app',
    ]);
  });

  it('shows images from self, data:, blob: and the Storage download host only', () => {
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://firebasestorage.googleapis.com',
    ]);
  });

  it("allows react-toastify's injected stylesheet by its hash (no 'unsafe-inline')", () => {
    // react-toastify 11 inserts its CSS as a <style> element when ToastContainer mounts; the
    // text is a constant of the package, so a sha256 source allows exactly it. An upgrade that
    // changes the CSS fails here: put the new hash into firebase.json.
    const bundle = readFileSync(
      path.join(ROOT, 'node_modules/react-toastify/dist/index.mjs'),
      'utf8',
    );
    const css = /`(:root \{\s*--toastify-[^`]*)`/.exec(bundle)?.[1];
    expect(css, 'react-toastify stylesheet not found in its bundle').toBeDefined();
    const hash = createHash('sha256')
      .update(css ?? '')
      .digest('base64');
    expect(csp.get('style-src')).toEqual(["'self'", `'sha256-${hash}'`]);
  });
});
