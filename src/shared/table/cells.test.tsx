/** The shared cell pieces: list dates, e-mail addresses and row actions. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider, createIntl } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { formatListDate } from './dates';
import { EmailText } from './EmailText';
import { ListDate } from './ListDate';
import { RowActions } from './RowActions';

// 1 Jan 2020, noon UTC: the same calendar day in every time zone the tests may run in.
const NEW_YEAR_2020 = Date.UTC(2020, 0, 1, 12);

describe('ListDate', () => {
  it("shows the spec's list format in a <time> carrying the ISO date", () => {
    const { container } = render(
      <IntlProvider locale="en">
        <ListDate value={NEW_YEAR_2020} />
      </IntlProvider>,
    );
    const time = container.querySelector('time');
    expect(time).toHaveTextContent('Wed, Jan 1, 2020');
    expect(time).toHaveAttribute('datetime', '2020-01-01T12:00:00.000Z');
  });

  it('renders nothing for a missing date, and formats in the reader’s language', () => {
    const { container } = render(
      <IntlProvider locale="en">
        <ListDate value={undefined} />
      </IntlProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    const es = createIntl({ locale: 'es' });
    expect(formatListDate(es, NEW_YEAR_2020)).toMatch(/^mié, 1 ene 2020$/);
    expect(formatListDate(es, null)).toBe('');
  });
});

describe('EmailText', () => {
  it('reads as the plain address and may wrap only before the @', () => {
    const { container } = render(<EmailText email="ana.lim@example.sg" />);
    expect(container).toHaveTextContent(/^ana\.lim@example\.sg$/);
    expect(container.innerHTML).toBe('ana.lim<wbr>@example.sg');
  });
});

describe('RowActions', () => {
  it('names both actions after the row, links to the edit page and reports a delete', async () => {
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <RowActions
          editTo="/students/s1"
          editLabel="Edit Ana"
          onDelete={onDelete}
          deleteLabel="Delete Ana"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Edit Ana' })).toHaveAttribute('href', '/students/s1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ana' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete Ana' })).toHaveAttribute(
      'title',
      'Delete Ana',
    );
  });
});
