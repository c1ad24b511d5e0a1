import { describe, expect, it } from 'vitest';
import { routePreloadLinks, type RoutePreloads } from './routePreload';

/** A map as vite.config.ts `routePreloads` writes it (file names shortened). */
const MAP: RoutePreloads = {
  routes: [
    { path: '^/qrcode(/|$)', js: ['/assets/Qr.js', '/assets/Page.js'], css: [], words: 'public' },
    { path: '^/login/?$', js: ['/assets/session.js'], css: ['/assets/session.css'], words: 'core' },
  ],
  words: {
    en: { core: ['/assets/en.core.js'], public: ['/assets/en.public.js', '/assets/en.core.js'] },
    es: { core: ['/assets/es.core.js'], public: ['/assets/es.public.js', '/assets/es.core.js'] },
  },
};

const hrefs = (pathname: string, cookie: string, browser: string[]) =>
  routePreloadLinks(MAP, pathname, cookie, browser).map((l) => `${l.rel} ${l.href}`);

describe('routePreloadLinks', () => {
  it("gives a page's words, then its chunks, then its stylesheets as style preloads", () => {
    expect(routePreloadLinks(MAP, '/login', '', ['en-GB'])).toEqual([
      { rel: 'modulepreload', href: '/assets/en.core.js' },
      { rel: 'modulepreload', href: '/assets/session.js' },
      { rel: 'preload', href: '/assets/session.css', as: 'style' },
    ]);
  });

  it('picks the words of the language the app will show: the cookie, the browser, else the first', () => {
    // The cookie wins over the browser (spec section 1, i18n/locale.ts detectLocale).
    expect(hrefs('/qrcode/abc', 'a=1; locale=es', ['en-US'])).toEqual([
      'modulepreload /assets/es.public.js',
      'modulepreload /assets/es.core.js',
      'modulepreload /assets/Qr.js',
      'modulepreload /assets/Page.js',
    ]);
    // The browser's first supported language, past an unsupported one.
    expect(hrefs('/qrcode', '', ['fr-FR', 'es-419', 'en'])[0]).toBe(
      'modulepreload /assets/es.public.js',
    );
    // An unsupported cookie and browser: the default language.
    expect(hrefs('/qrcode', 'locale=de', ['fr'])[0]).toBe('modulepreload /assets/en.public.js');
  });

  it('adds nothing for a path no route of the map matches', () => {
    expect(hrefs('/students', '', ['en'])).toEqual([]);
    expect(hrefs('/login/extra', '', ['en'])).toEqual([]);
  });
});
