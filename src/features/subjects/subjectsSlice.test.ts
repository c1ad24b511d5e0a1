import { describe, expect, it } from 'vitest';
import {
  reorderSubjects,
  selectActiveSubjects,
  selectSubjects,
  selectSubjectsWithSettings,
  subjects,
} from './subjectsSlice';
import type { Subject } from './types';

const subject = (id: string, order: number, more: Partial<Subject> = {}): Subject => ({
  id,
  name: id,
  levelStart: '',
  levelEnd: '',
  countryId: 'SG',
  isObsolete: false,
  order,
  createdAt: 0,
  ...more,
});
const settings = {
  originalPrice: 50,
  salePrice: null,
  minimumQRPurchase: 4,
  multipleQtyRestriction: 2 as const,
  expiryMultiplier: 7,
  expiryDays: 30,
  expiryPrice: 20,
};

describe('subjects slice selectors', () => {
  const state = {
    subjects: subjects.reducer(
      undefined,
      subjects.fetchAll.fulfilled(
        [
          subject('physics', 2, { settings }),
          subject('maths', 1, { settings }),
          subject('latin', 0, { isObsolete: true, settings }),
          subject('art', 3),
        ],
        'r',
      ),
    ),
  };

  it('sorts by order and hides obsolete subjects from forms', () => {
    expect(selectSubjects(state).map((s) => s.id)).toEqual(['latin', 'maths', 'physics', 'art']);
    expect(selectActiveSubjects(state).map((s) => s.id)).toEqual(['maths', 'physics', 'art']);
  });

  it('lists only active subjects with settings as priced', () => {
    expect(selectSubjectsWithSettings(state).map((s) => s.id)).toEqual(['maths', 'physics']);
  });

  it('saves settings through modify and re-sorts after a reorder', () => {
    let next = subjects.reducer(
      state.subjects,
      subjects.modify.fulfilled(subject('art', 3, { settings }), 'r', {
        id: 'art',
        changes: { settings },
      }),
    );
    expect(next.success).toBe(true);
    next = subjects.reducer(
      next,
      reorderSubjects.fulfilled(
        [
          { id: 'art', order: 1 },
          { id: 'maths', order: 3 },
        ],
        'r',
        { art: 1, maths: 3 },
      ),
    );
    expect(selectSubjectsWithSettings({ subjects: next }).map((s) => s.id)).toEqual([
      'art',
      'physics',
      'maths',
    ]);
  });
});
