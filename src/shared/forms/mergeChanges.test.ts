import { describe, expect, it } from 'vitest';
import { differingFields, mergeChanges, sameStored } from './mergeChanges';

const base = {
  id: 's1',
  name: 'North',
  postcode: '123',
  order: 3,
  profileLevel: { levelId: 'l1', fee: 30, preferredTime: 'am' },
};

describe('mergeChanges', () => {
  it('writes only the fields this admin changed from the loaded record', () => {
    const changes = { name: 'North school', postcode: '123', order: 3, address2: '' };
    const stored = { ...base, postcode: '999' };
    expect(mergeChanges(base, changes, stored)).toEqual({ name: 'North school' });
  });

  it('keeps the stored entries of an object field this admin did not change', () => {
    const changes = { profileLevel: { levelId: 'l2', fee: 30, preferredTime: 'am' } };
    const stored = { ...base, profileLevel: { levelId: 'l1', fee: 45, preferredTime: 'am' } };
    expect(mergeChanges(base, changes, stored)).toEqual({
      profileLevel: { levelId: 'l2', fee: 45, preferredTime: 'am' },
    });
  });

  it('removes an entry this admin cleared, and drops an unchanged object field', () => {
    const cleared = { profileLevel: { levelId: 'l1', preferredTime: 'am' } };
    expect(mergeChanges(base, cleared, base)).toEqual({
      profileLevel: { levelId: 'l1', preferredTime: 'am' },
    });
    expect(mergeChanges(base, { profileLevel: { ...base.profileLevel } }, base)).toEqual({});
  });

  it('writes a changed field even when the other admin changed it too (the notice says so)', () => {
    expect(mergeChanges(base, { name: 'Mine' }, { ...base, name: 'Theirs' })).toEqual({
      name: 'Mine',
    });
  });
});

describe('sameStored and differingFields', () => {
  it('treat null, absent and empty objects as no value, and ignore key order', () => {
    expect(sameStored({ a: 1, b: null, c: {} }, { a: 1 })).toBe(true);
    expect(sameStored({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toBe(true);
    expect(sameStored({ a: '' }, {})).toBe(false);
  });

  it('name the fields whose values differ, sorted', () => {
    expect(differingFields(base, { ...base, postcode: '9', name: 'X', extra: true })).toEqual([
      'extra',
      'name',
      'postcode',
    ]);
  });

  it('name the differing entries of an object field as dotted paths', () => {
    const theirs = { ...base, profileLevel: { ...base.profileLevel, fee: 45, levelId: null } };
    expect(differingFields(base, theirs)).toEqual(['profileLevel.fee', 'profileLevel.levelId']);
  });
});
