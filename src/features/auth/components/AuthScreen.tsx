import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LanguageSwitch } from '@/shared/i18n/LanguageSwitch';
// The Bulma rules beyond the first paint's (vite.config.ts trimBulma): the e-mail action page
// uses this frame outside the session's routes, which bring them to every other screen.
import 'bulma/css/bulma.min.css?part=rest';
import './authScreen.css';

/**
 * The frame of the public auth screens (login, password recovery, e-mail actions): a card centred
 * across the width, its top at a fixed distance from the viewport's (authScreen.css), with the
 * product name, a heading and the language switch. No side menu or top bar (spec 2 Route list).
 */
export function AuthScreen({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  return (
    <main className="auth-screen section">
      {/* The browser tab's title in the visitor's language. */}
      <title>{intl.formatMessage({ id: 'Auth.appName' })}</title>
      <div className="auth-card card">
        <div className="card-content">
          <div className="is-flex is-justify-content-space-between is-align-items-center mb-4">
            <p className="title is-5 mb-0">
              <FormattedMessage id="Auth.appName" />
            </p>
            <LanguageSwitch />
          </div>
          <h1 className="title is-4">{heading}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
