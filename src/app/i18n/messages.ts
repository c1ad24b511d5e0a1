/**
 * The message catalogue: one JSON file per area and locale under i18n/en and i18n/es, merged
 * here. Every visible string is a message id present in both locales (checked by
 * messages.test.ts). Message ids for backend errors are the Firebase codes (shared/errors).
 */
export type Locale = 'en' | 'es';
export const LOCALES: readonly Locale[] = ['en', 'es'];
export const DEFAULT_LOCALE: Locale = 'en';

type Catalogue = Record<string, string>;

function merge(files: Record<string, { default: Catalogue }>): Catalogue {
  return Object.assign({}, ...Object.values(files).map((f) => f.default)) as Catalogue;
}

/** Messages per locale, keyed by message id. */
export const messages: Record<Locale, Catalogue> = {
  en: merge(import.meta.glob<{ default: Catalogue }>('./en/*.json', { eager: true })),
  es: merge(import.meta.glob<{ default: Catalogue }>('./es/*.json', { eager: true })),
};
