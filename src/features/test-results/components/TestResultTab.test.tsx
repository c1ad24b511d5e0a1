import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { vi } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import { INTELLIGENCES } from '@/shared/intelligence/intelligences';
import { TestResultTab, type TestResultTabProps } from './TestResultTab';

/**
 * Renders the tab with a reset that fails as a refused save would (the app toasts it): the tab
 * must close its dialog either way.
 */
function setup(props: Omit<TestResultTabProps, 'onReset'>) {
  const onReset = vi.fn(() => Promise.reject(new Error('refused')).catch(() => undefined));
  render(
    <IntlProvider locale="en" messages={messages.en}>
      <TestResultTab {...props} onReset={onReset} />
    </IntlProvider>,
  );
  return { onReset };
}

describe('TestResultTab', () => {
  it('warns when the test was not taken', () => {
    setup({ id: 's1', isTested: false, testResult: null });
    expect(screen.getByRole('status')).toHaveTextContent(
      'This user has not completed the multiple intelligence test yet!',
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
  });

  it('shows the radar, the top three with descriptions and jobs', () => {
    setup({
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

  it('resets after confirmation, not before, and closes the dialog', async () => {
    const user = userEvent.setup();
    const { onReset } = setup({
      id: 't2',
      isTested: true,
      testResult: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('This will clear the multiple intelligence test result.');
    expect(onReset).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Reset', hidden: true }));
    expect(onReset).toHaveBeenCalledWith({ isTested: false, testResult: null });
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });

  it('cancelling the dialog changes nothing', async () => {
    const user = userEvent.setup();
    const { onReset } = setup({
      id: 's3',
      isTested: true,
      testResult: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onReset).not.toHaveBeenCalled();
  });
});
