import { useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleContext';
import { LOCALES } from '../i18n/messages';

/**
 * EN/ES switch (spec 1): a group of toggle buttons; the pressed one is the current language.
 * Choosing one re-renders the app in it and keeps the choice in the cookie (i18n/locale.ts).
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
