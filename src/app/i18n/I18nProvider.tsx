import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { setCurrentIntl } from './intl';
import { detectLocale, saveLocale } from './locale';
import type { Locale } from './messages';

export interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

/** The current language and its setter (the header's language switch uses it). */
export const LocaleContext = createContext<LocaleContextValue>({
  locale: 'en',
  setLocale: () => undefined,
});

/** Provides react-intl with the detected language; switching saves the cookie. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(detectLocale);
  const intl = useMemo(() => setCurrentIntl(locale), [locale]);
  const setLocale = useCallback((next: Locale) => {
    saveLocale(next);
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
