import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
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
 * Downloads the language's core catalogue and renders; the full catalogue only once a screen asks
 * for it (`requestFullCatalogue`, called by FullCatalogue on every screen but sign-in, recovery and
 * 404), so /login downloads none of the other screens' words. Nothing is rendered until the core
 * has arrived: a screen without its words would flash message ids. A failed download is retried on
 * the next language switch or request.
 */
export function I18nProvider({
  children,
  firstScope = 'core',
}: {
  children: ReactNode;
  /** The part of the catalogue to load first: 'public' when the page opened is a public page. */
  firstScope?: CatalogueScope;
}) {
  const [locale, setLocaleState] = useState<Locale>(detectLocale);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Once a screen needed the full catalogue, every language switch loads the full one: the
  // signed-in screens (FullCatalogue) would unmount while only a core is there.
  const [scope, setScope] = useState<CatalogueScope>(firstScope);

  useEffect(() => {
    let cancelled = false;
    loadCatalogue(locale, scope).then(
      (messages) => {
        // The first render with words is the whole page: a transition, rendered in slices (see
        // main.tsx), as a language switch may be.
        if (!cancelled) startTransition(() => setLoaded({ locale, scope, messages }));
      },
      (error: unknown) => console.error(`The ${locale} ${scope} catalogue did not load`, error),
    );
    return () => {
      cancelled = true;
    };
  }, [locale, scope]);

  const requestFullCatalogue = useCallback(() => setScope('full'), []);
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
    () => ({ locale, setLocale, fullCatalogue, requestFullCatalogue }),
    [locale, setLocale, fullCatalogue, requestFullCatalogue],
  );
  if (!intl) return null;
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}
