/**
 * /qrcode/{id} (public; spec section 2): the QR of an order id, size 256 (spec 9), or 'Missing
 * Order ID' without an id. Reads nothing from the database.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { QrCode } from '@/shared/QrCode';
import { PublicPage } from '../components/PublicPage';

export default function QrCodePage() {
  const intl = useIntl();
  const id = useParams().id?.trim();
  return (
    <PublicPage title={<FormattedMessage id="Public.qr.title" />}>
      {id ? (
        <div className="has-text-centered">
          <QrCode value={id} label={intl.formatMessage({ id: 'Public.qr.label' }, { id })} />
        </div>
      ) : (
        <p className="notification is-warning has-text-centered" role="alert">
          <FormattedMessage id="Public.qr.missing" />
        </p>
      )}
    </PublicPage>
  );
}
