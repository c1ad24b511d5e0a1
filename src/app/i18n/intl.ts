import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Catalogue, Locale } from './messages';

const cache = createIntlCache();
let current: IntlShape = createIntl({ locale: 'en', messages: {}, defaultLocale: 'en' }, cache);

/**
 * The intl object of the current locale, for code outside React components (toasts shown by
 * the store's listener). I18nProvider keeps it in step with the UI.
 */
export function currentIntl(): IntlShape {
  return current;
}

/** Switches the intl object returned by currentIntl; returns it. */
export function setCurrentIntl(locale: Locale, messages: Catalogue): IntlShape {
  current = createIntl({ locale, messages, defaultLocale: 'en' }, cache);
  return current;
}
