import {
  AUDIT_ENTRY_MAX_BYTES,
  auditAction,
  auditEntryKey,
  auditEntryOf,
  changedFields,
  pushIdTimePrefix,
} from './audit';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('changedFields', () => {
  it('keeps only the fields that differ, nested where the change is nested', () => {
    expect(
      changedFields(
        { name: 'A', tutorMapping: { maths: { confirmed: 't1', updatedAt: 1 } }, mobile: '1' },
        { name: 'A', tutorMapping: { maths: { confirmed: 't2', updatedAt: 1 } }, mobile: '1' },
      ),
    ).toEqual({
      before: { tutorMapping: { maths: { confirmed: 't1' } } },
      after: { tutorMapping: { maths: { confirmed: 't2' } } },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(changedFields(null, { a: 1 })).toEqual({ after: { a: 1 } });
    expect(changedFields({ a: 1 }, { b: 2 })).toEqual({ before: { a: 1 }, after: { b: 2 } });
  });
});

describe('auditAction', () => {
  it('names what was done', () => {
    expect(auditAction('schools', null, { name: 'A' })).toBe('create');
    expect(auditAction('schools', { name: 'A' }, null)).toBe('delete');
    expect(auditAction('orders', { status: 'paid' }, { status: 'approved' })).toBe('approve');
    expect(auditAction('users', { isAdmin: false }, { isAdmin: true })).toBe('role');
    expect(auditAction('schools', { order: 1, name: 'A' }, { order: 2, name: 'A' })).toBe(
      'reorder',
    );
    expect(
      auditAction('students', { tutorMapping: {} }, { tutorMapping: { m: { confirmed: 't' } } }),
    ).toBe('match');
    expect(auditAction('schools', { name: 'A' }, { name: 'B' })).toBe('update');
  });
});

describe('auditEntryOf', () => {
  const who = { authType: 'app_user' as const, by: 'u1' };

  it('records who, which record and the changed fields; nothing for no change', () => {
    expect(auditEntryOf('schools', 's1', { name: 'A', x: 1 }, { name: 'B', x: 1 }, who)).toEqual({
      authType: 'app_user',
      by: 'u1',
      entity: 'schools',
      recordId: 's1',
      action: 'update',
      before: { name: 'A' },
      after: { name: 'B' },
    });
    expect(auditEntryOf('schools', 's1', { name: 'A' }, { name: 'A' }, who)).toBeNull();
    expect(auditEntryOf('schools', 's1', null, { name: 'A' }, { authType: 'admin' })).toEqual({
      authType: 'admin',
      entity: 'schools',
      recordId: 's1',
      action: 'create',
      after: { name: 'A' },
    });
  });

  it('stays under the size limit for long strings and for very many fields', () => {
    const long = auditEntryOf('schools', 's1', null, { note: 'x'.repeat(9_000_000) }, who)!;
    expect(long.truncated).toBe(true);
    expect(bytes(long)).toBeLessThanOrEqual(AUDIT_ENTRY_MAX_BYTES);
    const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, i]));
    const many = auditEntryOf('levels', 'l1', null, wide, who)!;
    expect(many.truncated).toBe(true);
    expect(bytes(many)).toBeLessThanOrEqual(AUDIT_ENTRY_MAX_BYTES);
    expect(many.after?.['…']).toMatch(/more fields$/);
  });
});

describe('auditEntryKey', () => {
  it('is the same for the same event and sorts by time', () => {
    const digest = new Uint8Array(32).fill(7);
    expect(auditEntryKey(1_700_000_000_000, digest)).toBe(auditEntryKey(1_700_000_000_000, digest));
    expect(auditEntryKey(1_700_000_000_000, digest).slice(0, 8)).toBe(
      pushIdTimePrefix(1_700_000_000_000),
    );
    expect(
      auditEntryKey(1_700_000_000_000, digest) < auditEntryKey(1_700_000_000_001, digest),
    ).toBe(true);
    expect(auditEntryKey(1, digest)).toHaveLength(20);
  });
});
