import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';

/** The English texts of the ids used (shared/ cannot import the app's catalogues). */
const messages = {
  'Common.search': 'Search',
  'Common.loading': 'Loading…',
  'Table.empty': 'No records to show',
  'Table.exportCsv': 'Export CSV',
  'Table.pageSize': 'Rows per page',
  'Table.rowCount': '{count, plural, one {# record} other {# records}}',
  'Table.pagination': 'Pages of {table}',
  'Table.previous': 'Previous',
  'Table.next': 'Next',
  'Table.goToPage': 'Go to page {page}',
  'Table.selectPage': 'Select the rows of this page',
  'Table.selected':
    '{count, plural, =0 {No rows selected} one {# row selected} other {# rows selected}}',
  'Table.selectMatching': 'Select all {count, number} matching',
  'Table.clearSelection': 'Clear selection',
  'Table.exportSelected': 'Export selected',
};

interface Person {
  id: string;
  name: string;
}

/** 12 people; 'Ana 1'..'Ana 6' and 'Bo 7'..'Bo 12'. */
const people: Person[] = Array.from({ length: 12 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `${i < 6 ? 'Ana' : 'Bo'} ${i + 1}`,
}));
const columns: ColumnDef<Person, unknown>[] = [{ accessorKey: 'name', header: 'Name' }];
const filterText = (p: Person) => [p.name];

/** The table with selection, its bulk action reporting the rows it is given. */
function Table({
  onAction,
  onRender = () => undefined,
}: {
  onAction: (rows: Person[]) => void;
  onRender?: (count: number) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <IntlProvider locale="en" messages={messages}>
      <DataTable
        data={people}
        columns={columns}
        getRowId={(p) => p.id}
        filterText={filterText}
        label="People"
        csvFileName="people"
        urlState={false}
        initialPageSize={5}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (p) => `Select ${p.name}`,
          // Rendered whatever the selection; the button only for a selection.
          actions: (rows) => {
            onRender(rows.length);
            return rows.length > 0 ? (
              <button type="button" onClick={() => onAction(rows)}>
                Act
              </button>
            ) : null;
          },
        }}
      />
    </IntlProvider>
  );
}

describe('DataTable selection', () => {
  it('selects rows, the page, and every row matching the search; announces the count', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onRender = vi.fn();
    render(<Table onAction={onAction} onRender={onRender} />);
    const count = screen.getByText('No rows selected');
    expect(count).toHaveAttribute('aria-live', 'polite');
    // The actions stay mounted with no row selected (a dialog of theirs outlives deleted rows).
    expect(onRender).toHaveBeenLastCalledWith(0);
    expect(screen.queryByRole('button', { name: 'Act' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Ana 2' }));
    expect(count).toHaveTextContent('1 row selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select the rows of this page' }));
    expect(count).toHaveTextContent('5 rows selected');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Bo');
    await user.click(await screen.findByRole('button', { name: 'Select all 6 matching' }));
    expect(count).toHaveTextContent('6 rows selected');
    await user.click(screen.getByRole('button', { name: 'Act' }));
    expect(onAction).toHaveBeenCalledWith(people.slice(6));

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(count).toHaveTextContent('No rows selected');
  });
});
