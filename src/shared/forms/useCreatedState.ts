import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The location state a create form leaves on the new record's edit page (useEntityForm). */
export const CREATED_STATE = { created: true } as const;

/**
 * Whether this edit page was reached by creating its record (the page then opens the next tab).
 * Read once; the state is then cleared from the history entry, so a reload or a later visit opens
 * the page as usual.
 */
export function useCreatedState(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [created] = useState(
    () => (location.state as { created?: boolean } | null)?.created === true,
  );
  useEffect(() => {
    if (created) void navigate(location.pathname + location.search, { replace: true, state: null });
    // Once, on arrival: later renders have no state to clear.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return created;
}
