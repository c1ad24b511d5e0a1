import { deleteApp, initializeApp } from 'firebase/app';
import { getDatabase, goOffline, push, ref } from 'firebase/database';
import { createIntl } from 'react-intl';
import type { AuditEntry } from '@/shared/domain/audit';
import { pushIdTimePrefix } from '@/shared/domain/audit';
import { auditIndexOf, matchesFilter } from './auditApi';
import { messages } from '@/app/i18n/allMessages';
import { changesText, fieldChanges, formatValue } from './changes';
import { groupEntries, pushIdTime } from './groups';
import { fieldLabel } from './labels';
import {
  auditFilterSchema,
  EMPTY_FILTER,
  parseFilter,
  toAuditFilter,
  writeFilter,
} from './filterParams';

const entry: AuditEntry = {
  id: '-Nabc',
  at: 1_700_000_000_000,
  authType: 'app_user',
  by: 'admin1',
  entity: 'schools',
  recordId: 's1',
  action: 'update',
};

describe('pushIdTimePrefix', () => {
  it('orders like the times it encodes', () => {
    const times = [0, 1, 63, 64, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const prefixes = times.map(pushIdTimePrefix);
    expect([...prefixes].sort()).toEqual(prefixes);
    expect(prefixes.every((p) => p.length === 8)).toBe(true);
  });

  it('is how the SDK begins the push ids it makes at that time', async () => {
    const app = initializeApp({ databaseURL: 'http://127.0.0.1:1?ns=unit' }, 'push-id-prefix');
    const db = getDatabase(app);
    goOffline(db);
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    try {
      expect(push(ref(db, 'auditLog')).key?.slice(0, 8)).toBe(pushIdTimePrefix(1_700_000_000_000));
    } finally {
      vi.useRealTimers();
      await deleteApp(app);
    }
  });
});

describe('the query of a filter', () => {
  it('reads through the most selective index', () => {
    expect(auditIndexOf({ record: 'r', by: 'u', entity: 'schools' })).toEqual({
      child: 'recordId',
      value: 'r',
    });
    expect(auditIndexOf({ by: 'u', entity: 'schools' })).toEqual({ child: 'by', value: 'u' });
    expect(auditIndexOf({ entity: 'schools', from: 1 })).toEqual({
      child: 'entity',
      value: 'schools',
    });
    expect(auditIndexOf({ from: 1 })).toEqual({ child: 'at' });
  });

  it('applies every filter to the entries read', () => {
    expect(matchesFilter(entry, { entity: 'schools', by: 'admin1', record: 's1' })).toBe(true);
    expect(matchesFilter(entry, { entity: 'orders' })).toBe(false);
    expect(matchesFilter(entry, { by: 'admin2' })).toBe(false);
    expect(matchesFilter(entry, { from: entry.at, to: entry.at })).toBe(true);
    expect(matchesFilter(entry, { from: entry.at + 1 })).toBe(false);
    expect(matchesFilter(entry, { to: entry.at - 1 })).toBe(false);
  });
});

describe('the filter in the query string', () => {
  it('round-trips and ignores what is not a filter', () => {
    const params = new URLSearchParams('entity=schools&record=s1&from=2026-01-31&to=bad&q=x');
    const form = parseFilter(params);
    expect(form).toEqual({ entity: 'schools', record: 's1', by: '', from: '2026-01-31', to: '' });
    expect(writeFilter(params, { ...form, entity: '' }).toString()).toBe(
      'record=s1&from=2026-01-31&q=x',
    );
    expect(parseFilter(new URLSearchParams('entity=auditLog')).entity).toBe('');
  });

  it('turns days into the first and last millisecond of those days', () => {
    const filter = toAuditFilter({
      entity: '',
      record: '',
      by: '',
      from: '2026-01-31',
      to: '2026-01-31',
    });
    expect(filter.from).toBe(new Date(2026, 0, 31).getTime());
    expect(filter.to).toBe(new Date(2026, 1, 1).getTime() - 1);
    expect(toAuditFilter({ entity: '', record: '', by: '', from: '', to: '' })).toEqual({});
  });
});

describe('the filter form (auditFilterSchema)', () => {
  const failed = (from: string, to: string) =>
    auditFilterSchema
      .safeParse({ ...EMPTY_FILTER, from, to })
      .error?.issues.map((issue) => issue.message) ?? [];
  it('takes no dates, one date, or a range of one day or more', () => {
    expect(failed('', '')).toEqual([]);
    expect(failed('2026-01-31', '')).toEqual([]);
    expect(failed('', '2026-01-31')).toEqual([]);
    expect(failed('2026-01-31', '2026-01-31')).toEqual([]);
    expect(failed('2026-01-31', '2026-02-01')).toEqual([]);
  });
  it('refuses typed text that is no date (the date picker passes it on)', () => {
    expect(failed('invalid:31/02/2026', '')).toEqual(['Audit.invalidDate']);
  });
  it('refuses a range that ends before it starts, on Until', () => {
    const result = auditFilterSchema.safeParse({
      ...EMPTY_FILTER,
      from: '2026-02-01',
      to: '2026-01-31',
    });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['to'], 'Audit.untilBeforeFrom'],
    ]);
  });
});

describe('the changes shown', () => {
  const intl = createIntl({ locale: 'en', messages: messages.en });

  it('lists each changed leaf field with its value before and after, by its form label', () => {
    const changes = fieldChanges(
      { name: 'Old', settings: { salePrice: 40, originalPrice: 50 } },
      { name: 'New', settings: { salePrice: 45, originalPrice: 50 }, isObsolete: true },
    );
    expect(changes).toEqual([
      { field: 'isObsolete', before: undefined, after: true },
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'settings.salePrice', before: 40, after: 45 },
    ]);
    expect(changesText(intl, 'subjects', changes)).toBe(
      'Obsolete: — → Yes\nName: Old → New\nSettings › Sale price: 40 → 45',
    );
  });

  it('names nested and odd fields as the forms do, and keeps keys no form names', () => {
    expect(fieldLabel(intl, 'countries', 'dial_code')).toBe('Dial code');
    expect(fieldLabel(intl, 'levels', 'fields.buildingName')).toBe(
      'Visible fields › Building name',
    );
    expect(fieldLabel(intl, 'students', 'tutorMapping.maths.confirmed')).toBe(
      'Subjects › maths › Confirmed',
    );
    expect(fieldLabel(intl, 'students', 'profileLevel.schoolId')).toBe('Profile Level › School');
    expect(fieldLabel(intl, 'orders', 'somethingNew')).toBe('somethingNew');
  });

  it('shows a stored file by its name, never its address and token', () => {
    const url =
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/students%2Fuid42.jpg?alt=media&token=secret';
    expect(formatValue(intl, 'logoUrl', url)).toBe('uid42.jpg');
    expect(
      formatValue(
        intl,
        'logoUrl',
        'http://127.0.0.1:9199/v0/b/b/o/users%2Fu_200x200.png?alt=media',
      ),
    ).toBe('u_200x200.png');
    expect(formatValue(intl, 'name', 'https://example.com/a')).toBe('https://example.com/a');
  });
});

describe('one row per user action', () => {
  const at = 1_700_000_000_000;
  const make = (id: string, ms: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
    ...entry,
    id: pushIdTimePrefix(ms) + id.padEnd(12, 'x'),
    at: ms + 40,
    recordId: id,
    action: 'reorder',
    ...over,
  });

  it('reads the write time back from an entry key', () => {
    expect(pushIdTime(pushIdTimePrefix(at) + 'abcdefghijkl')).toBe(at);
  });

  it('groups the entries of one write by time, author and action, and nothing else', () => {
    const groups = groupEntries([
      make('s1', at),
      make('s2', at),
      make('s3', at, { by: 'admin2' }),
      make('s4', at + 1),
      make('s5', at, { action: 'update' }),
      make('s6', at),
    ]);
    expect(groups.map((g) => g.entries.map((e) => e.recordId))).toEqual([
      ['s1', 's2', 's6'],
      ['s3'],
      ['s4'],
      ['s5'],
    ]);
  });
});
