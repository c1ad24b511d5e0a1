import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { listReturnPath, useUrlListState, type ListDefaults } from './listState';

const DEFAULTS: ListDefaults = { sorting: [{ id: 'name', desc: false }], pageSize: 10 };

function List() {
  useUrlListState(DEFAULTS);
  return null;
}

describe('listReturnPath (a record form goes back to its list as it was left)', () => {
  it("gives the list's path with the query it was last shown with", () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/tutors?q=a&sort=-name&size=5&page=2']}>
        <List />
      </MemoryRouter>,
    );
    unmount();
    expect(listReturnPath('/tutors')).toBe('/tutors?q=a&sort=-name&size=5&page=2');
    expect(sessionStorage.getItem('listSearch:/tutors')).toBe('q=a&sort=-name&size=5&page=2');
  });

  it('gives the bare path for a list shown without a query, or not shown at all', () => {
    render(
      <MemoryRouter initialEntries={['/schools']}>
        <List />
      </MemoryRouter>,
    ).unmount();
    expect(listReturnPath('/schools')).toBe('/schools');
    expect(listReturnPath('/never-shown')).toBe('/never-shown');
  });
});
