/**
 * The resource registry: every entity and admin screen the app wires, in the order of the side
 * navigation within each group. The store (src/app/store.ts), the router (src/app/router.tsx) and
 * the navigation (src/app/layout/navigation.ts) are built from this list; adding an entity like
 * schools is its feature folder, one line here, and its rules.
 */
import type { RouteObject } from 'react-router-dom';
import { auditResource } from '@/features/audit/resource';
import { countriesResource } from '@/features/countries/resource';
import { fieldLevelsResource } from '@/features/field-levels/resource';
import { levelsResource } from '@/features/levels/resource';
import { ordersResource } from '@/features/orders/resource';
import { studentsResource, tutorsResource } from '@/features/people/resource';
import { schoolsResource } from '@/features/schools/resource';
import { statisticsResource } from '@/features/statistics/resource';
import { subjectsResource } from '@/features/subjects/resource';
import { usersResource } from '@/features/users/resource';
import type { PageModuleLoader } from '@/shared/resource';
import { indexedDbStorage } from './persistStorage';

export const resources = [
  levelsResource,
  // The person form pages compose test results and matching: the app gives them.
  {
    ...studentsResource,
    pages: { ...studentsResource.pages, form: () => import('./routes/StudentFormPage') },
  },
  {
    ...tutorsResource,
    pages: { ...tutorsResource.pages, form: () => import('./routes/TutorFormPage') },
  },
  statisticsResource,
  ordersResource,
  // The subject pages show field levels (the level range): the app gives them.
  {
    ...subjectsResource,
    pages: {
      list: () => import('./routes/SubjectsPage'),
      form: () => import('./routes/SubjectFormPage'),
    },
  },
  usersResource,
  countriesResource,
  fieldLevelsResource,
  schoolsResource,
  auditResource,
] as const;

/**
 * Admin screens (spec section 6), from the registry: each resource's list at its path, and, when
 * it has a form, `${path}/new` and `${path}/:id`, each page loaded lazily by `page` (the router's
 * helper). The router adds them on the first navigation that needs them (router.tsx
 * `patchRoutesOnNavigation`); here, not in the router, so that /login's code does not hold them.
 */
export function resourceRoutes(
  page: (load: PageModuleLoader) => Pick<RouteObject, 'lazy'>,
): RouteObject[] {
  return resources.flatMap((resource): RouteObject[] => [
    { path: resource.path, ...page(resource.pages.list) },
    ...('form' in resource.pages
      ? [
          { path: `${resource.path}/new`, ...page(resource.pages.form) },
          { path: `${resource.path}/:id`, ...page(resource.pages.form) },
        ]
      : []),
  ]);
}

/** One registered resource. */
export type RegisteredResource = (typeof resources)[number];

/**
 * Starts loading the page of `pathname` when it is a registered resource's (its list, or its
 * form at `${path}/...`), and for a list also reading its first page (the api's
 * `readFirstPageEarly`, shared/rtdb), so that the query leaves as soon as the Database SDK has
 * connected with Auth's user. Called by the router as soon as the path of a page opened directly
 * is known (router.tsx `preloadSignedInRoute`); here rather than in the router, whose code every
 * page (/login too) downloads.
 * @returns a promise of the page's module (undefined for another path).
 */
export function preloadResourcePage(pathname: string): Promise<unknown> | undefined {
  const resource = resources.find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  if (!resource) return undefined;
  if (pathname !== resource.path)
    return 'form' in resource.pages ? resource.pages.form() : undefined;
  const listPage = resource.pages.list();
  // Every list's api is the object itself (a Lazy loader would be a function).
  const api = 'api' in resource ? (resource.api as { readFirstPageEarly?: () => unknown }) : {};
  if (api.readFirstPageEarly) {
    // A reload paints the list's persisted first page first (persistedList.ts); the Database
    // SDK's handling of an early answer then only delayed that paint (a reload at 10,000 rows was
    // slower with it), and the list's watch reads the page once it shows. Only a list with nothing
    // persisted is read early.
    void hasPersistedRows(resource.name).then((persisted) => {
      if (!persisted) api.readFirstPageEarly?.();
    });
  }
  return listPage;
}

/**
 * Whether the persisted store holds rows of the list `name` (redux-persist's record under
 * `persist:<name>`: each top-level key serialised on its own, `ids` among them); false when it
 * cannot be read.
 */
async function hasPersistedRows(name: string): Promise<boolean> {
  try {
    const stored = await indexedDbStorage.getItem(`persist:${name}`);
    const ids = stored ? (JSON.parse(stored) as { ids?: string }).ids : undefined;
    return ids !== undefined && (JSON.parse(ids) as unknown[]).length > 0;
  } catch {
    return false;
  }
}
