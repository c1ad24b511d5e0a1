/**
 * /qrcode/{id} (public; spec section 2): the QR of an order id, size 256 (spec 9), 'Missing
 * Order ID' without an id, 'not valid' for an id no order can have (orderId.ts), and 'not found'
 * for an id no order has: the page reads the order's public facts (`publicOrders/{id}`, over REST,
 * publicOrder.ts) and shows its status under the code.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { QrCode } from '@/shared/QrCode';
import { OrderLookup } from '../components/OrderLookup';
import { PublicPage } from '../components/PublicPage';
import { isOrderId } from '../orderId';

export default function QrCodePage() {
  const intl = useIntl();
  const id = useParams().id?.trim();
  return (
    <PublicPage title={<FormattedMessage id="Public.qr.title" />}>
      {id && isOrderId(id) ? (
        <OrderLookup id={id}>
          {(order) => (
            <div className="has-text-centered">
              <QrCode value={id} label={intl.formatMessage({ id: 'Public.qr.label' }, { id })} />
              <p className="mt-2">
                <FormattedMessage
                  id="Public.order.status"
                  values={{
                    status: intl.formatMessage({ id: `Public.order.status.${order.status}` }),
                  }}
                />
              </p>
            </div>
          )}
        </OrderLookup>
      ) : (
        <p className="notification is-warning has-text-centered" role="alert">
          <FormattedMessage id={id ? 'Public.qr.invalid' : 'Public.qr.missing'} />
        </p>
      )}
    </PublicPage>
  );
}
