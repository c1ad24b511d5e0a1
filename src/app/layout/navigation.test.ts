import { visibleNavigation } from './navigation';

const labels = (isAdmin: boolean) =>
  visibleNavigation(isAdmin).map((g) => [
    g.labelId,
    g.items.map((i) => ('to' in i ? i.to : i.children.map((c) => c.to))),
  ]);

describe('visibleNavigation (spec 2 Layout, spec 6)', () => {
  it('shows a non-admin only the dashboard', () => {
    expect(labels(false)).toEqual([['Layout.nav.navigation', ['/']]]);
  });

  it('shows an admin every group, with Manage fields under Systems', () => {
    expect(labels(true)).toEqual([
      ['Layout.nav.navigation', ['/']],
      ['Layout.nav.levelManagement', ['/browsing-levels', '/browsing-levels/new']],
      ['Layout.nav.customers', ['/students', '/students/new', '/tutors', '/tutors/new']],
      ['Layout.nav.statistics', ['/statistic']],
      ['Layout.nav.sales', ['/orders']],
      ['Layout.nav.subjectSetting', ['/subjects', '/subjects/new']],
      [
        'Layout.nav.systems',
        ['/users', ['/countries', '/field-levels', '/field-schools'], '/audit'],
      ],
    ]);
  });
});
