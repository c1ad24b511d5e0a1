import { describe, expect, it } from 'vitest';
import { columnsToHide } from './fitColumns';

const columns = [
  { id: 'name', priority: 0, width: 200 },
  { id: 'email', priority: 1, width: 250 },
  { id: 'created', priority: 3, width: 150 },
  { id: 'country', priority: 3, width: 120 },
  { id: 'actions', priority: 0, width: 100 },
];

describe('columnsToHide', () => {
  it('hides nothing when everything fits', () => {
    expect(columnsToHide(columns, 820)).toEqual(new Set());
  });

  it('hides the least important first, the rightmost first among equals', () => {
    expect(columnsToHide(columns, 819)).toEqual(new Set(['country']));
    expect(columnsToHide(columns, 600)).toEqual(new Set(['country', 'created']));
    expect(columnsToHide(columns, 549)).toEqual(new Set(['country', 'created', 'email']));
  });

  it('never hides priority 0, even when the rest does not fit', () => {
    expect(columnsToHide(columns, 100)).toEqual(new Set(['country', 'created', 'email']));
  });
});
