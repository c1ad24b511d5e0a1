import { FormattedMessage, useIntl } from 'react-intl';
import {
  EXPIRING_FILTER_DAYS,
  EXPIRY_FILTERS,
  STATUS_FILTERS,
  type ExpiryFilter,
  type OrderFilters,
  type StatusFilter,
} from '../orderView';

/**
 * The orders list's two filters as labelled selects: status (any, waiting for approval, or one
 * status) and expiry (any, expiring within 14 days, expired). The page keeps them in the URL
 * (useOrderFilters).
 */
export function OrderFilterSelects({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  onChange: (changes: OrderFilters) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <div className="field mb-0 ml-3 is-flex is-align-items-center">
        <label className="label is-small mb-0 mr-2" htmlFor="orders-status-filter">
          <FormattedMessage id="Orders.filter.status" />
        </label>
        <div className="select is-small">
          <select
            id="orders-status-filter"
            value={filters.status ?? ''}
            onChange={(e) => onChange({ status: (e.target.value || undefined) as StatusFilter })}
          >
            <option value="">{intl.formatMessage({ id: 'Orders.filter.anyStatus' })}</option>
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {intl.formatMessage({
                  id: status === 'waiting' ? 'Orders.filter.waiting' : `Orders.status.${status}`,
                })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field mb-0 ml-3 is-flex is-align-items-center">
        <label className="label is-small mb-0 mr-2" htmlFor="orders-expiry-filter">
          <FormattedMessage id="Orders.filter.expiry" />
        </label>
        <div className="select is-small">
          <select
            id="orders-expiry-filter"
            value={filters.expiry ?? ''}
            onChange={(e) => onChange({ expiry: (e.target.value || undefined) as ExpiryFilter })}
          >
            <option value="">{intl.formatMessage({ id: 'Orders.filter.anyExpiry' })}</option>
            {EXPIRY_FILTERS.map((expiry) => (
              <option key={expiry} value={expiry}>
                {intl.formatMessage(
                  { id: `Orders.filter.${expiry}` },
                  { days: EXPIRING_FILTER_DAYS },
                )}
              </option>
            ))}
          </select>
        </div>
      </div>
    </>
  );
}
