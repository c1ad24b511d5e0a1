import { FormattedMessage } from 'react-intl';

/**
 * The primary submit button of an auth form (sign-in, recovery, password change): disabled until
 * the form may be sent (`enabled`) and while a request runs (`loading`, which also shows Bulma's
 * spinner), so a request is never sent twice. `labelId` is the catalogue id of its text.
 */
export function SubmitButton({
  labelId,
  enabled,
  loading,
}: {
  labelId: string;
  enabled: boolean;
  loading: boolean;
}) {
  return (
    <button
      type="submit"
      className={`button is-primary${loading ? ' is-loading' : ''}`}
      disabled={!enabled || loading}
    >
      <FormattedMessage id={labelId} />
    </button>
  );
}
