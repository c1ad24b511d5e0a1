import { useIntl } from 'react-intl';
import { useLocale } from './LocaleContext';
import { LOCALES } from './locales';

/**
 * EN/ES switch (spec 1): a group of toggle buttons; the pressed one is the current language.
 * Choosing one re-renders the app in it and keeps the choice in the cookie (app/i18n/locale.ts); the LocaleContext comes from the app's
 * I18nProvider.
 */
export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <div
      className="buttons has-addons are-small mb-0"
      role="group"
      aria-label={intl.formatMessage({ id: 'Layout.language' })}
    >
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className={`button mb-0 ${l === locale ? 'is-link is-selected' : ''}`}
          aria-pressed={l === locale}
          title={intl.formatMessage({ id: `Layout.language.${l}` })}
          onClick={() => setLocale(l)}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
