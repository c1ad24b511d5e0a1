import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePreloadLinks, type RoutePreloads } from '../routePreload';
import { DEFAULT_LOCALE, LOCALES } from './messages';
import { detectLocale } from './locale';

/**
 * routePreload.ts repeats detectLocale's rule (it must import nothing, to load before the entry
 * without sharing its chunk): both must pick the same language, or a page would download the
 * other language's words and then wait for its own.
 */
describe('the language routePreload.ts preloads is the one detectLocale shows', () => {
  // A map whose only route needs words, one file per language; the default language first, as
  // vite.config.ts writes it.
  const languages = [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)];
  const map: RoutePreloads = {
    routes: [{ path: '^/qrcode', js: [], css: [], words: 'public' }],
    words: Object.fromEntries(languages.map((l) => [l, { public: [`/${l}.js`] }])),
  };
  const preloaded = (browser: readonly string[]) =>
    routePreloadLinks(map, '/qrcode', document.cookie, browser)[0]?.href.slice(1, -3);

  afterEach(() => {
    document.cookie = 'locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    vi.restoreAllMocks();
  });

  const cookies = [undefined, 'es', 'en', 'es-MX', 'EN', 'de', ''];
  const browsers = [['en-US'], ['fr-FR', 'es-419', 'en'], ['fr'], ['ES'], [], ['pt', 'de']];
  for (const cookie of cookies) {
    for (const browser of browsers) {
      it(`cookie ${String(cookie)}, browser [${browser.join(', ')}]`, () => {
        if (cookie !== undefined) document.cookie = `locale=${cookie}; path=/`;
        vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
        expect(preloaded(navigator.languages)).toBe(detectLocale());
      });
    }
  }
});
