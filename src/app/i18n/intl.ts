import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Catalogue, Locale } from './messages';

const cache = createIntlCache();
// Made on first use, not as the entry is evaluated: creating one asks the browser's Intl about the
// locale, whose first use loads its locale data (tens of milliseconds on a phone's CPU).
let current: IntlShape | undefined;

/**
 * The intl object of the current locale, for code outside React components (toasts shown by
 * the store's listener). I18nProvider keeps it in step with the UI.
 */
export function currentIntl(): IntlShape {
  return (current ??= createIntl({ locale: 'en', messages: {}, defaultLocale: 'en' }, cache));
}

/** Switches the intl object returned by currentIntl; returns it. */
export function setCurrentIntl(locale: Locale, messages: Catalogue): IntlShape {
  current = createIntl({ locale, messages, defaultLocale: 'en' }, cache);
  return current;
}
