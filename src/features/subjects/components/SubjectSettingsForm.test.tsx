import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import { settingsToForm } from '../validation';
import { SubjectSettingsForm } from './SubjectSettingsForm';

function renderForm(locale: 'en' | 'es' = 'en') {
  const onSubmit = vi.fn();
  render(
    <IntlProvider locale={locale} messages={messages[locale]}>
      <MemoryRouter>
        <SubjectSettingsForm
          initial={settingsToForm(undefined)}
          submitting={false}
          onSubmit={onSubmit}
        />
      </MemoryRouter>
    </IntlProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Original price'), '50');
  await user.type(screen.getByLabelText('Minimum QR purchase'), '4');
  await user.selectOptions(screen.getByLabelText('Multiple quantity restriction'), '4');
  await user.type(screen.getByLabelText('Expiry multiplier (days)'), '7');
  await user.type(screen.getByLabelText('Expiry days (addon)'), '30');
  await user.type(screen.getByLabelText('Expiry price (addon)'), '20');
}

describe('SubjectSettingsForm (spec section 5)', () => {
  it('keeps submit disabled until every required field holds', async () => {
    const { user } = renderForm();
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await fillRequired(user);
    expect(save).toBeEnabled();
  });

  it('refuses a sale price not below the original price, with the spec message', async () => {
    const { user, onSubmit } = renderForm();
    await fillRequired(user);
    const sale = screen.getByLabelText('Sale price');
    await user.type(sale, '55');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sale price should be empty or less than Original Price',
    );
    expect(sale).toHaveAttribute('aria-invalid', 'true');
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await user.click(save);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(sale);
    await user.type(sale, '45.5');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledWith({
      originalPrice: 50,
      salePrice: 45.5,
      minimumQRPurchase: 4,
      multipleQtyRestriction: 4,
      expiryMultiplier: 7,
      expiryDays: 30,
      expiryPrice: 20,
    });
  });

  it('speaks Spanish', async () => {
    const { user } = renderForm('es');
    await user.type(screen.getByLabelText('Precio original'), '10');
    await user.type(screen.getByLabelText('Precio de oferta'), '12');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El precio de oferta debe quedar vacío o ser menor que el precio original',
    );
  });
});
