import { FormattedMessage } from 'react-intl';

/**
 * A live validation hint under a field (spec 5): green text when `ok`, red otherwise. Announced
 * politely so screen-reader users hear the change without losing their place.
 */
export function FieldHint({
  id,
  ok,
  okId,
  badId,
}: {
  id: string;
  ok: boolean;
  okId: string;
  badId: string;
}) {
  return (
    <p id={id} className={`help ${ok ? 'is-success' : 'is-danger'}`} aria-live="polite">
      <FormattedMessage id={ok ? okId : badId} />
    </p>
  );
}
