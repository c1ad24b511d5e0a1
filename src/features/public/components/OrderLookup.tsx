import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LoadingStatus } from '@/shared/forms/LoadingStatus';
import type { PublicOrder } from '@/shared/domain/derived/publicOrders';
import { usePublicOrder } from '../publicOrder';

/**
 * Reads the public facts of order `id` (publicOrder.ts) and renders `children(order)` once found;
 * meanwhile 'Loading…', and an alert when no order has this id (a mistyped or made-up link) or
 * when the database cannot be reached.
 */
export function OrderLookup({
  id,
  children,
}: {
  id: string;
  children: (order: PublicOrder) => ReactNode;
}) {
  const result = usePublicOrder(id);
  if (result.state === 'loading') return <LoadingStatus />;
  if (result.state === 'found') return children(result.order);
  return (
    <p className="notification is-warning has-text-centered" role="alert">
      <FormattedMessage
        id={result.state === 'notFound' ? 'Public.order.notFound' : 'Public.order.failed'}
        values={{ id }}
      />
    </p>
  );
}
