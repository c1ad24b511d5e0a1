import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import { emptySchool } from '../validation';
import { SchoolForm } from './SchoolForm';

function renderForm() {
  const onSubmit = vi.fn(async () => true);
  render(
    <IntlProvider locale="en" messages={messages.en}>
      <MemoryRouter>
        <SchoolForm initial={emptySchool} submitting={false} onSubmit={onSubmit} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('SchoolForm (spec sections 3 and 5, shared NamedCountryForm)', () => {
  it('shows name, country, address, postcode, order and obsolete, in that order', () => {
    renderForm();
    const ids = [...document.querySelectorAll('input, select')].map((e) => e.id);
    expect(ids).toEqual([
      'school-name',
      'school-country',
      'school-address1',
      'school-address2',
      'school-postcode',
      'school-order',
      'school-obsolete',
    ]);
    expect(screen.getByLabelText('Address line 1')).toHaveAttribute(
      'autocomplete',
      'address-line1',
    );
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/field-schools');
  });

  it('needs a name, then saves the parsed fields with the address', async () => {
    const { user, onSubmit } = renderForm();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const name = screen.getByLabelText('Name');
    await user.type(name, 'x');
    await user.clear(name);
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');

    await user.type(name, 'Raffles');
    await user.type(screen.getByLabelText('Address line 1'), '1 Main St');
    await user.type(screen.getByLabelText('Postcode'), '123456');
    const order = screen.getByLabelText('Order');
    await user.clear(order);
    await user.type(order, '3');
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Raffles',
      countryId: 'SG',
      address1: '1 Main St',
      address2: '',
      postcode: '123456',
      order: 3,
      isObsolete: false,
    });
  });
});
