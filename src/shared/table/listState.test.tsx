import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listReturnPath, URL_TYPING_MS, useUrlListState, type ListDefaults } from './listState';

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

/** A search box and a page button over useUrlListState, the URL's query shown as text. */
function TypedList() {
  const [state, setState] = useUrlListState(DEFAULTS);
  const { search } = useLocation();
  return (
    <>
      <input
        aria-label="Search"
        value={state.query}
        onChange={(e) => setState({ query: e.target.value, pageIndex: 0 })}
      />
      <button type="button" onClick={() => setState({ pageIndex: 1 })}>
        Page 2
      </button>
      <Link to="/elsewhere">Away</Link>
      <output aria-label="URL">{search}</output>
    </>
  );
}

describe('useUrlListState: typing reaches the URL once it pauses', () => {
  afterEach(() => vi.useRealTimers());

  const renderTyped = () =>
    render(
      <MemoryRouter initialEntries={['/tutors']}>
        <TypedList />
      </MemoryRouter>,
    );
  const type = (text: string) =>
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: text } });
  const url = () => screen.getByLabelText('URL').textContent;

  it('writes the text after a pause, once, not per keystroke', () => {
    vi.useFakeTimers();
    renderTyped();
    type('a');
    act(() => vi.advanceTimersByTime(URL_TYPING_MS - 50));
    type('an');
    act(() => vi.advanceTimersByTime(URL_TYPING_MS - 50));
    // Still typing: the box shows the text at once, the URL waits.
    expect(screen.getByLabelText('Search')).toHaveValue('an');
    expect(url()).toBe('');
    act(() => vi.advanceTimersByTime(50));
    expect(url()).toBe('?q=an');
  });

  it('writes pending text at once with another change, or before a link is followed', () => {
    vi.useFakeTimers();
    renderTyped();
    type('ana');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(url()).toBe('?q=ana&page=2');
    type('lim');
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Away' }));
    expect(url()).toBe('?q=lim');
  });
});
