import { deleteApp, initializeApp } from 'firebase/app';
import { getDatabase, goOffline, push, ref } from 'firebase/database';
import { createIntl } from 'react-intl';
import type { AuditEntry } from '@/shared/domain/audit';
import { pushIdTimePrefix } from '@/shared/domain/audit';
import { auditIndexOf, matchesFilter } from './auditApi';
import { changesText, fieldChanges } from './changes';
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
  const intl = createIntl({ locale: 'en', messages: { 'Common.yes': 'Yes', 'Common.no': 'No' } });

  it('lists each changed leaf field with its value before and after', () => {
    const changes = fieldChanges(
      { name: 'Old', settings: { salePrice: 40, originalPrice: 50 } },
      { name: 'New', settings: { salePrice: 45, originalPrice: 50 }, isObsolete: true },
    );
    expect(changes).toEqual([
      { field: 'isObsolete', before: undefined, after: true },
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'settings.salePrice', before: 40, after: 45 },
    ]);
    expect(changesText(intl, changes)).toBe(
      'isObsolete: — → Yes\nname: Old → New\nsettings.salePrice: 40 → 45',
    );
  });
});
