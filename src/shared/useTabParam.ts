import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a page with Tabs, kept in the query string as `?tab=<key>` (the first tab
 * leaves the URL clean), so a reload, Back into the page or a shared link opens the same tab.
 * Switching replaces the history entry: a tab is not a step for Back to retrace. Other query
 * parameters stay.
 * @param fallback the tab shown when the URL names none (e.g. 'level' for a record just created)
 * @param first the first tab's key, left out of the URL
 * @returns the open tab's key and the function that opens another
 */
export function useTabParam(fallback: string, first: string): [string, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? fallback;
  const select = useCallback(
    (key: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key === first) next.delete('tab');
          else next.set('tab', key);
          return next;
        },
        { replace: true },
      ),
    [setParams, first],
  );
  return [tab, select];
}
