/**
 * The side navigation (spec 2 Layout): groups, their links and which need an admin (spec 6: only
 * admins may open management screens, so non-admins see only what they can open).
 */
export interface NavLinkItem {
  /** Catalogue id of the label. */
  labelId: string;
  to: string;
  /** The route is behind RequireAdmin. */
  admin: boolean;
}

export interface NavSubmenu {
  labelId: string;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavSubmenu;

export interface NavGroup {
  labelId: string;
  items: NavItem[];
}

const admin = (labelId: string, to: string): NavLinkItem => ({ labelId, to, admin: true });

export const NAVIGATION: readonly NavGroup[] = [
  {
    labelId: 'Layout.nav.navigation',
    items: [{ labelId: 'Layout.nav.dashboard', to: '/', admin: false }],
  },
  {
    labelId: 'Layout.nav.levelManagement',
    items: [
      admin('Layout.nav.manageLevel', '/browsing-levels'),
      admin('Layout.nav.createLevel', '/browsing-levels/new'),
    ],
  },
  {
    labelId: 'Layout.nav.customers',
    items: [
      admin('Layout.nav.manageStudents', '/students'),
      admin('Layout.nav.createStudent', '/students/new'),
      admin('Layout.nav.manageTutors', '/tutors'),
      admin('Layout.nav.createTutor', '/tutors/new'),
    ],
  },
  { labelId: 'Layout.nav.statistics', items: [admin('Layout.nav.charts', '/statistic')] },
  { labelId: 'Layout.nav.sales', items: [admin('Layout.nav.orders', '/orders')] },
  {
    labelId: 'Layout.nav.subjectSetting',
    items: [
      admin('Layout.nav.manageSubjects', '/subjects'),
      admin('Layout.nav.createSubject', '/subjects/new'),
    ],
  },
  {
    labelId: 'Layout.nav.systems',
    items: [
      admin('Layout.nav.users', '/users'),
      {
        labelId: 'Layout.nav.manageFields',
        children: [
          admin('Layout.nav.countries', '/countries'),
          admin('Layout.nav.fieldLevels', '/field-levels'),
          admin('Layout.nav.schools', '/field-schools'),
        ],
      },
    ],
  },
];

/** The groups a user sees: admin links only for admins; groups left empty are dropped. */
export function visibleNavigation(isAdmin: boolean): NavGroup[] {
  const allowed = (item: NavLinkItem) => isAdmin || !item.admin;
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items
      .map((item): NavItem | null => {
        if ('to' in item) return allowed(item) ? item : null;
        const children = item.children.filter(allowed);
        return children.length ? { ...item, children } : null;
      })
      .filter((item): item is NavItem => item !== null),
  })).filter((group) => group.items.length > 0);
}
