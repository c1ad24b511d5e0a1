/** The shared tabs: selection, keyboard, disabled tabs, and panels that keep their input. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const messages = { one: 'One', two: 'Two', three: 'Three', four: 'Four' };

function Harness({ disabled = 'three' }: { disabled?: string }) {
  const [selected, setSelected] = useState('one');
  return (
    <IntlProvider locale="en" messages={messages}>
      <Tabs
        idPrefix="t"
        selected={selected}
        onSelect={setSelected}
        tabs={['one', 'two', 'three', 'four'].map((key) => ({
          key,
          label: key,
          disabled: key === disabled,
          content: <input aria-label={`${key} field`} />,
        }))}
      />
    </IntlProvider>
  );
}

describe('Tabs', () => {
  it('shows the selected panel, labelled by its tab', async () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toContainElement(
      screen.getByLabelText('one field'),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'panel-t-two');
  });

  it('keeps a visited panel mounted, so its unsaved input survives switching tabs', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('one field'), 'unsaved');
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.queryByRole('textbox', { name: 'one field' })).toBeNull(); // hidden
    await user.click(screen.getByRole('tab', { name: 'One' }));
    expect(screen.getByLabelText('one field')).toHaveValue('unsaved');
  });

  it('moves with arrows, Home and End over enabled tabs, and never selects a disabled one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'One' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Four' })).toHaveFocus(); // skipped Three
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Four' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    const three = screen.getByRole('tab', { name: 'Three' });
    expect(three).toHaveAttribute('aria-disabled', 'true');
    await user.click(three);
    expect(three).toHaveAttribute('aria-selected', 'false');
  });
});
