import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LanguageSwitch } from '@/shared/i18n/LanguageSwitch';
import './publicPage.css';

/**
 * The frame of a public page (spec section 6: reached without signing in): no side menu or top
 * bar, just the language switch and a centred card with a heading (narrower margins on a phone,
 * publicPage.css). Pages using it load no admin data.
 */
export function PublicPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <main className="section public-page">
      {/* The browser tab's title in the visitor's language, as the page's own text is. */}
      <title>{intl.formatMessage({ id: 'Auth.appName' })}</title>
      <div className="container" style={{ maxWidth: '44rem' }}>
        {/* Students and tutors open these pages from a link: they choose the language here. */}
        <div className="is-flex is-justify-content-flex-end mb-2">
          <LanguageSwitch />
        </div>
        <div className="box">
          <h1 className="title is-4 has-text-centered">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
