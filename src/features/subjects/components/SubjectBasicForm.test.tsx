import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import type { SubjectFieldLevel } from '../types';
import { emptySubjectBasic, type SubjectBasicValues } from '../validation';
import { SubjectBasicForm } from './SubjectBasicForm';

const fieldLevels: SubjectFieldLevel[] = [
  { id: 'old', name: 'Old level', countryId: 'SG', isObsolete: true },
  { id: 'p1', name: 'Primary 1', countryId: 'SG', isObsolete: false },
  { id: 'y1', name: 'Year 1', countryId: 'GB', isObsolete: false },
];

function renderForm(initial: SubjectBasicValues = emptySubjectBasic) {
  const onSubmit = vi.fn(async () => true);
  render(
    <IntlProvider locale="en" messages={messages.en}>
      <MemoryRouter>
        <SubjectBasicForm
          initial={initial}
          submitting={false}
          onSubmit={onSubmit}
          fieldLevels={fieldLevels}
        />
      </MemoryRouter>
    </IntlProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('SubjectBasicForm (spec sections 3 and 5): the level range from the given field levels', () => {
  it("offers the chosen country's levels in use, and follows a country change", async () => {
    const { user } = renderForm();
    expect(optionsOf('Level start')).toEqual(['No level', 'Primary 1']);
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(optionsOf('Level end')).toEqual(['No level', 'Year 1']);
  });

  it('keeps offering a stored level that has become obsolete', () => {
    renderForm({ ...emptySubjectBasic, name: 'Maths', levelStart: 'old' });
    expect(optionsOf('Level start')).toEqual(['No level', 'Old level', 'Primary 1']);
    expect(screen.getByLabelText('Level start')).toHaveValue('old');
  });

  it('saves name, country, range, order and obsolete', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Maths');
    await user.selectOptions(screen.getByLabelText('Level start'), 'p1');
    await user.click(screen.getByLabelText('Obsolete'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Maths',
      countryId: 'SG',
      levelStart: 'p1',
      levelEnd: '',
      order: 0,
      isObsolete: true,
    });
  });
});
