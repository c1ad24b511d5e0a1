import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './DataTable';
import { ESTIMATED_ROW_PX, rememberBodyHeight, reservedBodyHeight } from './reservedHeight';

/** The English texts of the ids used (shared/ cannot import the app's catalogues). */
const messages = {
  en: {
    'Common.search': 'Search',
    'Common.loading': 'Loading…',
    'Common.showError': 'Show error',
    'Table.empty': 'No records to show',
    'Table.exportCsv': 'Export CSV',
    'Table.pageSize': 'Rows per page',
    'Table.rowCount': '{count, plural, one {# record} other {# records}}',
    'Table.pagination': 'Pages of {table}',
    'Table.previous': 'Previous',
    'Table.next': 'Next',
    'Table.goToPage': 'Go to page {page}',
    'Table.loadFailed': 'The list could not be loaded: {reason}',
    'Table.retry': 'Retry',
    'database/permission-denied': 'Permission denied',
  },
};

interface Person {
  id: string;
  name: string;
  city: string;
  age: number;
}

/** 23 people: 'Person 01'..'Person 23', ages 40 down to 18, cities alternating. */
const people: Person[] = Array.from({ length: 23 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  city: i % 2 === 0 ? 'Singapore' : 'Madrid',
  age: 40 - i,
}));

const columns: ColumnDef<Person, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'city', header: 'City', meta: { csv: (p) => p.city.toUpperCase() } },
  { accessorKey: 'age', header: 'Age' },
  { id: 'actions', header: 'Actions', enableSorting: false, meta: { csv: false }, cell: () => 'x' },
];

const filterText = (p: Person) => [p.name, p.city];

/**
 * Renders the table of `people`; with `url`, inside a router at that URL (list state in the
 * query string), with `extra` beside it.
 */
function renderTable(
  props: Partial<DataTableProps<Person>> = {},
  { url, extra }: { url?: string; extra?: ReactNode } = {},
) {
  const table = (
    <IntlProvider locale="en" messages={messages.en}>
      <DataTable<Person>
        data={people}
        columns={columns}
        getRowId={(p) => p.id}
        filterText={filterText}
        label="People"
        csvFileName="people"
        {...props}
      />
      {extra}
    </IntlProvider>
  );
  return render(url ? <MemoryRouter initialEntries={[url]}>{table}</MemoryRouter> : table);
}

/** Texts of the first cell of every body row. */
function firstCells(): string[] {
  const table = screen.getByRole('table', { name: 'People' });
  const rows = within(table).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('DataTable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the first page of 10 rows in data order', () => {
    renderTable();
    expect(firstCells()).toEqual(people.slice(0, 10).map((p) => p.name));
    expect(screen.getByText('23 records')).toBeInTheDocument();
  });

  it('sorts by a header click, ascending then descending, with arrow and aria-sort', async () => {
    const user = userEvent.setup();
    renderTable();
    const header = screen.getByRole('columnheader', { name: /Age/ });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(within(header).getByText('↕')).toBeInTheDocument();

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(within(header).getByText('▲')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('Person 23'); // youngest, 18

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(within(header).getByText('▼')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('Person 01');
  });

  it('does not offer sorting on a column with sorting disabled', () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(within(header).queryByRole('button')).toBeNull();
  });

  it('starts with the initial sorting', () => {
    renderTable({ initialSorting: [{ id: 'name', desc: true }] });
    expect(firstCells()[0]).toBe('Person 23');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('filters case-insensitively over the filter texts only', async () => {
    const user = userEvent.setup();
    renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'MADRID');
    expect(screen.getByText('11 records')).toBeInTheDocument();
    expect(firstCells()).toEqual(
      people
        .filter((p) => p.city === 'Madrid')
        .slice(0, 10)
        .map((p) => p.name),
    );

    await user.clear(search);
    await user.type(search, 'person 1');
    expect(firstCells()).toEqual([
      'Person 10',
      'Person 11',
      'Person 12',
      'Person 13',
      'Person 14',
      'Person 15',
      'Person 16',
      'Person 17',
      'Person 18',
      'Person 19',
    ]);

    // The age is not a filter text.
    await user.clear(search);
    await user.type(search, '40');
    expect(screen.getByRole('status')).toHaveTextContent('No records to show');
  });

  it('offers page sizes 5, 10, 15, 20, 50 and applies them', async () => {
    const user = userEvent.setup();
    renderTable();
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '15', '20', '50']);
    await user.selectOptions(select, '5');
    expect(firstCells()).toHaveLength(5);
    await user.selectOptions(select, '50');
    expect(firstCells()).toHaveLength(23);
  });

  it('paginates with first, neighbours, last, previous and next', async () => {
    const user = userEvent.setup();
    renderTable({ initialPageSize: 5 });
    const nav = screen.getByRole('navigation', { name: 'Pages of People' });
    const pageButtons = () =>
      within(nav)
        .getAllByRole('button', { name: /Go to page/ })
        .map((b) => b.textContent);
    // 23 rows / 5 = 5 pages: 1 2 … 5 on the first page.
    expect(pageButtons()).toEqual(['1', '2', '5']);
    expect(within(nav).getByText('…')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Go to page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('button', { name: 'Go to page 2' }));
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(firstCells()[0]).toBe('Person 11');

    await user.click(within(nav).getByRole('button', { name: 'Go to page 5' }));
    expect(firstCells()).toEqual(['Person 21', 'Person 22', 'Person 23']);
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(firstCells()[0]).toBe('Person 16');
  });

  it('goes back to the first page when the filter changes', async () => {
    const user = userEvent.setup();
    renderTable({ initialPageSize: 5 });
    await user.click(screen.getByRole('button', { name: 'Go to page 5' }));
    expect(firstCells()[0]).toBe('Person 21');
    await user.type(screen.getByRole('searchbox'), 'singapore');
    expect(firstCells()[0]).toBe('Person 01');
  });

  it('exports the filtered, sorted rows as CSV without excluded columns', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderTable();
    await user.type(screen.getByRole('searchbox'), 'madrid');
    await user.click(within(screen.getByRole('columnheader', { name: /Age/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('people.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob!);
    });
    const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('Name,City,Age');
    expect(lines).toHaveLength(12); // header + 11 rows from Madrid, all pages
    expect(lines[1]).toBe('Person 22,MADRID,19');
    expect(lines[11]).toBe('Person 02,MADRID,39');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('shows the empty state and disables the export without rows', () => {
    renderTable({ data: [] });
    expect(screen.getByRole('status')).toHaveTextContent('No records to show');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByText('0 records')).toBeInTheDocument();
  });

  it('shows loading while the first load runs', () => {
    renderTable({ data: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('reserves the height of a page of rows and of the pages bar while the first load runs', () => {
    renderTable({ data: [], loading: true, csvFileName: 'never-shown' });
    // No rows of this table were shown yet: ten estimated rows (the default page size).
    expect(screen.getByRole('status').closest('tr')).toHaveStyle({
      height: `${10 * ESTIMATED_ROW_PX}px`,
    });
    // The pages bar keeps its place but is neither seen nor announced.
    expect(screen.queryByRole('navigation', { name: 'Pages of People' })).toBeNull();
    expect(document.querySelector('nav.pagination')).toHaveStyle({ visibility: 'hidden' });
  });

  it('reserves the body height a table last showed, per table and page size, across reloads and tabs', () => {
    expect(reservedBodyHeight('people-a:50', 50)).toBe(10 * ESTIMATED_ROW_PX);
    expect(reservedBodyHeight('people-a:5', 5)).toBe(5 * ESTIMATED_ROW_PX);
    rememberBodyHeight('people-a:5', 301.4);
    expect(reservedBodyHeight('people-a:5', 5)).toBe(301);
    expect(reservedBodyHeight('people-b:5', 5)).toBe(5 * ESTIMATED_ROW_PX);
    expect(localStorage.getItem('tableBody:people-a:5')).toBe('301');
    rememberBodyHeight('people-a:5', 0);
    expect(reservedBodyHeight('people-a:5', 5)).toBe(301);
  });

  it('remembers an empty first page once its load has ended, not before the load starts', () => {
    // jsdom lays nothing out: every table body measures 60 px here.
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, 0, 300, 60),
    );
    const emptyTable = (loading: boolean) => (
      <IntlProvider locale="en" messages={messages.en}>
        <DataTable<Person>
          data={[]}
          columns={columns}
          getRowId={(p) => p.id}
          filterText={filterText}
          label="People"
          csvFileName="not-yet"
          loading={loading}
        />
      </IntlProvider>
    );
    // A list's state before its first load: no rows, not loading. Nothing to remember yet.
    const view = render(emptyTable(false));
    view.rerender(emptyTable(true));
    expect(screen.getByRole('status').closest('tr')).toHaveStyle({
      height: `${10 * ESTIMATED_ROW_PX}px`,
    });
    // The load ends with no rows: the empty state's height is what the next load reserves.
    view.rerender(emptyTable(false));
    expect(reservedBodyHeight('not-yet:10', 10)).toBe(60);
  });

  it('replaces rows, count and pages with the reason and a Retry button on a failed load', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderTable({ error: { messageId: 'database/permission-denied' }, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The list could not be loaded: Permission denied',
    );
    expect(screen.queryByText('Person 01')).toBeNull();
    expect(screen.queryByText('23 records')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages of People' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('sorts text ignoring case and accents, numbers by value, empty values last', async () => {
    const user = userEvent.setup();
    const rows: Person[] = [
      { id: 'a', name: 'zoe', city: '', age: 10 },
      { id: 'b', name: 'Álvaro', city: 'Madrid', age: 9 },
      { id: 'c', name: 'alba', city: 'Singapore', age: 100 },
      { id: 'd', name: 'Bea', city: 'Ávila', age: Number.NaN },
    ];
    renderTable({ data: rows });
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(firstCells()).toEqual(['alba', 'Álvaro', 'Bea', 'zoe']);
    await user.click(screen.getByRole('button', { name: /^Age/ }));
    expect(firstCells()).toEqual(['Álvaro', 'zoe', 'alba', 'Bea']);
    await user.click(screen.getByRole('button', { name: /^Age/ }));
    expect(firstCells()).toEqual(['alba', 'zoe', 'Álvaro', 'Bea']);
    await user.click(screen.getByRole('button', { name: /^City/ }));
    expect(firstCells()).toEqual(['Bea', 'Álvaro', 'alba', 'zoe']);
    await user.click(screen.getByRole('button', { name: /^City/ }));
    expect(firstCells()).toEqual(['alba', 'Álvaro', 'Bea', 'zoe']);
  });

  it('keeps search, sort, page and page size in the URL and restores them', async () => {
    const user = userEvent.setup();
    let search = '';
    function Location() {
      search = useLocation().search;
      return null;
    }
    const first = renderTable({}, { url: '/people', extra: <Location /> });
    await user.selectOptions(screen.getByLabelText('Rows per page'), '5');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(search).toBe('?size=5&page=3');
    await user.click(screen.getByRole('button', { name: /^Age/ }));
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'singapore');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(search).toBe('?size=5&sort=age&q=singapore&page=2');
    const shown = firstCells();
    first.unmount();

    // Back, a reload or a shared link: the same URL shows the same rows.
    renderTable({}, { url: `/people${search}`, extra: <Location /> });
    expect(firstCells()).toEqual(shown);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('singapore');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('5');
    expect(screen.getByRole('button', { name: 'Go to page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the last page when the URL names a page beyond it', () => {
    renderTable({}, { url: '/people?page=99' });
    expect(firstCells()).toEqual(['Person 21', 'Person 22', 'Person 23']);
  });

  it('renders toolbar actions', () => {
    renderTable({ actions: <button type="button">New thing</button> });
    expect(screen.getByRole('button', { name: 'New thing' })).toBeInTheDocument();
  });
});
