import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROWS_SETTLE_MS, useFittedColumns } from './fitColumns';

/** Header widths the stubbed layout reports, by column id (px). */
let widths: Record<string, number> = {};
let observed: ((entries: Array<{ contentRect: { width: number } }>) => void) | undefined;

/** A container with a header per column whose width comes from `widths` (jsdom has no layout). */
function container(ids: string[]): { current: HTMLElement } {
  const div = document.createElement('div');
  div.innerHTML = `<table><thead><tr>${ids.map((id) => `<th data-column="${id}"></th>`).join('')}</tr></thead></table>`;
  for (const th of div.querySelectorAll<HTMLElement>('th')) {
    th.getBoundingClientRect = () => ({ width: widths[th.dataset.column ?? ''] ?? 0 }) as DOMRect;
  }
  return { current: div };
}

const priorities = new Map([
  ['name', 0],
  ['email', 1],
  ['created', 2],
]);

describe('useFittedColumns', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: typeof observed) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fits at once to a new width or page, and to other rows only once they have stayed', () => {
    widths = { name: 200, email: 250, created: 150 };
    const ref = container(['name', 'email', 'created']);
    const page = { page: 0 };
    const { result, rerender } = renderHook(
      ({ content, rows }: { content: unknown; rows: unknown }) =>
        useFittedColumns(ref, priorities, content, rows),
      { initialProps: { content: page, rows: 'rows-a' as unknown } },
    );
    act(() => observed?.([{ contentRect: { width: 500 } }]));
    expect([...result.current]).toEqual(['created']);

    // Other rows in the same place (a keystroke): the columns stay as they were meanwhile.
    widths = { name: 200, email: 250, created: 40 };
    rerender({ content: page, rows: 'rows-b' });
    expect([...result.current]).toEqual(['created']);
    act(() => vi.advanceTimersByTime(ROWS_SETTLE_MS - 1));
    expect([...result.current]).toEqual(['created']);
    act(() => vi.advanceTimersByTime(1));
    expect([...result.current]).toEqual([]);

    // Typing on: each new rows array restarts the wait; another page fits at once.
    widths = { name: 200, email: 250, created: 150 };
    rerender({ content: page, rows: 'rows-c' });
    act(() => vi.advanceTimersByTime(ROWS_SETTLE_MS / 2));
    rerender({ content: page, rows: 'rows-d' });
    act(() => vi.advanceTimersByTime(ROWS_SETTLE_MS / 2));
    expect([...result.current]).toEqual([]);
    rerender({ content: { page: 1 }, rows: 'rows-e' });
    expect([...result.current]).toEqual(['created']);
  });

  it('fits rows arriving at once when their page reads differently, and keeps the fit when not', () => {
    widths = { name: 200, email: 250, created: 150 };
    const ref = container(['name', 'email', 'created']);
    const page = { page: 0 };
    const { result, rerender } = renderHook(
      ({ rows, arrival }: { rows: string; arrival: unknown }) =>
        useFittedColumns(ref, priorities, page, rows, arrival),
      { initialProps: { rows: 'rows-a', arrival: 'array-1' as unknown } },
    );
    act(() => observed?.([{ contentRect: { width: 500 } }]));
    expect([...result.current]).toEqual(['created']);

    // A new rows array whose page reads the same (the whole list after its first page): no
    // measure, even once the wait for settled rows has passed.
    widths = { name: 200, email: 250, created: 40 };
    rerender({ rows: 'rows-a', arrival: 'array-2' });
    act(() => vi.advanceTimersByTime(ROWS_SETTLE_MS));
    expect([...result.current]).toEqual(['created']);

    // Then a search shows other rows from the same array: they wait to have stayed.
    rerender({ rows: 'rows-b', arrival: 'array-2' });
    expect([...result.current]).toEqual(['created']);
    act(() => vi.advanceTimersByTime(ROWS_SETTLE_MS));
    expect([...result.current]).toEqual([]);

    // A new rows array whose page reads differently (a live change on the page): at once.
    widths = { name: 200, email: 250, created: 150 };
    rerender({ rows: 'rows-c', arrival: 'array-3' });
    expect([...result.current]).toEqual(['created']);
  });
});
