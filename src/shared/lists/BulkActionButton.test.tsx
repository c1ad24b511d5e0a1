import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { BulkActionButton, type BulkActionButtonProps } from './BulkActionButton';
import { eachRecord, type BulkProgress } from './bulkOutcome';

/** The English texts of the ids used (shared/ cannot import the app's catalogues). */
const messages = {
  'Bulk.progress': '{worked} of {total} done',
  'Common.confirmAction': 'Confirm action',
  'Common.cancel': 'Cancel',
  'Common.close': 'Close',
  'Errors.denied': 'Permission denied',
};

interface Row {
  id: string;
  title: string;
}

const rows: Row[] = [
  { id: 'r1', title: 'One' },
  { id: 'r2', title: 'Two' },
  { id: 'r3', title: 'Three' },
];

/** A promise and the function that settles it, for steps the test lets go of one by one. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** An 'Archive selected' action over `rows`; `props` replace the defaults. */
function renderArchive(
  props: Partial<BulkActionButtonProps<Row>> & Pick<BulkActionButtonProps<Row>, 'run'>,
) {
  const onDone = vi.fn();
  render(
    <IntlProvider locale="en" messages={messages}>
      <BulkActionButton
        records={rows}
        label="Archive selected"
        color="is-warning"
        body={(count) => `Archive ${count} rows?`}
        confirmLabel="Archive"
        summary={({ done, skipped }) => `${done} archived, ${skipped.length} not`}
        onDone={onDone}
        {...props}
      />
    </IntlProvider>,
  );
  return onDone;
}

describe('BulkActionButton', () => {
  it('confirms, shows progress while running (Escape ignored), then one summary naming the skips', async () => {
    const user = userEvent.setup();
    const gates = rows.map(() => gate());
    const act = vi.fn(async (row: Row) => {
      await gates[rows.indexOf(row)]!.promise;
      return row.id === 'r2' ? 'Errors.denied' : undefined;
    });
    const onDone = renderArchive({
      run: (list, onProgress: BulkProgress) =>
        eachRecord(list, act, (row) => row.title, onProgress),
    });
    const opener = screen.getByRole('button', { name: 'Archive selected' });
    expect(opener).toHaveClass('button', 'is-warning', 'is-light');
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirm action' });
    within(dialog).getByText('Archive 3 rows?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Archive' });
    expect(confirm).toHaveClass('is-warning');
    await user.click(confirm);

    await within(dialog).findByRole('progressbar', { name: '0 of 3 done' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape is the dialog's cancel event (jsdom has no showModal to send it).
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog', { name: 'Confirm action' })).toBeInTheDocument();
    gates[0]!.open();
    const bar = await within(dialog).findByRole('progressbar', { name: '1 of 3 done' });
    expect(bar).toHaveAttribute('value', '1');
    expect(bar).toHaveAttribute('max', '3');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
    gates[1]!.open();
    gates[2]!.open();

    const status = within(dialog).getByRole('status');
    await within(status).findByText('2 archived, 1 not');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).queryByText('Archive 3 rows?')).toBeNull();
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Two: Permission denied']);
    expect(act.mock.calls.map(([row]) => row.id)).toEqual(['r1', 'r2', 'r3']);
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape (the cancel event) before confirming cancels without running or calling onDone', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => ({ done: 0, skipped: [] }));
    const onDone = renderArchive({ run, title: 'Archive rows', closeLabel: 'Done' });
    await user.click(screen.getByRole('button', { name: 'Archive selected' }));
    fireEvent(
      screen.getByRole('dialog', { name: 'Archive rows' }),
      new Event('cancel', { cancelable: true }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(run).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('eachRecord reports each record worked through, in order, skips included', async () => {
    const progress: number[] = [];
    const outcome = await eachRecord(
      rows,
      (row) => (row.id === 'r1' ? 'Errors.denied' : undefined),
      (row) => row.title,
      (worked) => progress.push(worked),
    );
    expect(outcome).toEqual({
      done: 2,
      skipped: [{ id: 'r1', label: 'One', reason: 'Errors.denied' }],
    });
    expect(progress).toEqual([1, 2, 3]);
  });
});
