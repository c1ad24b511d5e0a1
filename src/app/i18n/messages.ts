/**
 * The message catalogue: one JSON file per area and locale under i18n/en and i18n/es. Every
 * visible string is a message id present in both locales (checked by messages.test.ts). Message
 * ids for backend errors are the Firebase codes (shared/errors).
 *
 * Only the visitor's language is downloaded, in two parts, so that /login downloads only its own
 * words: the core (sign-in, recovery, 404, errors, common words), and the full catalogue of that
 * language (the core and every other area) once a screen that needs it opens (see FullCatalogue);
 * the signed-in shell prefetches it with its own code (`prefetchFullCatalogue`).
 */
import type { Locale } from '@/shared/i18n/locales';

export { LOCALES, type Locale } from '@/shared/i18n/locales';
export const DEFAULT_LOCALE: Locale = 'en';

/** Message id -> ICU message text. */
export type Catalogue = Record<string, string>;

/**
 * Which part of a language's catalogue: 'core' for the sign-in screens, 'public' for the public
 * pages (the core and their own words), 'full' for all.
 */
export type CatalogueScope = 'core' | 'public' | 'full';

type Loader = () => Promise<{ default: Catalogue }>;

const loaders: Record<Locale, Record<CatalogueScope, Loader>> = {
  en: {
    core: () => import('./catalogues/en.core'),
    public: () => import('./catalogues/en.public'),
    full: () => import('./catalogues/en.full'),
  },
  es: {
    core: () => import('./catalogues/es.core'),
    public: () => import('./catalogues/es.public'),
    full: () => import('./catalogues/es.full'),
  },
};

/** Downloads one part of a language's catalogue. */
export async function loadCatalogue(locale: Locale, scope: CatalogueScope): Promise<Catalogue> {
  return (await loaders[locale][scope]()).default;
}

/**
 * Starts downloading the part of a language's catalogue the first screen needs (`scope`: 'core',
 * or 'public' on a public page): the entry calls it before React renders, so the words arrive
 * with the first route's code instead of one round trip after the first render (I18nProvider
 * asks for them in an effect).
 */
export function prefetchFirstCatalogue(locale: Locale, scope: CatalogueScope): void {
  void loaders[locale][scope]().catch(() => undefined);
}

/** Starts downloading a language's full catalogue (e.g. with the code of the screen that needs it). */
export function prefetchFullCatalogue(locale: Locale): void {
  void loaders[locale].full().catch(() => undefined);
}

/** Merges area files into one catalogue (used by the catalogue modules). */
export function mergeCatalogues(files: Record<string, Catalogue>): Catalogue {
  return Object.assign({}, ...Object.values(files)) as Catalogue;
}
