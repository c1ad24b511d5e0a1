import { FormattedMessage } from 'react-intl';

/** The copyright line (spec 2 Layout; spec 9: copyright year 2020). */
export function Footer() {
  return (
    <footer className="app-footer">
      <p className="has-text-centered is-size-7 has-text-grey">
        <FormattedMessage id="Layout.copyright" values={{ year: 2020 }} />
      </p>
    </footer>
  );
}
