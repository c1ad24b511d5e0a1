import { FormattedMessage } from 'react-intl';

/** 'Loading...' in a status region, shown while a form's record is being loaded (spec 4). */
export function LoadingStatus() {
  return (
    <p role="status">
      <FormattedMessage id="Common.loading" />
    </p>
  );
}
