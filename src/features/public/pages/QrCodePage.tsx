/**
 * /qrcode/{id} (public; spec section 2): the QR of an order id, size 256 (spec 9), or 'Missing
 * Order ID' without an id. Reads nothing from the database.
 */
import { QRCodeSVG } from 'qrcode.react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { PublicPage } from '../components/PublicPage';

/** QR size in CSS pixels (spec section 9). */
const QR_SIZE = 256;

export default function QrCodePage() {
  const intl = useIntl();
  const id = useParams().id?.trim();
  return (
    <PublicPage title={<FormattedMessage id="Public.qr.title" />}>
      {id ? (
        <div className="has-text-centered">
          <QRCodeSVG
            value={id}
            size={QR_SIZE}
            role="img"
            aria-label={intl.formatMessage({ id: 'Public.qr.label' }, { id })}
          />
          <p className="mt-3 is-family-monospace">{id}</p>
        </div>
      ) : (
        <p className="notification is-warning has-text-centered" role="alert">
          <FormattedMessage id="Public.qr.missing" />
        </p>
      )}
    </PublicPage>
  );
}
