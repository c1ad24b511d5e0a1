import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { UNKNOWN_ERROR } from '../errors';
import { BulkDeleteButton } from './BulkDeleteButton';
import { removeFailure } from './removeFailure';

/** The English texts of the ids used (shared/ cannot import the app's catalogues). */
const messages = {
  'Table.deleteSelected': 'Delete selected',
  'Table.deleteSelectedBody':
    'This will permanently delete {count, plural, one {# record} other {# records}}.',
  'Table.deletedSelected':
    '{deleted, plural, one {# record deleted} other {# records deleted}}{failed, plural, =0 {.} other {; # not deleted:}}',
  'Students.deletedSelected':
    '{deleted, plural, one {# student deleted} other {# students deleted}}{failed, plural, =0 {.} other {; # not deleted:}}',
  'Common.confirmAction': 'Confirm action',
  'Common.delete': 'Delete',
  'Common.cancel': 'Cancel',
  'Common.close': 'Close',
  'Errors.denied': 'Permission denied',
  'Users.self': 'your own account',
};

const records = [
  { id: 'a', name: 'Ana' },
  { id: 'b', name: 'Bo' },
  { id: 'c', name: 'Cy' },
  { id: 'd', name: 'Di' },
];

function renderButton(props: Partial<Parameters<typeof BulkDeleteButton>[0]> = {}) {
  const remove = vi.fn(async (id: string) => (id === 'c' ? 'Errors.denied' : undefined));
  const onDone = vi.fn();
  render(
    <IntlProvider locale="en" messages={messages}>
      <BulkDeleteButton records={records} remove={remove} onDone={onDone} {...props} />
    </IntlProvider>,
  );
  return { remove, onDone };
}

describe('BulkDeleteButton', () => {
  it('asks once naming the count, deletes one by one, and shows one summary with the failures and skips', async () => {
    const user = userEvent.setup();
    const { remove, onDone } = renderButton({
      summary: 'Students.deletedSelected',
      skipReason: ({ id }) => (id === 'd' ? 'Users.self' : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm action' });
    within(dialog).getByText('This will permanently delete 4 records.');
    // Cancel has the focus: Enter at once does not delete.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const status = await within(dialog).findByRole('status');
    await within(status).findByText('2 students deleted; 2 not deleted:');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cy: Permission denied', 'Di: your own account']);
    // The skipped record was never sent; the others in the list's order.
    expect(remove.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'c']);
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('keeps its summary when the deleted rows leave the selection, and shows no button for none', async () => {
    const user = userEvent.setup();
    const props = { remove: async () => undefined, onDone: () => undefined };
    const { rerender } = render(
      <IntlProvider locale="en" messages={messages}>
        <BulkDeleteButton records={records.slice(0, 2)} {...props} />
      </IntlProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 records deleted.');
    // The list's selection empties as the rows go: the summary stays.
    rerender(
      <IntlProvider locale="en" messages={messages}>
        <BulkDeleteButton records={[]} {...props} />
      </IntlProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 records deleted.');
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
  });

  it('cancel deletes nothing', async () => {
    const user = userEvent.setup();
    const { remove, onDone } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('reads a dispatched thunk: undefined when fulfilled, the AppError id when rejected', () => {
    expect(removeFailure({ payload: 'a', meta: {} })).toBeUndefined();
    expect(
      removeFailure({ error: { message: 'x' }, payload: { messageId: 'Errors.denied' } }),
    ).toBe('Errors.denied');
    expect(removeFailure({ error: { message: 'x' } })).toBe(UNKNOWN_ERROR);
  });
});
