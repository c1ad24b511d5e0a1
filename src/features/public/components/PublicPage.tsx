import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * The frame of a public page (spec section 6: reached without signing in): no side menu or top
 * bar, just a centred card with a heading. Pages using it load no admin data.
 */
export function PublicPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <main className="section">
      {/* The browser tab's title in the visitor's language (issue 17). */}
      <title>{intl.formatMessage({ id: 'Auth.appName' })}</title>
      <div className="container" style={{ maxWidth: '44rem' }}>
        <div className="box">
          <h1 className="title is-4 has-text-centered">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
