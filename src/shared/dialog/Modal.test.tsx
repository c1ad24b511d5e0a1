import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './Modal';

function ui(props: Partial<ModalProps> = {}) {
  return (
    <Modal
      open
      title="QR code"
      footer={<button type="button">Close</button>}
      onCancel={() => {}}
      {...props}
    >
      Body text
    </Modal>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title, with body and footer, empty while closed', () => {
    const { container, rerender } = render(ui());
    const dialog = screen.getByRole('dialog', { name: 'QR code' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveClass('app-modal');
    expect(dialog).toHaveTextContent('Body text');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    rerender(ui({ open: false }));
    const closed = container.querySelector('dialog')!;
    expect(closed).not.toHaveAttribute('open');
    expect(closed).toBeEmptyDOMElement();
  });

  it('reports Escape (the cancel event) and leaves closing to the caller', () => {
    const onCancel = vi.fn();
    render(ui({ onCancel }));
    const event = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog'), event);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
  });

  it('cancels on a click on the backdrop (the <dialog> itself), not on a click inside the card', () => {
    const onCancel = vi.fn();
    render(ui({ onCancel }));
    fireEvent.click(screen.getByText('Body text'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('dialog'));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('is described by its body only when asked', () => {
    const { rerender } = render(ui());
    expect(screen.getByRole('dialog')).not.toHaveAccessibleDescription();
    rerender(ui({ describedByBody: true }));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Body text');
  });
});
