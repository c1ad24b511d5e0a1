/**
 * The one data table of the product (issue 6; spec section 2, Generic data table behaviour, and
 * section 5, list filters), built on TanStack Table (headless) with Bulma markup.
 *
 * - Sortable headers (click or Enter/Space on the header button), arrow shown, `aria-sort` set;
 *   the first click sorts ascending in every column (a column may set `sortDescFirst`).
 * - The filter: a case-insensitive substring match over the texts `filterText(row)` returns.
 * - Page sizes 5, 10, 15, 20, 50; pagination with first, neighbours of the current, last,
 *   previous and next.
 * - Export of the filtered (and sorted) rows as CSV; a column leaves the export with
 *   `meta: { csv: false }`, or gives its cell text with `meta: { csv: (row) => string }`.
 * - Loading, empty and error ('Show error') states.
 * - The column with id 'actions' stays in view at the right edge when a wide table scrolls
 *   sideways (on phones, or with many columns as on /orders).
 */
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type PaginationState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AppError } from '../errors';
import { downloadCsv } from './csv';
import { PAGE_SIZES, pageItems, type PageSize } from './pagination';
import { SearchBox } from './SearchBox';
import './table.css';

declare module '@tanstack/react-table' {
  // Column options of this product's table (the generic parameters are TanStack's).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** false: not exported; a function: the exported text of the cell. */
    csv?: false | ((row: TData) => string);
    /** Extra class names for the cells of the column (e.g. 'has-text-right'). */
    className?: string;
  }
}

/** A cell's classes: the column's `meta.className`, plus the sticky one of the actions column. */
function cellClass(column: { id: string; columnDef: { meta?: { className?: string } } }) {
  const own = column.columnDef.meta?.className;
  return column.id === 'actions' ? `is-row-actions ${own ?? ''}`.trim() : own;
}

export interface DataTableProps<T> {
  /** The rows. */
  data: T[];
  /** TanStack column definitions; `header` should be a string (used for CSV and sorting). */
  // TanStack's own type for a column list of mixed value types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** Stable id of a row (the record id). */
  getRowId: (row: T) => string;
  /** Texts of a row that the filter searches (spec section 5 lists them per list). */
  filterText: (row: T) => Array<string | number | null | undefined>;
  /** Accessible name of the table, e.g. 'Users'. */
  label: string;
  /** File name of the CSV export, without extension. */
  csvFileName: string;
  loading?: boolean;
  /** When set, the placeholder 'Show error' replaces the rows (spec section 2). */
  error?: AppError | null;
  /** Rendered in the toolbar after the search box (e.g. a New button). */
  actions?: ReactNode;
  initialSorting?: SortingState;
  initialPageSize?: PageSize;
}

/** Table of `data` with sorting, filter, paging and CSV export; see the module comment. */
export function DataTable<T>({
  data,
  columns,
  getRowId,
  filterText,
  label,
  csvFileName,
  loading = false,
  error = null,
  actions,
  initialSorting = [],
  initialPageSize = 10,
}: DataTableProps<T>) {
  const intl = useIntl();
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [query, setQuery] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: initialPageSize,
  });

  // Lower-cased search text per row, computed once per data change rather than per keystroke:
  // with 10,000 rows a keystroke must update the table in under 50 ms (issue 6 benchmark).
  const searchText = useMemo(
    () =>
      new Map(
        data.map((row) => [
          row,
          filterText(row)
            .filter((v) => v !== null && v !== undefined)
            .join('\u0000')
            .toLowerCase(),
        ]),
      ),
    [data, filterText],
  );
  const globalFilterFn = useMemo<FilterFn<T>>(
    () => (row, _columnId, q: string) => (searchText.get(row.original) ?? '').includes(q),
    [searchText],
  );

  // The column that carries the row filter: the first with values (TanStack only filters
  // columns with an accessor). Ids as TanStack makes them: `id`, else the accessor key, else
  // the string header.
  const filterColumnId = useMemo(() => {
    for (const c of columns as Array<{
      id?: string;
      accessorKey?: unknown;
      accessorFn?: unknown;
    }>) {
      if (c.accessorFn) return c.id;
      if (c.accessorKey !== undefined) return c.id ?? String(c.accessorKey).replaceAll('.', '_');
    }
    return undefined;
  }, [columns]);

  // TanStack Table hands back mutable helpers; fine here since the app does not use the React
  // Compiler (the warning is about memoising them automatically).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    state: { sorting, globalFilter: query.trim().toLowerCase(), pagination },
    onSortingChange: setSorting,
    // Every column sorts ascending on the first click (TanStack would start numbers and dates
    // descending), so the arrow means the same thing in every list.
    sortDescFirst: false,
    onPaginationChange: setPagination,
    globalFilterFn,
    // The filter matches whole rows (filterText), so one column is enough to carry it: TanStack
    // would otherwise run it once per column for every row that does not match.
    getColumnCanGlobalFilter: (column) => column.id === filterColumnId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: true,
  });

  const exportCsv = () => {
    const exported = table.getVisibleLeafColumns().filter((c) => c.columnDef.meta?.csv !== false);
    const header = exported.map((c) =>
      typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id,
    );
    const body = table.getPrePaginationRowModel().rows.map((row) =>
      exported.map((c) => {
        const csv = c.columnDef.meta?.csv;
        if (typeof csv === 'function') return csv(row.original);
        const value = row.getValue(c.id);
        return value === null || value === undefined ? '' : String(value);
      }),
    );
    downloadCsv(csvFileName, header, body);
  };

  const filteredCount = table.getPrePaginationRowModel().rows.length;
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = table.getPageCount();
  const columnCount = table.getVisibleLeafColumns().length;

  let placeholder: ReactNode = null;
  if (error) placeholder = <FormattedMessage id="Common.showError" />;
  else if (loading && data.length === 0) placeholder = <FormattedMessage id="Common.loading" />;
  else if (filteredCount === 0) placeholder = <FormattedMessage id="Table.empty" />;

  return (
    <div className="data-table">
      <div className="data-table-toolbar mb-3">
        <SearchBox
          value={query}
          onChange={(value) => {
            setQuery(value);
            table.setPageIndex(0);
          }}
          label={intl.formatMessage({ id: 'Common.search' })}
        />
        <div className="buttons mb-0">
          <button
            type="button"
            className="button is-light mb-0"
            onClick={exportCsv}
            disabled={filteredCount === 0}
          >
            <FormattedMessage id="Table.exportCsv" />
          </button>
          {actions}
        </div>
      </div>
      <div className="table-container">
        <table
          className="table is-fullwidth is-striped is-hoverable"
          aria-label={label}
          aria-busy={loading}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cellClass(header.column)}
                      aria-sort={
                        sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
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
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
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
          <tbody>
            {placeholder ? (
              <tr>
                <td colSpan={columnCount} className="has-text-centered has-text-grey">
                  <span role={error ? 'alert' : 'status'}>{placeholder}</span>
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cellClass(cell.column)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
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
          <div className="level-item">
            <span className="is-size-7 has-text-grey" aria-live="polite">
              <FormattedMessage id="Table.rowCount" values={{ count: filteredCount }} />
            </span>
          </div>
        </div>
        <nav
          className="level-right pagination is-small is-rounded"
          aria-label={intl.formatMessage({ id: 'Table.pagination' }, { table: label })}
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
      </div>
    </div>
  );
}
