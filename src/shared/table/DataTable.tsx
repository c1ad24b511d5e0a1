/**
 * The one data table of the product (spec section 2, Generic data table behaviour, and
 * section 5, list filters), built on TanStack Table (headless) with Bulma markup.
 *
 * - Sortable headers (click or Enter/Space on the header button), arrow shown, `aria-sort` set;
 *   the first click sorts ascending in every column. Sorting is case- and accent-insensitive,
 *   numbers and dates by value, empty values last (shared/table/rowOrder).
 * - The filter: a case-insensitive substring match over the texts `filterText(row)` returns.
 * - Page sizes 5, 10, 15, 20, 50; pagination with first, neighbours of the current, last,
 *   previous and next.
 * - Search, sort, page and page size live in the query string, so Back, a reload and
 *   a shared link restore them; a table embedded in another screen passes `urlState={false}`.
 * - Export of the filtered (and sorted) rows as CSV (shared/table/csv: numbers as numbers, ISO
 *   dates, no formulas); a column leaves the export with `meta: { csv: false }`, gives its cell
 *   with `meta: { csv: (row) => CsvCell }`, or several cells with a list of titled values.
 * - With `selection`: a first column of checkboxes (a row, or every row of the page from the
 *   header), 'Select all N matching' (every row the search matches, on every page), the count
 *   announced (aria-live), 'Export selected' and the list's own bulk actions on the rows chosen.
 * - Loading from the first frame, empty, and a failed load with its reason and a Retry button
 *   (no stale count or pages next to it).
 * - Columns that do not fit the card's width are hidden, least important first (`meta.priority`:
 *   lower is more important, 0 never hides; by default the 'name' column (else the first) and
 *   the 'actions' column never hide and the others hide from the right); their values show,
 *   labelled, in a line below the record's row, so nothing is cut or covered. The column with id
 *   'actions' stays at the right edge if the table still scrolls sideways.
 *
 * Scale (50,000 rows, docs/performance.md): the table filters, sorts and pages the rows itself
 * on keys computed once per data change, and hands TanStack only the visible page, so a
 * keystroke or a sort click costs one pass over the rows plus rendering the page; the rows follow
 * the search and sort in a deferred render (the input and the header's arrow paint first), and
 * the columns are re-fitted to a search's rows once typing pauses.
 */
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  Fragment,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useInRouterContext } from 'react-router-dom';
import type { AppError } from '../errors';
import { downloadCsv, type CsvCell } from './csv';
import { useFittedColumns } from './fitColumns';
import {
  useLocalListState,
  useUrlListState,
  type ListDefaults,
  type ListState,
  type SetListState,
} from './listState';
import { PAGE_SIZES, pageItems, type PageSize } from './pagination';
import { searchIndex, type SortValue } from './rowOrder';
import { reservedBodyHeight, rememberBodyHeight } from './reservedHeight';
import { SearchBox } from './SearchBox';
import { usePreparedRows, type SortableColumn } from './usePreparedRows';
import './table.css';

declare module '@tanstack/react-table' {
  // Column options of this product's table (the generic parameters are TanStack's).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * The CSV export of the column: false, none; a function, the exported cell (a number stays a
     * number; dates through csv.ts `csvDate`); a list, several exported columns (e.g. two numbers
     * the screen shows as '3 / 4'). Default: the accessor's value (numbers as numbers).
     */
    csv?:
      false | ((row: TData) => CsvCell) | Array<{ title: string; value: (row: TData) => CsvCell }>;
    /** Extra class names for the cells of the column (e.g. 'has-text-right'). */
    className?: string;
    /** What the column sorts by, when not its accessor's value (e.g. a date behind a label). */
    sortValue?: (row: TData) => SortValue;
    /** Importance when the table is too wide: lower stays longer, 0 never hides. */
    priority?: number;
  }
}

/** A cell's classes: the column's `meta.className`, plus the sticky one of the actions column. */
function cellClass(column: { id: string; columnDef: { meta?: { className?: string } } }) {
  const own = column.columnDef.meta?.className;
  return column.id === 'actions' ? `is-row-actions ${own ?? ''}`.trim() : own;
}

// TanStack's own type for a column list of mixed value types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyColumn<T> = ColumnDef<T, any>;

/** The id TanStack gives a column: `id`, else the accessor key (dots as '_'), else the header. */
function columnId<T>(column: AnyColumn<T>): string | undefined {
  const c = column as { id?: string; accessorKey?: unknown; header?: unknown };
  if (c.id) return c.id;
  if (c.accessorKey !== undefined) return String(c.accessorKey).replaceAll('.', '_');
  return typeof c.header === 'string' ? c.header : undefined;
}

/** The value of a column for a row: `meta.sortValue`, else its accessor (function or key path). */
function columnValue<T>(column: AnyColumn<T>): ((row: T) => SortValue) | undefined {
  const c = column as {
    meta?: { sortValue?: (row: T) => SortValue };
    accessorFn?: (row: T, index: number) => unknown;
    accessorKey?: unknown;
  };
  if (c.meta?.sortValue) return c.meta.sortValue;
  const { accessorFn, accessorKey } = c;
  if (accessorFn) return (row) => accessorFn(row, 0) as SortValue;
  if (accessorKey !== undefined) {
    const path = String(accessorKey).split('.');
    return (row) =>
      path.reduce<unknown>(
        (value, key) => (value as Record<string, unknown> | undefined)?.[key],
        row,
      ) as SortValue;
  }
  return undefined;
}

/** A column's title as text: its string header, else its id (for labels of hidden values). */
function columnTitle(column: { id: string; columnDef: { header?: unknown } }): string {
  return typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id;
}

/**
 * What a page of rows reads, for comparing two pages (useFittedColumns' `rowsKey`): their JSON
 * text, so that the same rows from another rows array compare equal. Rows JSON cannot hold (a
 * cycle, a BigInt) are compared as the page array itself.
 */
function pageContent<T>(page: readonly T[]): unknown {
  try {
    return JSON.stringify(page);
  } catch {
    return page;
  }
}

/** The value of an updater (TanStack passes either a value or a function of the old one). */
function resolve<V>(updater: Updater<V>, old: V): V {
  return typeof updater === 'function' ? (updater as (old: V) => V)(old) : updater;
}

export interface DataTableProps<T> {
  /** The rows. */
  data: T[];
  /** TanStack column definitions; `header` should be a string (used for CSV and sorting). */
  columns: AnyColumn<T>[];
  /** Stable id of a row (the record id). */
  getRowId: (row: T) => string;
  /**
   * Texts of a row that the filter searches (spec section 5 lists them per list). Keep it stable
   * (module-level or memoised): the search index is rebuilt when it changes.
   */
  filterText: (row: T) => Array<string | number | null | undefined>;
  /** Accessible name of the table, e.g. 'Users'. */
  label: string;
  /** File name of the CSV export, without extension; also the table's id prefix. */
  csvFileName: string;
  /** True while the rows are being read; with no rows yet, 'Loading…' shows. */
  loading?: boolean;
  /** When set, the load failed: its reason and a Retry button replace the rows (spec 2). */
  error?: AppError | null;
  /** Reads the rows again; offered as Retry when `error` is set. */
  onRetry?: () => void;
  /** Rendered in the toolbar after the search box (e.g. a New button). */
  actions?: ReactNode;
  initialSorting?: SortingState;
  initialPageSize?: PageSize;
  /** false: keep search, sort and page in the component instead of the URL (embedded tables). */
  urlState?: boolean;
  /** Row selection for bulk actions (see the module comment and {@link TableSelection}). */
  selection?: TableSelection<T>;
}

/**
 * What a table with bulk actions gives: the chosen ids (kept by the list, so its actions can
 * clear them), a row's name for its checkbox, and the list's bulk actions.
 */
export interface TableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** The accessible name of a row's checkbox, e.g. 'Select Ana Lim'. */
  rowLabel: (row: T) => string;
  /**
   * Buttons acting on the selected rows (in the list's current order), e.g. Delete selected.
   * Rendered whatever the selection, so that a dialog they open (a confirmation, then a summary)
   * stays while the rows it deleted leave the selection; they show their button only for a
   * selection of one row or more.
   */
  actions?: (rows: T[]) => ReactNode;
}

/**
 * What the checkbox column reads when it renders, through TanStack's table `meta`: the chosen
 * ids, how to change them, a row's checkbox name and the ids of the page shown.
 */
interface SelectionMeta<T> {
  selectedIds: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  rowLabel: (row: T) => string;
  pageIds: string[];
}

/** The id of the checkbox column. */
const SELECT_COLUMN = 'select';

/** The selection when nothing is selected (one array, so memoised values keep it). */
const NO_ROWS: never[] = [];

/** Table of `data` with sorting, filter, paging and CSV export; see the module comment. */
export function DataTable<T>(props: DataTableProps<T>) {
  const inRouter = useInRouterContext();
  const { initialSorting, initialPageSize = 10 } = props;
  const sortingKey = JSON.stringify(initialSorting ?? []);
  // Stable across renders although callers pass literal arrays.
  const defaults = useMemo<ListDefaults>(
    () => ({ sorting: JSON.parse(sortingKey) as SortingState, pageSize: initialPageSize }),
    [sortingKey, initialPageSize],
  );
  return props.urlState !== false && inRouter ? (
    <UrlStateTable {...props} defaults={defaults} />
  ) : (
    <LocalStateTable {...props} defaults={defaults} />
  );
}

type StatefulProps<T> = DataTableProps<T> & { defaults: ListDefaults };

function UrlStateTable<T>({ defaults, ...props }: StatefulProps<T>) {
  const [state, setState] = useUrlListState(defaults);
  return <DataTableView {...props} state={state} setState={setState} />;
}

function LocalStateTable<T>({ defaults, ...props }: StatefulProps<T>) {
  const [state, setState] = useLocalListState(defaults);
  return <DataTableView {...props} state={state} setState={setState} />;
}

function DataTableView<T>({
  data,
  columns,
  getRowId,
  filterText,
  label,
  csvFileName,
  loading = false,
  error = null,
  onRetry,
  actions,
  selection,
  state,
  setState,
}: DataTableProps<T> & { state: ListState; setState: SetListState }) {
  const intl = useIntl();
  // The rows follow the state in a deferred render (React's useDeferredValue): a keystroke paints
  // the search box, a sort click the header's arrow, at once; the rows they select follow in a
  // render React may interrupt for the next keystroke, so typing never waits for a 50,000-row
  // filter. Everything shown beside the rows (count, pages) follows them.
  const rowsState = useDeferredValue(state);
  const { query, pageSize } = rowsState;
  const sortId = rowsState.sorting[0]?.id;
  const sortDesc = rowsState.sorting[0]?.desc ?? false;

  const index = useMemo(() => searchIndex(filterText), [filterText]);
  // Sorted and filtered on keys prepared ahead, a large new rows array in short slices first
  // (usePreparedRows: < 50 ms a keystroke or click at 50,000 rows, from the first page on).
  const sortable = useMemo(
    () =>
      columns.flatMap((column): SortableColumn<T>[] => {
        const value = column.enableSorting !== false ? columnValue(column) : undefined;
        return value ? [{ column, value }] : [];
      }),
    [columns],
  );
  const sortBy = useMemo(
    () => sortable.find(({ column }) => columnId(column as AnyColumn<T>) === sortId),
    [sortable, sortId],
  );
  const { filtered, shown, preparing } = usePreparedRows({
    data,
    sortBy,
    desc: sortDesc,
    sortable,
    index,
    query,
  });

  const pageCount = Math.ceil(filtered.length / pageSize);
  // A page beyond the last (a shared link, or rows deleted meanwhile) shows the last page.
  const pageIndex = Math.max(0, Math.min(rowsState.pageIndex, pageCount - 1));
  const page = useMemo(
    () => filtered.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    [filtered, pageIndex, pageSize],
  );
  const containerRef = useRef<HTMLDivElement>(null);
  const priorities = useMemo(
    () =>
      new Map(
        columns.map((column, index) => {
          const id = columnId(column) ?? String(index);
          const hasName = columns.some((c) => columnId(c) === 'name');
          const fixed =
            id === 'name' || id === 'actions' || (index === 0 && !hasName) ? 0 : index + 1;
          return [id, column.meta?.priority ?? fixed] as const;
        }),
      ).set(SELECT_COLUMN, 0),
    [columns],
  );
  const selectedIds = selection?.selected;
  const onSelect = selection?.onChange;
  const rowLabel = selection?.rowLabel;
  const selectionMeta = useMemo<SelectionMeta<T> | undefined>(
    () =>
      selectedIds && onSelect && rowLabel
        ? { selectedIds, onSelect, rowLabel, pageIds: page.map(getRowId) }
        : undefined,
    [selectedIds, onSelect, rowLabel, page, getRowId],
  );
  const hasSelection = selectionMeta !== undefined;
  // The checkbox column first, when the list has bulk actions; its header selects the page. Its
  // header and cells read the selection and the page through the table's meta, so the column
  // stays the same object while they change: TanStack renders a cell function as a component,
  // and a new one would replace every checkbox (and lose the focus of the one in use).
  const shownColumns = useMemo<AnyColumn<T>[]>(() => {
    if (!hasSelection) return columns;
    const metaOf = (table: { options: { meta?: unknown } }) =>
      table.options.meta as SelectionMeta<T>;
    const select: AnyColumn<T> = {
      id: SELECT_COLUMN,
      enableSorting: false,
      meta: { csv: false },
      header: ({ table }) => {
        const { selectedIds: chosen, onSelect: choose, pageIds } = metaOf(table);
        const onPage = pageIds.filter((id) => chosen.has(id)).length;
        return (
          <input
            type="checkbox"
            aria-label={intl.formatMessage({ id: 'Table.selectPage' })}
            checked={pageIds.length > 0 && onPage === pageIds.length}
            ref={(box) => {
              if (box) box.indeterminate = onPage > 0 && onPage < pageIds.length;
            }}
            onChange={(e) => {
              const next = new Set(chosen);
              for (const id of pageIds) {
                if (e.currentTarget.checked) next.add(id);
                else next.delete(id);
              }
              choose(next);
            }}
          />
        );
      },
      cell: ({ row, table }) => {
        const { selectedIds: chosen, onSelect: choose, rowLabel: label } = metaOf(table);
        return (
          <input
            type="checkbox"
            aria-label={label(row.original)}
            checked={chosen.has(row.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.currentTarget.checked) next.add(row.id);
              else next.delete(row.id);
              choose(next);
            }}
          />
        );
      },
    };
    return [select, ...columns];
  }, [columns, hasSelection, intl]);
  // Measure again at once when the columns, the page or whether there are rows change, and when
  // a new rows array (rows arriving, a live change) shows a page that reads differently; when a
  // search or sort shows other rows in the same place, once they have stayed a moment
  // (fitColumns): typing is not held up by re-fitting.
  const hasRows = page.length > 0;
  const contentKey = useMemo(
    () => ({ columns, pageIndex, pageSize, hasRows }),
    [columns, pageIndex, pageSize, hasRows],
  );
  const pageText = useMemo(() => pageContent(page), [page]);
  const hidden = useFittedColumns(containerRef, priorities, contentKey, pageText, shown);
  const columnVisibility = useMemo(
    () => Object.fromEntries([...hidden].map((id) => [id, false])),
    [hidden],
  );
  // The headers' arrows show the sort asked for (not yet the deferred one the rows follow).
  const askedId = state.sorting[0]?.id;
  const askedDesc = state.sorting[0]?.desc ?? false;
  const sorting = useMemo<SortingState>(
    () => (askedId ? [{ id: askedId, desc: askedDesc }] : []),
    [askedId, askedDesc],
  );

  // TanStack Table hands back mutable helpers; fine here since the app does not use the React
  // Compiler (the warning is about memoising them automatically).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: page,
    columns: shownColumns,
    meta: selectionMeta,
    getRowId: (row) => getRowId(row),
    state: { sorting, pagination: { pageIndex, pageSize }, columnVisibility },
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    pageCount,
    // Every column sorts ascending on the first click (TanStack would start numbers and dates
    // descending), so the arrow means the same thing in every list.
    sortDescFirst: false,
    onSortingChange: (updater) =>
      setState({ sorting: resolve(updater, sorting).slice(0, 1), pageIndex: 0 }),
    onPaginationChange: (updater) => {
      const next: PaginationState = resolve(updater, { pageIndex, pageSize });
      setState({
        pageIndex: next.pageSize === pageSize ? next.pageIndex : 0,
        pageSize: next.pageSize as PageSize,
      });
    },
    getCoreRowModel: getCoreRowModel(),
  });

  /** Offers `rows` as the list's CSV file. */
  const exportRows = (rows: readonly T[]) => {
    // Each exported column as one or more titled cells.
    const exported = table.getAllLeafColumns().flatMap((c) => {
      const csv = c.columnDef.meta?.csv;
      if (csv === false) return [];
      if (Array.isArray(csv)) return csv;
      if (typeof csv === 'function') return [{ title: columnTitle(c), value: csv }];
      const value = (row: T): CsvCell => {
        const v = c.accessorFn?.(row, 0);
        return typeof v === 'number' || typeof v === 'string' ? v : v == null ? '' : String(v);
      };
      return [{ title: columnTitle(c), value }];
    });
    downloadCsv(
      csvFileName,
      exported.map((e) => e.title),
      rows.map((row) => exported.map((e) => e.value(row))),
    );
  };
  const exportCsv = () => exportRows(filtered);

  // The selected rows in the list's order (a deleted record leaves the selection by itself). No
  // pass over the rows when nothing is selected: `getRowId` is often an inline function, new on
  // each render, and a keystroke's render would otherwise scan all 50,000 rows.
  const getRowIdRef = useRef(getRowId);
  useLayoutEffect(() => {
    getRowIdRef.current = getRowId;
  });
  const selectedRows = useMemo(
    () =>
      selectedIds && selectedIds.size > 0
        ? data.filter((row) => selectedIds.has(getRowIdRef.current(row)))
        : NO_ROWS,
    [data, selectedIds],
  ) as T[];
  const matchingUnselected = selectedIds
    ? filtered.some((row) => !selectedIds.has(getRowId(row)))
    : false;

  const columnCount = table.getVisibleLeafColumns().length;
  const showRows = !error && filtered.length > 0;

  let placeholder: ReactNode = null;
  const waiting = loading && data.length === 0;
  if (waiting) placeholder = <FormattedMessage id="Common.loading" />;
  else if (filtered.length === 0) placeholder = <FormattedMessage id="Table.empty" />;

  // While the first rows load, the body keeps the height its rows had when last shown (else an
  // estimate for a page of rows), so rows arriving do not push the pagination and the footer
  // down: Lighthouse measured a layout shift of 0.47 on /students before (target < 0.1).
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const bodyKey = `${csvFileName}:${pageSize}`;
  // Remembered from the first page of the whole list, rows or the empty state: what a next load
  // shows first (an empty list remembered nothing, and its next load reserved a page of rows).
  // No rows count as the empty state only once a load has ended: before its first load starts a
  // list has no rows either, and remembering that reserved one line for a page of rows.
  const [loadStarted, setLoadStarted] = useState(loading);
  if (loading && !loadStarted) setLoadStarted(true);
  const settled = page.length > 0 || (loadStarted && !loading);
  const shownRows =
    settled && !waiting && !error && pageIndex === 0 && query === '' ? page.length : -1;
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body && shownRows >= 0) rememberBodyHeight(bodyKey, body.getBoundingClientRect().height);
  }, [bodyKey, shownRows]);

  return (
    <div className="data-table">
      <div className="data-table-toolbar mb-3">
        <SearchBox
          value={state.query}
          onChange={(value) => setState({ query: value, pageIndex: 0 })}
          label={intl.formatMessage({ id: 'Common.search' })}
        />
        <div className="buttons mb-0">
          <button
            type="button"
            className="button is-light mb-0"
            onClick={exportCsv}
            disabled={!showRows}
          >
            <FormattedMessage id="Table.exportCsv" />
          </button>
          {actions}
        </div>
      </div>
      {selection && (
        <div className="data-table-selection buttons are-small mb-2">
          <span className="mr-2" aria-live="polite">
            <FormattedMessage id="Table.selected" values={{ count: selectedRows.length }} />
          </span>
          {matchingUnselected && (
            <button
              type="button"
              className="button is-light"
              onClick={() => selection.onChange(new Set(filtered.map(getRowId)))}
            >
              <FormattedMessage id="Table.selectMatching" values={{ count: filtered.length }} />
            </button>
          )}
          {selectedRows.length > 0 && (
            <>
              <button
                type="button"
                className="button is-light"
                onClick={() => selection.onChange(new Set())}
              >
                <FormattedMessage id="Table.clearSelection" />
              </button>
              <button
                type="button"
                className="button is-light"
                onClick={() => exportRows(selectedRows)}
              >
                <FormattedMessage id="Table.exportSelected" />
              </button>
            </>
          )}
          {selection.actions?.(selectedRows)}
        </div>
      )}
      {error ? (
        <div className="notification is-danger is-light" role="alert">
          <p>
            <FormattedMessage
              id="Table.loadFailed"
              values={{
                reason: intl.formatMessage({ id: error.messageId }, { raw: error.raw ?? '' }),
              }}
            />
          </p>
          {onRetry && (
            <button
              type="button"
              className="button is-danger is-small mt-2"
              onClick={onRetry}
              disabled={loading}
            >
              <FormattedMessage id="Table.retry" />
            </button>
          )}
        </div>
      ) : (
        <div className="table-container" ref={containerRef}>
          <table
            id={`${csvFileName}-table`}
            // Stripes would fall on the rows of hidden values; those rows carry their own border.
            className={`table is-fullwidth is-hoverable${hidden.size > 0 ? '' : ' is-striped'}${waiting ? ' is-waiting' : ''}`}
            aria-label={label}
            // Busy too while rows or a sort asked for are prepared and the ones before still show.
            aria-busy={loading || preparing}
            // Focus lands here after the row that held it is deleted, not on the page's top.
            tabIndex={-1}
          >
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sortedAs = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    const content = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        data-column={header.column.id}
                        scope="col"
                        className={cellClass(header.column)}
                        aria-sort={
                          sortedAs === 'asc'
                            ? 'ascending'
                            : sortedAs === 'desc'
                              ? 'descending'
                              : undefined
                        }
                      >
                        {canSort ? (
                          <button
                            type="button"
                            className="button is-white px-0 sort-button"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {content}
                            <span className="ml-1" aria-hidden="true">
                              {sortedAs === 'asc' ? '▲' : sortedAs === 'desc' ? '▼' : '↕'}
                            </span>
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody ref={bodyRef}>
              {placeholder ? (
                <tr style={waiting ? { height: reservedBodyHeight(bodyKey, pageSize) } : undefined}>
                  <td colSpan={columnCount} className="has-text-centered has-text-grey">
                    <span role="status">{placeholder}</span>
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <Fragment key={row.id}>
                    <tr className={hidden.size > 0 ? 'has-row-more' : undefined}>
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id} className={cellClass(cell.column)}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      ))}
                    </tr>
                    {hidden.size > 0 && (
                      <tr className="row-more">
                        <td colSpan={columnCount}>
                          <dl>
                            {row
                              .getAllCells()
                              .filter((c) => hidden.has(c.column.id))
                              .map((c) => (
                                <div key={c.id}>
                                  <dt>{columnTitle(c.column)}</dt>
                                  <dd>{flexRender(c.column.columnDef.cell, c.getContext())}</dd>
                                </div>
                              ))}
                          </dl>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      <div className="level is-mobile">
        <div className="level-left">
          <div className="level-item">
            <div className="field has-addons is-align-items-center">
              <label className="label is-small mb-0 mr-2" htmlFor={`${csvFileName}-page-size`}>
                <FormattedMessage id="Table.pageSize" />
              </label>
              <div className="select is-small">
                <select
                  id={`${csvFileName}-page-size`}
                  value={pageSize}
                  onChange={(e) => table.setPageSize(Number(e.target.value))}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
          {!error && !(loading && data.length === 0) && (
            <div className="level-item">
              <span className="is-size-7 has-text-grey" aria-live="polite">
                <FormattedMessage id="Table.rowCount" values={{ count: filtered.length }} />
              </span>
            </div>
          )}
        </div>
        {/* Laid out even without rows (hidden, out of the accessibility tree), so that rows
            arriving do not change the bar's height. */}
        {
          <nav
            className="level-right pagination is-small is-rounded"
            aria-label={intl.formatMessage({ id: 'Table.pagination' }, { table: label })}
            style={showRows ? undefined : { visibility: 'hidden' }}
            aria-hidden={showRows ? undefined : true}
          >
            <button
              type="button"
              className="pagination-previous"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
            >
              <FormattedMessage id="Table.previous" />
            </button>
            <button
              type="button"
              className="pagination-next"
              onClick={() => table.nextPage()}
              disabled={!table.getCanNextPage()}
            >
              <FormattedMessage id="Table.next" />
            </button>
            <ul className="pagination-list">
              {pageItems(pageIndex, pageCount).map((item, i) =>
                item === 'ellipsis' ? (
                  <li key={`gap-${i}`}>
                    <span className="pagination-ellipsis">&hellip;</span>
                  </li>
                ) : (
                  <li key={item}>
                    <button
                      type="button"
                      className={`pagination-link${item === pageIndex ? ' is-current' : ''}`}
                      aria-label={intl.formatMessage({ id: 'Table.goToPage' }, { page: item + 1 })}
                      aria-current={item === pageIndex ? 'page' : undefined}
                      onClick={() => table.setPageIndex(item)}
                    >
                      {item + 1}
                    </button>
                  </li>
                ),
              )}
            </ul>
          </nav>
        }
      </div>
    </div>
  );
}
