import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { messages, type Locale } from './messages';

const cache = createIntlCache();
let current: IntlShape = build('en');

function build(locale: Locale): IntlShape {
  return createIntl({ locale, messages: messages[locale], defaultLocale: 'en' }, cache);
}

/**
 * The intl object of the current locale, for code outside React components (toasts shown by
 * the store's listener). I18nProvider keeps it in step with the UI.
 */
export function currentIntl(): IntlShape {
  return current;
}

/** Switches the intl object returned by currentIntl; returns it. */
export function setCurrentIntl(locale: Locale): IntlShape {
  current = build(locale);
  return current;
}
