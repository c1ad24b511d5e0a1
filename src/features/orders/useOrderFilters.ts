import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseOrderFilters, writeOrderFilters, type OrderFilters } from './orderView';

/**
 * The orders list's status and expiry filters, kept in the query string with the list's other
 * state (`?status=waiting&expiry=expiring`, shared/table/listState), so Back, a reload, a shared
 * link and the dashboard's figures open the same rows. A change replaces the history entry, as
 * the list's search does, and removes the page number: the table adopts the query as changed
 * from outside (no `searchParamsState` mark) and starts on its first page.
 */
export function useOrderFilters(): [OrderFilters, (changes: OrderFilters) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // A new object only when a filter changes: the list's search and page share the query, and a
  // keystroke must not filter the 50,000 orders again (the table's own search does that part).
  const status = params.get('status');
  const expiry = params.get('expiry');
  const filters = useMemo(
    () => parseOrderFilters(new URLSearchParams({ status: status ?? '', expiry: expiry ?? '' })),
    [status, expiry],
  );
  const update = useCallback(
    (changes: OrderFilters) =>
      setParams(writeOrderFilters(new URLSearchParams(search), { ...filters, ...changes }), {
        replace: true,
      }),
    [search, filters, setParams],
  );
  return [filters, update];
}
