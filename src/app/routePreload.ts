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
 * first (`firstCatalogueScope` in router.tsx; for a signed-in screen also the whole catalogue,
 * which router.tsx's `FullCatalogue` waits for), written into the map per route.
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

/** The language the app will show: detectLocale's rule (i18n/locale.ts; locale.test.tsx). */
function locale(
  languages: string[],
  cookie: string,
  browser: readonly string[],
): string | undefined {
  const primary = (value: string | undefined) => value?.toLowerCase().split(/[-_]/)[0];
  const chosen = /(?:^|;\s*)locale=([^;]*)/.exec(cookie)?.[1];
  const fromCookie = primary(chosen && decodeURIComponent(chosen));
  if (fromCookie && languages.includes(fromCookie)) return fromCookie;
  return browser.map(primary).find((l) => l !== undefined && languages.includes(l)) ?? languages[0];
}

/** One `<link>` to add: `rel` modulepreload (a chunk) or preload with `as` style (a stylesheet). */
export interface PreloadLink {
  rel: 'modulepreload' | 'preload';
  href: string;
  as?: 'style';
}

/**
 * The links for a page at `pathname`: its language's words first, then its chunks, then its
 * stylesheets; none when no route of `map` matches.
 * @param cookie `document.cookie` (the chosen language, `locale=`)
 * @param browser the browser's languages, most preferred first (`navigator.languages`)
 */
export function routePreloadLinks(
  map: RoutePreloads,
  pathname: string,
  cookie: string,
  browser: readonly string[],
): PreloadLink[] {
  const route = map.routes.find((r) => new RegExp(r.path).test(pathname));
  if (!route) return [];
  const language = locale(Object.keys(map.words), cookie, browser);
  const words = (language && map.words[language]?.[route.words]) ?? [];
  return [
    ...[...words, ...route.js].map((href) => ({ rel: 'modulepreload' as const, href })),
    ...route.css.map((href) => ({ rel: 'preload' as const, href, as: 'style' as const })),
  ];
}

/** Adds the preloads of the current path's route, if the page carries a map and a route matches. */
export function preloadRoute(): void {
  const data = document.getElementById('route-preloads')?.textContent;
  if (!data) return;
  const links = routePreloadLinks(
    JSON.parse(data) as RoutePreloads,
    location.pathname,
    document.cookie,
    navigator.languages ?? [navigator.language],
  );
  for (const { rel, href, as } of links) {
    const element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    // As Vite's own preload helper sets it, so that both share one download.
    element.crossOrigin = '';
    if (as) element.as = as;
    document.head.appendChild(element);
  }
}

// Not when a test imports the module (Node has no document).
if (typeof document !== 'undefined') preloadRoute();
