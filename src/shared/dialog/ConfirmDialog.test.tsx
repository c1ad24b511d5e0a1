import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { ConfirmButtons, ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** The English texts of the ids used (shared/ cannot import the app's catalogues). */
const messages = {
  en: {
    'Common.confirmAction': 'Confirm action',
    'Common.delete': 'Delete',
    'Common.cancel': 'Cancel',
  },
};

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <IntlProvider locale="en" messages={messages.en}>
      <ConfirmDialog
        open
        body="This will permanently delete the user. Action can not be undone."
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />
    </IntlProvider>,
  );
  return { ...view, onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it("is a dialog titled 'Confirm action' describing the action", () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Confirm action' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(
      'This will permanently delete the user. Action can not be undone.',
    );
  });

  it('focuses Cancel when it opens, so that Enter pressed at once cancels', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onConfirm from Delete and onCancel from Cancel', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cancels on Escape (the dialog cancel event) unless loading', () => {
    const { onCancel, rerender, onConfirm } = renderDialog();
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(
      <IntlProvider locale="en" messages={messages.en}>
        <ConfirmDialog open loading body="x" onConfirm={onConfirm} onCancel={onCancel} />
      </IntlProvider>,
    );
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('disables both buttons while loading', () => {
    renderDialog({ loading: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('takes a custom title and confirm label', () => {
    renderDialog({ title: 'Approve order?', confirmLabel: 'Approve' });
    expect(screen.getByRole('dialog', { name: 'Approve order?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('shows nothing when closed and closes when open turns false', () => {
    const { rerender, onConfirm, onCancel } = renderDialog();
    rerender(
      <IntlProvider locale="en" messages={messages.en}>
        <ConfirmDialog open={false} body="x" onConfirm={onConfirm} onCancel={onCancel} />
      </IntlProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('ConfirmButtons', () => {
  it('shows Cancel alone when there is no action to confirm', async () => {
    const onCancel = vi.fn();
    const cancelRef = createRef<HTMLButtonElement>();
    render(
      <IntlProvider locale="en" messages={messages.en}>
        <ConfirmButtons
          confirmClassName="is-danger"
          loading={false}
          cancelRef={cancelRef}
          onCancel={onCancel}
        />
      </IntlProvider>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel']);
    expect(cancelRef.current).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
