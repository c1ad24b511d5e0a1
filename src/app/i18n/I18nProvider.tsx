import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { setCurrentIntl } from './intl';
import { LocaleContext } from '@/shared/i18n/LocaleContext';
import { detectLocale, saveLocale } from './locale';
import { loadCatalogue, type Catalogue, type CatalogueScope, type Locale } from './messages';

interface Loaded {
  locale: Locale;
  scope: CatalogueScope;
  messages: Catalogue;
}

/**
 * Provides react-intl with the detected language (spec 1: cookie, else browser language, else
 * English); switching saves the cookie and updates `<html lang>` for screen readers.
 *
 * Downloads the language's core catalogue, renders, then downloads the full catalogue in the
 * background (screens other than sign-in wait for it through FullCatalogue). Nothing is rendered
 * until the core has arrived: a screen without its words would flash message ids.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(detectLocale);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let cancelled = false;
    const load = async (scope: CatalogueScope) => {
      const messages = await loadCatalogue(locale, scope);
      if (!cancelled)
        // Never trade a full catalogue for a core one, not even the previous language's: the
        // signed-in screens need the full one (FullCatalogue) and would unmount in between.
        setLoaded((prev) =>
          prev?.scope === 'full' && scope === 'core' ? prev : { locale, scope, messages },
        );
    };
    // The core first so /login paints early; the full catalogue right after.
    void load('core').then(() => load('full'));
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    saveLocale(next);
    setLocaleState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // While switching, keep showing the previous language's words until the new ones arrive.
  const intl = useMemo(
    () => (loaded ? setCurrentIntl(loaded.locale, loaded.messages) : null),
    [loaded],
  );
  const fullCatalogue = loaded?.scope === 'full';
  const value = useMemo(
    () => ({ locale, setLocale, fullCatalogue }),
    [locale, setLocale, fullCatalogue],
  );
  if (!intl) return null;
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
