import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@/app/i18n/allMessages';
import type { User } from '../types';
import { UsersTable } from './UsersTable';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
const users: User[] = [
  {
    id: 'a',
    name: 'Ana',
    email: 'ana@t.test',
    location: 'Lima',
    logoUrl: 'http://x/a.png',
    createdAt: day(2020, 1, 1),
    isAdmin: true,
  },
  {
    id: 'b',
    name: 'bruno',
    email: 'bruno@t.test',
    location: 'Madrid',
    logoUrl: null,
    createdAt: day(2021, 6, 15),
    isAdmin: false,
  },
  {
    id: 'c',
    name: 'Carla',
    email: 'carla@t.test',
    location: 'Singapore',
    logoUrl: null,
    createdAt: day(2019, 3, 9),
    isAdmin: false,
  },
];

function renderTable(onDelete = vi.fn()) {
  render(
    <IntlProvider locale="en" messages={messages.en}>
      <MemoryRouter>
        <UsersTable users={users} onDelete={onDelete} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return onDelete;
}

const names = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('UsersTable', () => {
  it('lists newest first with the spec date format and the admin mark', () => {
    renderTable();
    expect(names()).toEqual(['bruno', 'Ana', 'Carla']);
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByText('Wed, Jan 1, 2020')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Administrator' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Not an administrator' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Logo of Ana' })).toHaveAttribute(
      'src',
      'http://x/a.png',
    );
  });

  it('offers edit on every row and delete only on non-admin rows', async () => {
    const user = userEvent.setup();
    const onDelete = renderTable();
    expect(screen.getByRole('link', { name: 'Edit Ana' })).toHaveAttribute('href', '/users/a');
    expect(screen.queryByRole('button', { name: 'Delete Ana' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit bruno' })).toHaveAttribute('href', '/users/b');
    await user.click(screen.getByRole('button', { name: 'Delete Carla' }));
    expect(onDelete).toHaveBeenCalledWith(users[2]);
  });

  it('sorts by name case-insensitively and not by logo or actions', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Ana', 'bruno', 'Carla']);
    for (const title of ['Logo', 'Actions']) {
      expect(
        within(screen.getByRole('columnheader', { name: title })).queryByRole('button'),
      ).toBeNull();
    }
  });

  it('filters over name, e-mail, location and the displayed date, not the id', async () => {
    const user = userEvent.setup();
    renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'MADRID');
    expect(names()).toEqual(['bruno']);
    await user.clear(search);
    await user.type(search, 'mar 9');
    expect(names()).toEqual(['Carla']);
    await user.clear(search);
    await user.type(search, 'carla@');
    expect(names()).toEqual(['Carla']);
    await user.clear(search);
    await user.type(search, 'b');
    expect(names()).toEqual(['bruno']);
  });
});
