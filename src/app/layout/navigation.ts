/**
 * The side navigation (spec 2 Layout): groups, their links and which need an admin (spec 6: only
 * admins may open management screens, so non-admins see only what they can open). Built from the
 * resource registry (src/app/resources.ts).
 */
import { NAV_GROUPS, type ResourceNav } from '@/shared/resource';
import { resources } from '../resources';

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

/**
 * The side navigation: Dashboard, then each group of NAV_GROUPS (spec 2 Layout) with the links
 * of the registered resources in it, in registry order; a resource's list link, then its create
 * link; resources naming a submenu share it, at the place of its first one.
 */
function buildNavigation(): NavGroup[] {
  const groups: NavGroup[] = NAV_GROUPS.map((group) => ({
    labelId: `Layout.nav.${group}`,
    items: [],
  }));
  for (const resource of resources) {
    if (!('nav' in resource)) continue;
    const nav: ResourceNav = resource.nav;
    const links: NavLinkItem[] = [{ labelId: nav.list, to: resource.path, admin: true }];
    if (nav.create) links.push({ labelId: nav.create, to: `${resource.path}/new`, admin: true });
    const { items } = groups[NAV_GROUPS.indexOf(nav.group)]!;
    if (!nav.submenu) {
      items.push(...links);
      continue;
    }
    let submenu = items.find((item): item is NavSubmenu => item.labelId === nav.submenu);
    if (!submenu) {
      submenu = { labelId: nav.submenu, children: [] };
      items.push(submenu);
    }
    submenu.children.push(...links);
  }
  return [
    {
      labelId: 'Layout.nav.navigation',
      items: [{ labelId: 'Layout.nav.dashboard', to: '/', admin: false }],
    },
    ...groups.filter((group) => group.items.length > 0),
  ];
}

export const NAVIGATION: readonly NavGroup[] = buildNavigation();

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
