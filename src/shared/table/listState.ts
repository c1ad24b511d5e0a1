/**
 * The state of a list that a person expects to survive opening a record and pressing Back, a
 * reload, or a shared link: search text, sort, page and page size, kept in the query string as
 * `?q=ana&sort=-name&page=3&size=5`. Values equal to the list's defaults are left out, so an
 * untouched list has a clean URL. A record's form returns to the list as it was left (its 'Go
 * back' link and the redirect after a save): `listReturnPath`.
 */
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, type PageSize } from './pagination';

/** What a list shows: the search text, the sorted column, the 0-based page and its size. */
export interface ListState {
  query: string;
  sorting: SortingState;
  pageIndex: number;
  pageSize: PageSize;
}

/** The list's starting sort and page size, used when the URL says nothing. */
export interface ListDefaults {
  sorting: SortingState;
  pageSize: PageSize;
}

/** Changes one or more parts of the state; the others stay. */
export type SetListState = (changes: Partial<ListState>) => void;

/** `name` / `-name` for ascending / descending; 'none' when the person removed the sort. */
function encodeSorting(sorting: SortingState): string {
  const first = sorting[0];
  return first ? `${first.desc ? '-' : ''}${first.id}` : 'none';
}

function decodeSorting(text: string): SortingState {
  if (text === 'none' || text === '' || text === '-') return [];
  return text.startsWith('-') ? [{ id: text.slice(1), desc: true }] : [{ id: text, desc: false }];
}

/**
 * Reads a list's state from query parameters; anything missing or malformed falls back to the
 * defaults (a page below 1, or a size the table does not offer).
 */
export function parseListState(params: URLSearchParams, defaults: ListDefaults): ListState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    query: params.get('q') ?? '',
    sorting: sort === null ? defaults.sorting : decodeSorting(sort),
    pageIndex: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size)
      ? (size as PageSize)
      : defaults.pageSize,
  };
}

/**
 * Writes a list's state into query parameters (a copy; other parameters are kept), leaving out
 * what equals the defaults.
 */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  defaults: ListDefaults,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('q', state.query, '');
  set('sort', encodeSorting(state.sorting), encodeSorting(defaults.sorting));
  set('page', String(state.pageIndex + 1), '1');
  set('size', String(state.pageSize), String(defaults.pageSize));
  return next;
}

/**
 * The query the last write of {@link useSearchParamsState} asked the router for, until a render
 * shows it. React Router commits a navigation after a microtask and renders it in a transition,
 * so a hook may still hold the query from before another hook's write (a list's table and its
 * 'Show all' share one query); a write that started from that query would undo the other one
 * ('Show all' checked, then a page size chosen: `all=1` lost, and with it the obsolete rows after
 * Back). A write made before the last one is shown starts from it instead.
 */
let pendingWrite: { pathname: string; search: string } | null = null;

/**
 * A piece of state mirrored into the query string of the current route: the component holds it
 * (so a controlled input updates in the same frame as the keystroke: React Router applies
 * navigations in a transition, and an input whose value waited for one would drop keys), and
 * every change is written to the URL with `replace`, so Back leaves the screen instead of
 * stepping through keystrokes. A query changed from outside (a link to the same screen) is
 * adopted.
 * @param parse reads the state from the query (missing or malformed values: defaults).
 * @param write returns a copy of the query with the state written in, other keys kept.
 */
export function useSearchParamsState<S>(
  parse: (params: URLSearchParams) => S,
  write: (params: URLSearchParams, state: S) => URLSearchParams,
): [S, (next: S) => void] {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => parse(params));
  const search = params.toString();
  const { pathname } = useLocation();
  // Every write of these hooks marks its history entry, so no instance mistakes another's write
  // (the table's search and a list's 'Show all' share one query) for a navigation to adopt.
  const fromHook = (useLocation().state as { searchParamsState?: true } | null)?.searchParamsState;
  // A screen that starts has no write of its own under way: one left by an earlier screen of the
  // same path (left before its write was shown) is not its base.
  useEffect(() => {
    if (pendingWrite?.pathname === pathname) pendingWrite = null;
  }, [pathname]);
  useEffect(() => {
    rememberListSearch(pathname, search);
    // Shown, or overtaken by a navigation from outside (Back, a link): no longer pending.
    if (pendingWrite?.pathname === pathname && (pendingWrite.search === search || !fromHook)) {
      pendingWrite = null;
    }
  }, [pathname, search, fromHook]);
  // Adopt a query set from outside (React's "adjusting state when a prop changes" pattern).
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (!fromHook) setState(parse(params));
  }
  const update = useCallback(
    (next: S) => {
      setState(next);
      const base = pendingWrite?.pathname === pathname ? pendingWrite.search : search;
      const written = write(new URLSearchParams(base), next);
      pendingWrite = { pathname, search: written.toString() };
      setParams(written, { replace: true, state: { searchParamsState: true } });
    },
    [pathname, search, write, setParams],
  );
  return [state, update];
}

/** A list's state kept in the query string of the current route (see useSearchParamsState). */
export function useUrlListState(defaults: ListDefaults): [ListState, SetListState] {
  const parse = useCallback(
    (params: URLSearchParams) => parseListState(params, defaults),
    [defaults],
  );
  const write = useCallback(
    (params: URLSearchParams, state: ListState) => writeListState(params, state, defaults),
    [defaults],
  );
  const [state, set] = useSearchParamsState(parse, write);
  const setState = useCallback<SetListState>(
    (changes) => set({ ...state, ...changes }),
    [set, state],
  );
  return [state, setState];
}

/** The same state held by the component, for tables embedded in another screen. */
export function useLocalListState(defaults: ListDefaults): [ListState, SetListState] {
  const [state, set] = useState<ListState>(() => ({
    query: '',
    sorting: defaults.sorting,
    pageIndex: 0,
    pageSize: defaults.pageSize,
  }));
  const setState = useCallback<SetListState>((changes) => set((s) => ({ ...s, ...changes })), []);
  return [state, setState];
}

/**
 * The query of each list as last shown in this browser tab, by the list's path: sessionStorage,
 * so it survives a reload of the record's page as the list's own URL does, and stays per tab as
 * browser history is. A memory copy serves when storage is refused (private modes, quotas).
 */
const lastSearches = new Map<string, string>();
const STORAGE_PREFIX = 'listSearch:';

function rememberListSearch(pathname: string, search: string): void {
  lastSearches.set(pathname, search);
  try {
    sessionStorage.setItem(STORAGE_PREFIX + pathname, search);
  } catch {
    // The memory copy is enough for this page's life.
  }
}

/**
 * Where a record's form goes back to: the list's path with the query it last had in this tab
 * (search, sort, page, size, 'Show all'), so 'Go back' and the redirect after a save show the
 * rows the admin left, as the browser's Back does. The bare path when the list was not shown.
 * @param listPath the list's route, e.g. '/tutors'
 * @returns e.g. '/tutors?q=a&sort=name&size=5&page=2'
 */
export function listReturnPath(listPath: string): string {
  let search = lastSearches.get(listPath);
  if (search === undefined) {
    try {
      search = sessionStorage.getItem(STORAGE_PREFIX + listPath) ?? '';
    } catch {
      search = '';
    }
  }
  return search ? `${listPath}?${search}` : listPath;
}

/** 'Show all' as the query string holds it: `all=1`. */
const readShowAll = (params: URLSearchParams) => params.get('all') === '1';
function writeShowAll(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set('all', '1');
  else next.delete('all');
  return next;
}

/**
 * A list's 'Show all' switch (obsolete records, inactive people, every order, stored countries)
 * kept in the query string as `all=1` with the rest of its state, so it survives Back, a reload
 * and a shared link as the rest does. Off by default.
 */
export function useShowAllParam(): [boolean, (on: boolean) => void] {
  return useSearchParamsState(readShowAll, writeShowAll);
}
