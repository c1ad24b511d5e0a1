import Cookies from 'js-cookie';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './messages';

/** Name of the cookie that keeps the chosen language (spec section 1). */
export const LOCALE_COOKIE = 'locale';

function asLocale(value: string | undefined | null): Locale | undefined {
  const primary = value?.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === primary);
}

/**
 * The language to show: the cookie if set, otherwise the browser's first supported language,
 * otherwise English (spec section 1).
 */
export function detectLocale(): Locale {
  const fromCookie = asLocale(Cookies.get(LOCALE_COOKIE));
  if (fromCookie) return fromCookie;
  const browser =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const language of browser) {
    const l = asLocale(language);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}

/** Keeps the choice for a year. */
export function saveLocale(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, { expires: 365, sameSite: 'lax' });
}
