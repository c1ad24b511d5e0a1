/**
 * The audit screen's data: the pages of the log read so far for a filter, newest first, and
 * `loadOlder` for the next page. A new filter starts over from the newest page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toAppError, type AppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import type { AuditEntry } from '@/shared/domain/audit';
import {
  readAdmins,
  readAuditPage,
  type AuditAuthor,
  type AuditCursor,
  type AuditFilter,
} from './auditApi';

/** Entries read per page (the screen never reads the whole log). */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditLogState {
  entries: AuditEntry[];
  /** Where the next older page starts; null when there is none. */
  next: AuditCursor | null;
  loading: boolean;
  error: AppError | null;
}

const initial: AuditLogState = { entries: [], next: null, loading: true, error: null };

/**
 * @returns the state, `loadOlder` (reads the next page, appended), `retry` (reads the newest page
 *   again) and the admins (authors for the filter and names for the rows; empty until read).
 */
export function useAuditLog(filter: AuditFilter) {
  const [state, setState] = useState<AuditLogState>(initial);
  const [admins, setAdmins] = useState<AuditAuthor[]>([]);
  const filterKey = JSON.stringify(filter);
  // Answers to an older filter's reads are dropped.
  const current = useRef(filterKey);

  const load = useCallback(
    async (cursor: AuditCursor | null) => {
      const key = JSON.stringify(filter);
      setState((s) => ({ ...(cursor ? s : initial), loading: true, error: null }));
      try {
        const page = await readAuditPage(await database(), filter, AUDIT_PAGE_SIZE, cursor);
        if (current.current !== key) return;
        setState((s) => ({
          entries: cursor ? [...s.entries, ...page.entries] : page.entries,
          next: page.next,
          loading: false,
          error: null,
        }));
      } catch (e) {
        if (current.current !== key) return;
        setState((s) => ({ ...s, loading: false, error: toAppError(e) }));
      }
    },
    // The filter's content, not its identity, decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterKey],
  );

  useEffect(() => {
    current.current = filterKey;
    void load(null);
  }, [filterKey, load]);

  useEffect(() => {
    let live = true;
    void database()
      .then(readAdmins)
      .then((list) => live && setAdmins(list))
      // Without the names the rows show uids; the log itself still loads.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const loadOlder = useCallback(() => {
    if (state.next && !state.loading) void load(state.next);
  }, [state.next, state.loading, load]);
  const retry = useCallback(() => void load(null), [load]);

  return { ...state, admins, loadOlder, retry };
}
