/**
 * /payment/{id}/{total} (public; spec section 2, Payment instruction page; spec 9: processed
 * within 2 working days): a PayNow QR for the amount with the order id as reference, the bank
 * transfer details and a contact address, all from configuration (payee.ts). The amount is the
 * order's own, read from its public facts (`publicOrders/{id}`, over REST, publicOrder.ts), not
 * the one the link carries: a link edited by hand, or made before the order changed, says what
 * it carried and shows what is due. A made-up id says 'not found'; an order already paid or
 * cancelled shows no payment instructions.
 */
import { addDays, format } from 'date-fns';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { formatMoney } from '@/shared/money';
import { QR_SIZE } from '@/shared/QrCode';
import type { PublicOrder } from '@/shared/domain/derived/publicOrders';
import { OrderLookup } from '../components/OrderLookup';
import { PublicPage } from '../components/PublicPage';
import { isOrderId } from '../orderId';
import { payeeConfig } from '../payee';
import { buildPayNowPayload, PayNowFieldError } from '../paynow';

/** The amount of the route: a plain decimal with at most 2 decimals, more than 0. */
function parseTotal(text: string | undefined): number | null {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

export default function PaymentPage() {
  const params = useParams();
  const id = params.id?.trim() ?? '';
  const total = parseTotal(params.total);

  const problem = !id
    ? 'Public.qr.missing'
    : !isOrderId(id)
      ? 'Public.qr.invalid'
      : total === null
        ? 'Public.payment.invalidTotal'
        : null;
  return (
    <PublicPage title={<FormattedMessage id="Public.payment.title" />}>
      {problem || total === null ? (
        <p className="notification is-danger" role="alert">
          <FormattedMessage id={problem ?? 'Public.payment.invalidTotal'} />
        </p>
      ) : (
        <OrderLookup id={id}>
          {(order) =>
            order.status === 'pending' ? (
              <PaymentInstructions id={id} order={order} linkTotal={total} />
            ) : (
              <p className="notification is-info has-text-centered" role="status">
                <FormattedMessage
                  id={
                    order.status === 'cancelled'
                      ? 'Public.payment.cancelled'
                      : 'Public.payment.alreadyPaid'
                  }
                  values={{ id }}
                />
              </p>
            )
          }
        </OrderLookup>
      )}
    </PublicPage>
  );
}

/**
 * How to pay order `id` (pending): its amount, the PayNow QR and the bank details; a note when
 * the link's amount `linkTotal` differs from the order's.
 */
function PaymentInstructions({
  id,
  order,
  linkTotal,
}: {
  id: string;
  order: PublicOrder;
  linkTotal: number;
}) {
  const intl = useIntl();
  const total = order.total;
  const config = payeeConfig();
  // The expiry is fixed when the page opens, not recomputed on every render.
  const [expiry] = useState(() =>
    config.expiryDays > 0 ? format(addDays(new Date(), config.expiryDays), 'yyyyMMdd') : undefined,
  );

  const amount = formatMoney(intl, total);
  let payload: string | null = null;
  let payloadError: string | null = null;
  if (config.paynow) {
    try {
      payload = buildPayNowPayload(config.paynow, { amount: total, reference: id, expiry });
    } catch (e) {
      if (!(e instanceof PayNowFieldError)) throw e;
      payloadError =
        e.field === '62/01' ? 'Public.payment.referenceTooLong' : 'Public.payment.qrUnavailable';
    }
  } else {
    payloadError = 'Public.payment.qrUnavailable';
  }

  return (
    <>
      {Math.round(linkTotal * 100) !== Math.round(total * 100) && (
        <p className="notification is-warning" role="alert">
          <FormattedMessage
            id="Public.payment.linkAmountDiffers"
            values={{ linkAmount: formatMoney(intl, linkTotal), amount }}
          />
        </p>
      )}
      <p className="has-text-centered is-size-5">
        <FormattedMessage
          id="Public.payment.intro"
          values={{
            amount: <strong>{amount}</strong>,
            id: <strong className="is-family-monospace">{id}</strong>,
          }}
        />
      </p>

      <section className="has-text-centered my-5" aria-labelledby="paynow-heading">
        <h2 id="paynow-heading" className="title is-5">
          <FormattedMessage id="Public.payment.paynowTitle" />
        </h2>
        {payload ? (
          <>
            <QRCodeSVG
              value={payload}
              size={QR_SIZE}
              level="M"
              marginSize={4}
              role="img"
              aria-label={intl.formatMessage({ id: 'Public.payment.qrLabel' }, { amount, id })}
              data-payload={payload}
            />
            <p className="mt-2">
              <FormattedMessage id="Public.payment.paynowHint" values={{ id }} />
            </p>
          </>
        ) : (
          <p className="notification is-warning" role="alert">
            <FormattedMessage id={payloadError ?? 'Public.payment.qrUnavailable'} />
          </p>
        )}
      </section>

      <section aria-labelledby="bank-heading">
        <h2 id="bank-heading" className="title is-5">
          <FormattedMessage id="Public.payment.bankTitle" />
        </h2>
        <dl className="payment-details">
          <dt className="has-text-weight-semibold">
            <FormattedMessage id="Public.payment.bankName" />
          </dt>
          <dd className="mb-2">{config.bankName}</dd>
          <dt className="has-text-weight-semibold">
            <FormattedMessage id="Public.payment.accountName" />
          </dt>
          <dd className="mb-2">{config.accountName}</dd>
          <dt className="has-text-weight-semibold">
            <FormattedMessage id="Public.payment.accountNumber" />
          </dt>
          <dd className="mb-2 is-family-monospace">{config.bankAccount}</dd>
          <dt className="has-text-weight-semibold">
            <FormattedMessage id="Public.payment.amount" />
          </dt>
          <dd className="mb-2">{amount}</dd>
          <dt className="has-text-weight-semibold">
            <FormattedMessage id="Public.payment.reference" />
          </dt>
          <dd className="mb-2 is-family-monospace">{id}</dd>
        </dl>
      </section>

      <div className="notification is-info is-light mt-5">
        <p>
          <FormattedMessage id="Public.payment.processing" />
        </p>
        {config.contactEmail && (
          <p className="mt-2">
            <FormattedMessage
              id="Public.payment.contact"
              values={{
                email: <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>,
              }}
            />
          </p>
        )}
      </div>
    </>
  );
}
