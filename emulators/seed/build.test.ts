import { describe, expect, it } from 'vitest';
import { buildDemoData } from './build';

const now = Date.UTC(2026, 0, 15);

describe('buildDemoData', () => {
  it('is deterministic for the same seed and time, and differs for another seed', () => {
    expect(buildDemoData({ now })).toEqual(buildDemoData({ now }));
    expect(buildDemoData({ now, seed: 7 }).students).not.toEqual(buildDemoData({ now }).students);
  });

  it('has the demo accounts, Singapore levels in order, a dozen schools and priced subjects', () => {
    const data = buildDemoData({ now });
    const admin = data.accounts.find((a) => a.email === 'admin@tuition.test');
    const staff = data.accounts.find((a) => a.email === 'staff@tuition.test');
    expect(admin).toMatchObject({ password: 'admin123', isAdmin: true, record: { isAdmin: true } });
    expect(staff).toMatchObject({
      password: 'staff123',
      isAdmin: false,
      record: { isAdmin: false },
    });
    const levels = Object.values(data.fieldLevels).sort((a, b) => a.order - b.order);
    expect(levels.map((l) => l.name)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `Primary ${n}`),
      ...[1, 2, 3, 4, 5].map((n) => `Secondary ${n}`),
      'JC 1',
      'JC 2',
    ]);
    expect(Object.keys(data.schools).length).toBeGreaterThanOrEqual(12);
    for (const subject of Object.values(data.subjects)) {
      const settings = subject.settings!;
      expect(settings.originalPrice).toBeGreaterThan(0);
      if (settings.salePrice !== null)
        expect(settings.salePrice).toBeLessThan(settings.originalPrice);
      expect([2, 4, 6]).toContain(settings.multipleQtyRestriction);
      expect(data.fieldLevels[subject.levelStart]).toBeDefined();
      expect(data.fieldLevels[subject.levelEnd]).toBeDefined();
    }
  });

  it('builds the requested numbers of unique people, matched both ways', () => {
    const data = buildDemoData({ now, students: 300, tutors: 120, orders: 60 });
    expect(Object.keys(data.students)).toHaveLength(300);
    expect(Object.keys(data.tutors)).toHaveLength(120);
    expect(Object.keys(data.orders)).toHaveLength(60);
    const emails = [...Object.values(data.students), ...Object.values(data.tutors)].map(
      (p) => p.email,
    );
    expect(new Set(emails).size).toBe(emails.length);
    let confirmed = 0;
    for (const student of Object.values(data.students)) {
      for (const [subjectId, mapping] of Object.entries(student.tutorMapping ?? {})) {
        for (const tutorId of Object.keys(mapping.suggested ?? {}))
          expect(data.tutors[tutorId]).toBeDefined();
        if (mapping.confirmed) {
          confirmed++;
          expect(data.tutors[mapping.confirmed]?.confirmedStudents?.[student.id]?.[subjectId]).toBe(
            true,
          );
        }
      }
    }
    expect(confirmed).toBeGreaterThan(0);
  });

  it('has orders in each status, some expiring within 3 days', () => {
    const orders = Object.values(buildDemoData({ now }).orders);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['pending', 'paid', 'approved']));
    const soon = orders.filter((o) => o.expiredDate > now && o.expiredDate <= now + 3 * 86_400_000);
    expect(soon.length).toBeGreaterThan(0);
    for (const order of orders) expect(order.qtyLeft).toBeLessThanOrEqual(order.qty);
  });

  it('builds the 10,000 people the benchmarks ask for', () => {
    // No timing assertion: a slow machine must not fail a test (the benches print timings).
    const data = buildDemoData({ now, students: 6000, tutors: 4000 });
    expect(Object.keys(data.students).length + Object.keys(data.tutors).length).toBe(10_000);
  });
});
