import { FormattedMessage } from 'react-intl';

/**
 * A live validation hint under a field (spec 5): green `okId` text when `ok`, red `badId` text
 * otherwise; a rule without an `okId` shows nothing while it holds. Announced politely so
 * screen-reader users hear the change without losing their place.
 */
export function FieldHint({
  id,
  ok,
  okId,
  badId,
}: {
  id: string;
  ok: boolean;
  okId?: string;
  badId: string;
}) {
  if (ok && !okId) return null;
  return (
    <p id={id} className={`help ${ok ? 'is-success' : 'is-danger'}`} aria-live="polite">
      <FormattedMessage id={ok ? (okId ?? badId) : badId} />
    </p>
  );
}
