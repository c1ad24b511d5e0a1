import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { messages } from '@/app/i18n/allMessages';
import { students } from '@/features/people/students/studentsSlice';
import { tutors } from '@/features/people/tutors/tutorsSlice';
import { INTELLIGENCES } from '@/shared/intelligence/intelligences';
import { TestResultTab, type TestResultTabProps } from './TestResultTab';

/** The error the recording middleware stops a modify thunk with (see `setup`). */
const STOPPED = 'stopped by the test before the database write';

function setup(props: TestResultTabProps) {
  const seen: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    const result = next(action);
    // No backend in a unit test: once a modify's pending action (and so its argument) is recorded,
    // stop the thunk before its payload creator writes to the database. createAsyncThunk catches
    // the throw and settles as rejected, within the test.
    if (students.modify.pending.match(action) || tutors.modify.pending.match(action)) {
      throw new Error(STOPPED);
    }
    return result;
  };
  const store = configureStore({
    reducer: { students: students.reducer, tutors: tutors.reducer },
    middleware: (getDefault) => getDefault().concat(record),
  });
  render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={messages.en}>
        <TestResultTab {...props} />
      </IntlProvider>
    </Provider>,
  );
  return { seen };
}

describe('TestResultTab', () => {
  it('warns when the test was not taken', () => {
    setup({ entity: 'students', id: 's1', isTested: false, testResult: null });
    expect(screen.getByRole('status')).toHaveTextContent(
      'This user has not completed the multiple intelligence test yet!',
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it('shows the radar, the top three with descriptions and jobs', () => {
    setup({
      entity: 'tutors',
      id: 't1',
      isTested: true,
      testResult: [4, 16, 2, 12, 1, 14, 3, 5],
    });
    expect(screen.getByRole('img')).toHaveAccessibleName(
      expect.stringContaining('Mathematical 16'),
    );
    const top = screen.getAllByRole('listitem');
    expect(top).toHaveLength(3);
    expect(top[0]).toHaveTextContent('Mathematical');
    expect(top[0]).toHaveTextContent('Score: 16');
    expect(top[0]).toHaveTextContent(/Engineer/);
    expect(top[1]).toHaveTextContent('Interpersonal');
    expect(top[2]).toHaveTextContent('Visual');
    // The visually hidden table holds every score, in catalogue order.
    const table = screen.getByRole('table', { name: 'Scores per intelligence' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + INTELLIGENCES.length);
  });

  it('resets through the slice after confirmation, not before', async () => {
    const user = userEvent.setup();
    const { seen } = setup({
      entity: 'tutors',
      id: 't2',
      isTested: true,
      testResult: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('This will clear the multiple intelligence test result.');
    expect(seen.some((a) => a.type.startsWith('tutors/modify'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Reset', hidden: true }));
    const pending = seen.find((a) => a.type === tutors.modify.pending.type) as
      (UnknownAction & { meta: { arg: unknown } }) | undefined;
    expect(pending?.meta.arg).toEqual({
      id: 't2',
      changes: { isTested: false, testResult: null },
    });
    // The stopped thunk settles as rejected; the tab closes the dialog either way.
    await waitFor(() => expect(seen.some((a) => tutors.modify.rejected.match(a))).toBe(true));
    const rejected = seen.find(tutors.modify.rejected.match);
    expect(rejected?.meta.arg).toEqual(pending?.meta.arg);
    expect(rejected?.error.message).toBe(STOPPED);
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });

  it('cancelling the dialog changes nothing', async () => {
    const user = userEvent.setup();
    const { seen } = setup({
      entity: 'students',
      id: 's3',
      isTested: true,
      testResult: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(seen.some((a) => a.type.startsWith('students/modify'))).toBe(false);
  });
});
