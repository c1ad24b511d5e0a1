/**
 * /qrcode/{id} (public; spec section 2): the QR of an order id, size 256 (spec 9), 'Missing
 * Order ID' without an id, or 'not valid' for an id no order can have (orderId.ts). Reads
 * nothing from the database.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { QrCode } from '@/shared/QrCode';
import { PublicPage } from '../components/PublicPage';
import { isOrderId } from '../orderId';

export default function QrCodePage() {
  const intl = useIntl();
  const id = useParams().id?.trim();
  return (
    <PublicPage title={<FormattedMessage id="Public.qr.title" />}>
      {id && isOrderId(id) ? (
        <div className="has-text-centered">
          <QrCode value={id} label={intl.formatMessage({ id: 'Public.qr.label' }, { id })} />
        </div>
      ) : (
        <p className="notification is-warning has-text-centered" role="alert">
          <FormattedMessage id={id ? 'Public.qr.invalid' : 'Public.qr.missing'} />
        </p>
      )}
    </PublicPage>
  );
}
