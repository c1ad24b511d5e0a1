import { describe, expect, it } from 'vitest';
import { byOrderThenName, swapOrderChanges } from './reorder';

describe('swapOrderChanges', () => {
  const list = [
    { id: 'a', order: 10 },
    { id: 'b', order: 20 },
    { id: 'c', order: 30 },
  ];

  it('exchanges two distinct order values and touches nothing else', () => {
    expect(swapOrderChanges(list, 'b', 'c')).toEqual({ b: 30, c: 20 });
  });

  it('renumbers the list in its new sequence when the two orders tie', () => {
    const ties = [
      { id: 'a', order: 0 },
      { id: 'b', order: 0 },
      { id: 'c', order: 0 },
    ];
    // b moves above a: sequence b, a, c -> 0, 1, 2; b already 0 is left out.
    expect(swapOrderChanges(ties, 'b', 'a')).toEqual({ a: 1, c: 2 });
  });

  it('keeps hidden rows between the two in place', () => {
    const withHidden = [
      { id: 'a', order: 1 },
      { id: 'hidden', order: 1 },
      { id: 'c', order: 1 },
    ];
    expect(swapOrderChanges(withHidden, 'c', 'a')).toEqual({ c: 0, a: 2 });
  });

  it('throws for an unknown id', () => {
    expect(() => swapOrderChanges(list, 'a', 'zz')).toThrow(/zz/);
  });
});

describe('byOrderThenName', () => {
  it('sorts by order, then by name', () => {
    const sorted = [
      { name: 'B', order: 1 },
      { name: 'C', order: 0 },
      { name: 'A', order: 1 },
    ].sort(byOrderThenName);
    expect(sorted.map((r) => r.name)).toEqual(['C', 'A', 'B']);
  });
});
