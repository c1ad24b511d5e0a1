import { FormattedMessage, useIntl } from 'react-intl';

const PROVIDERS = ['facebook', 'google', 'microsoft'] as const;

/**
 * The social sign-in buttons (spec 2 Login: "carry labels but have no flow shown"). They are
 * disabled, with a title saying why, rather than failing when clicked.
 */
export function SocialButtons() {
  const intl = useIntl();
  const why = intl.formatMessage({ id: 'Auth.socialUnavailable' });
  return (
    <div className="mt-5">
      <p className="has-text-grey is-size-7 mb-2">
        <FormattedMessage id="Auth.orSignInWith" />
      </p>
      <div className="buttons">
        {PROVIDERS.map((provider) => (
          // A disabled button gets no hover events, so the title sits on a wrapper too.
          <span key={provider} title={why}>
            <button
              type="button"
              className="button is-small"
              disabled
              aria-describedby="social-why"
            >
              <FormattedMessage id={`Auth.${provider}`} />
            </button>
          </span>
        ))}
      </div>
      <p id="social-why" className="is-sr-only">
        {why}
      </p>
    </div>
  );
}
