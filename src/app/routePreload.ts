/**
 * Starts downloading the code and the words that the opened page's first render needs, as soon as
 * the HTML is parsed: a module of its own, a few hundred bytes, which index.html loads before the
 * entry. Without it those requests leave only once the entry (React, the router, ~110 KB gz) has
 * arrived and run, one round trip and more after it on a phone's network; with it they download
 * beside the entry.
 *
 * What each page needs is written into index.html at build time (vite.config.ts
 * `routePreloads`) as a JSON data block, `<script type="application/json" id="route-preloads">`
 * (a data block runs nothing, so the site's Content Security Policy, which allows no inline
 * script, does not apply), shaped as {@link RoutePreloads}. The development server writes none:
 * this module then does nothing.
 *
 * Standalone on purpose: it imports nothing, so the bundler neither shares a chunk between it and
 * the entry nor makes it wait for one. It repeats two small rules of the app's: the language's
 * choice (the `locale` cookie, else the browser's first supported language, else the first of
 * the map's, as `detectLocale` in i18n/locale.ts) and which part of the catalogue a page needs
 * first (`firstCatalogueScope` in router.tsx, written into the map per route).
 */

/** The build's map: per route, the files its first render loads; the words per language. */
export interface RoutePreloads {
  routes: {
    /** A regular expression's source, matched against `location.pathname`. */
    path: string;
    /** Paths of the route's JavaScript chunks (modulepreload), from the site's root. */
    js: string[];
    /** Paths of the stylesheets those chunks bring (preload as style). */
    css: string[];
    /** The part of the catalogue the route renders with (messages.ts `CatalogueScope`). */
    words: string;
  }[];
  /** Language -> catalogue part -> paths of its chunks. The first language is the default. */
  words: Record<string, Record<string, string[]>>;
}

/** The language the app will show (the rule of i18n/locale.ts `detectLocale`). */
function locale(languages: string[]): string | undefined {
  const primary = (value: string | undefined) => value?.toLowerCase().split(/[-_]/)[0];
  const cookie = /(?:^|;\s*)locale=([^;]*)/.exec(document.cookie)?.[1];
  const fromCookie = primary(cookie && decodeURIComponent(cookie));
  if (fromCookie && languages.includes(fromCookie)) return fromCookie;
  const browser = navigator.languages ?? [navigator.language];
  return browser.map(primary).find((l) => l !== undefined && languages.includes(l)) ?? languages[0];
}

/** A `<link>` in the head; `crossOrigin` as Vite's own preload helper sets it, so both share one download. */
function link(rel: string, href: string, as?: string): void {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  element.crossOrigin = '';
  if (as) element.as = as;
  document.head.appendChild(element);
}

/** Adds the preloads of the current path's route, if the page carries a map and a route matches. */
export function preloadRoute(): void {
  const data = document.getElementById('route-preloads')?.textContent;
  if (!data) return;
  const map = JSON.parse(data) as RoutePreloads;
  const route = map.routes.find((r) => new RegExp(r.path).test(location.pathname));
  if (!route) return;
  const language = locale(Object.keys(map.words));
  const words = (language && map.words[language]?.[route.words]) ?? [];
  for (const href of [...words, ...route.js]) link('modulepreload', href);
  for (const href of route.css) link('preload', href, 'style');
}

preloadRoute();
