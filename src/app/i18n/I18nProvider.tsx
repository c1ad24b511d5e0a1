import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { setCurrentIntl } from './intl';
import { LocaleContext } from './LocaleContext';
import { detectLocale, saveLocale } from './locale';
import type { Locale } from './messages';

/**
 * Provides react-intl with the detected language (spec 1: cookie, else browser language, else
 * English); switching saves the cookie and updates `<html lang>` for screen readers.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(detectLocale);
  const intl = useMemo(() => setCurrentIntl(locale), [locale]);
  const setLocale = useCallback((next: Locale) => {
    saveLocale(next);
    setLocaleState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
