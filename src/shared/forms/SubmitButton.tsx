import { FormattedMessage } from 'react-intl';

/**
 * The primary submit button of every form (spec section 4: create/edit forms; the sign-in,
 * recovery and password screens): disabled until the form may be sent (`enabled`, e.g.
 * useFormState().valid) and while its request runs (`loading`, which also shows Bulma's spinner),
 * so a request is never sent twice. `labelId` is the catalogue id of its text (default Save).
 */
export function SubmitButton({
  labelId = 'Common.save',
  enabled,
  loading,
}: {
  labelId?: string;
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
