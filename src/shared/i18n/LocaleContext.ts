import { createContext, useContext } from 'react';
import type { Locale } from './locales';

export interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** Whether the whole catalogue of the language is loaded (only the core is at first). */
  fullCatalogue: boolean;
  /** Starts loading the whole catalogue (and keeps it across language switches); idempotent. */
  requestFullCatalogue: () => void;
}

/**
 * The current language and its setter (the header's language switch uses it). In its own module
 * so I18nProvider.tsx exports components only (react-refresh keeps hot reload working).
 */
export const LocaleContext = createContext<LocaleContextValue>({
  locale: 'en',
  setLocale: () => undefined,
  fullCatalogue: true,
  requestFullCatalogue: () => undefined,
});

/** The current language and the function that switches it (and saves the cookie). */
export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}
