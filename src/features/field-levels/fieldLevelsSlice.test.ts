import { describe, expect, it } from 'vitest';
import { sessionCleared } from '@/shared/session';
import {
  fieldLevels,
  reorderFieldLevels,
  selectActiveFieldLevels,
  selectFieldLevels,
} from './fieldLevelsSlice';
import type { FieldLevel } from './types';

const level = (id: string, order: number, isObsolete = false): FieldLevel => ({
  id,
  name: id.toUpperCase(),
  countryId: 'SG',
  isObsolete,
  order,
  createdAt: 0,
});

const loaded = () =>
  fieldLevels.reducer(
    undefined,
    fieldLevels.fetchAll.fulfilled([level('p2', 2), level('p1', 1), level('old', 0, true)], 'r'),
  );

describe('fieldLevels slice (factory + reorder thunk)', () => {
  it('keeps the list sorted by order whatever order records arrive in', () => {
    const state = { fieldLevels: loaded() };
    expect(selectFieldLevels(state).map((l) => l.id)).toEqual(['old', 'p1', 'p2']);
    expect(selectActiveFieldLevels(state).map((l) => l.id)).toEqual(['p1', 'p2']);
  });

  it('applies a fulfilled reorder and re-sorts', () => {
    const state = fieldLevels.reducer(
      loaded(),
      reorderFieldLevels.fulfilled(
        [
          { id: 'p1', order: 2 },
          { id: 'p2', order: 1 },
        ],
        'r',
        { p1: 2, p2: 1 },
      ),
    );
    expect(selectFieldLevels({ fieldLevels: state }).map((l) => l.id)).toEqual(['old', 'p2', 'p1']);
  });

  it('inserts a created record at its sorted place and sets success', () => {
    const state = fieldLevels.reducer(
      loaded(),
      fieldLevels.create.fulfilled(level('p15', 1), 'r', {
        ...level('p15', 1),
      }),
    );
    expect(state.success).toBe(true);
    expect(selectFieldLevels({ fieldLevels: state }).map((l) => l.id)).toEqual([
      'old',
      'p1',
      'p15',
      'p2',
    ]);
  });

  it('sets the error of a failed reorder-free fetch and clears everything on logout', () => {
    const failed = fieldLevels.reducer(
      loaded(),
      fieldLevels.fetchAll.rejected(null, 'r', undefined, {
        messageId: 'database/permission-denied',
      }),
    );
    expect(failed.error?.messageId).toBe('database/permission-denied');
    expect(fieldLevels.reducer(failed, sessionCleared())).toEqual(fieldLevels.initialState);
  });
});
