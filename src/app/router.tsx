/**
 * The route table (spec section 2, Route list). Pages are loaded lazily so that each route ships
 * only its own code (/login, whose budget is 180 KB gzipped in bench/app.ts, must not load the
 * Database SDK, charts, date pickers or QR codes). Every route but the public pages and the
 * e-mail action page sits under the session's route (session.tsx: the store and the guards, one
 * chunk loaded with the first such route, which then loads Firebase Auth), so a phone opening a
 * QR, payment or chart link downloads React, the router and the words only. Guards: RequireAuth
 * (signed-out visitors go to /login), RequireAdmin (non-admins go to /), RedirectIfSignedIn (a
 * signed-in visitor on /login goes to /).
 */
import {
  createBrowserRouter,
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { prefetchPublicOrder } from '@/features/public/publicOrderRead';
import type { PageModuleLoader } from '@/shared/resource';
import { FullCatalogue } from './i18n/FullCatalogue';
import { inNextTask } from './inNextTask';
import { detectLocale } from './i18n/locale';
import { prefetchFullCatalogue, type CatalogueScope } from './i18n/messages';
import { PageLoader } from './layout/PageLoader';
import { RouteError } from './RouteError';

/** The session's chunk: the store, the guards (session.tsx). */
const session = () => import('./session');

/** A route element exported by the session's chunk (the root that holds the store, a guard). */
type SessionElement = 'SessionRoot' | 'RedirectIfSignedIn' | 'RequireAdmin' | 'RequireAuth';
const sessionElement = (name: SessionElement): Pick<RouteObject, 'lazy'> => ({
  lazy: inNextTask(async () => ({ Component: (await session())[name] })),
});

/** The resource registry, its slices injected into the store (store.ts `loadResources`). */
const loadResources = async (): Promise<unknown> => (await import('./store')).loadResources();

/**
 * A lazily loaded page: the module's default export is the route's component. Like the session's
 * elements and /login, its code is asked for in a task after the one the router asks in
 * (inNextTask): the first route's lazy code is asked for as the router is created, in the
 * entry's task.
 */
const page = (load: PageModuleLoader): Pick<RouteObject, 'lazy'> => ({
  lazy: inNextTask(async () => ({ Component: (await load()).default })),
});

/** Id of the admin-only route the registry's routes are added under. */
const ADMIN_ROUTE = 'admin';

/** Admin screens that are not a registry resource. */
const adminRoutes: RouteObject[] = [
  // The placeholder page is an admin screen too: non-admins reach only home and their profile.
  { path: '/section', ...page(() => import('@/features/dashboard/pages/SectionPage')) },
];

/** Signed-in screens open to every user (spec section 1: home and their own profile only). */
const memberRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./routes/DashboardPage')) },
  { path: '/profile', ...page(() => import('./ProfilePage')) },
];

/**
 * Starts reading the order of a public route (its `:id`) as the route matches, beside the page's
 * code: the page would otherwise send the request only after its code, its words and its first
 * render (one round trip and more later on a phone's network).
 */
const readOrderEarly: Pick<RouteObject, 'loader'> = {
  loader: ({ params }) => {
    prefetchPublicOrder(params.id);
    return null;
  },
};

/**
 * Whether `pathname` is one of the public pages below, which need their own words beside the
 * core catalogue (messages.ts). No screen links from a sign-in screen to them, so the part of the
 * catalogue chosen when the app starts is enough for every screen until the full one is loaded.
 */
export function isPublicPath(pathname: string): boolean {
  return /^\/(qrcode|payment|chart)(\/|$)/.test(pathname);
}

/**
 * The part of the catalogue the page opened needs first: a public page's words (QR, payment,
 * chart) are not part of the core, which /login downloads (messages.ts).
 */
export const firstCatalogueScope: CatalogueScope = isPublicPath(window.location.pathname)
  ? 'public'
  : 'core';

/** Public pages: no sign-in, no admin data (spec section 6). */
const publicRoutes: RouteObject[] = [
  {
    path: '/qrcode/:id?',
    ...readOrderEarly,
    ...page(() => import('@/features/public/pages/QrCodePage')),
  },
  {
    path: '/payment/:id/:total',
    ...readOrderEarly,
    ...page(() => import('@/features/public/pages/PaymentPage')),
  },
  { path: '/chart/:data?', ...page(() => import('@/features/public/pages/ChartPage')) },
];

/**
 * The local backend's outbox: what the Auth emulator would have e-mailed. The production build
 * replaces `VITE_USE_EMULATORS` by a literal, so the route and its chunk are gone.
 */
const localRoutes: RouteObject[] =
  import.meta.env.VITE_USE_EMULATORS === 'true'
    ? [{ path: '/outbox', ...page(() => import('@/features/outbox/pages/OutboxPage')) }]
    : [];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first route's lazy code loads (without it React Router warns on every
    // full page load).
    hydrateFallbackElement: <PageLoader />,
    children: [
      // Their words are in the core catalogue and they read no session: they render without the
      // whole catalogue, the store or Auth (a phone on a slow network opens them from a link).
      ...publicRoutes,
      // E-mail action links (reset, sign-in link, verification): public, even when signed in; the
      // page loads Auth itself, with its first call.
      { path: '/auth/action', ...page(() => import('@/features/auth/pages/AuthActionPage')) },
      {
        ...sessionElement('SessionRoot'),
        children: [
          {
            // Inside the store's provider, so that the not-found screen knows the session.
            errorElement: <RouteError />,
            children: [
              {
                ...sessionElement('RedirectIfSignedIn'),
                children: [
                  {
                    path: '/login',
                    lazy: inNextTask(async () => {
                      preloadOnSignIn();
                      return {
                        Component: (await import('@/features/auth/pages/LoginPage')).default,
                      };
                    }),
                  },
                  {
                    path: '/recover-password',
                    ...page(() => import('@/features/auth/pages/RecoverPasswordPage')),
                  },
                ],
              },
              {
                // Every other screen but sign-in, recovery and 404 needs the whole catalogue
                // (messages.ts).
                element: <FullCatalogue />,
                children: [
                  ...localRoutes,
                  {
                    ...sessionElement('RequireAuth'),
                    children: [
                      {
                        // Lazy like the pages: the signed-out /login does not need the layout's
                        // code. Every signed-in screen may read any list (the dashboard,
                        // matching): the registry's slices are in the store before the shell
                        // renders.
                        lazy: async () => {
                          // FullCatalogue asks for the words only once this code has loaded:
                          // start now.
                          prefetchFullCatalogue(detectLocale());
                          const [{ Layout }] = await Promise.all([
                            import('./layout/Layout'),
                            loadResources(),
                          ]);
                          return { Component: Layout };
                        },
                        children: [
                          ...memberRoutes,
                          {
                            id: ADMIN_ROUTE,
                            ...sessionElement('RequireAdmin'),
                            children: adminRoutes,
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: '*',
                lazy: async () => ({ Component: (await import('./NotFoundPage')).NotFoundPage }),
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts loading, as soon as the page's path is known, the code a signed-in route opened directly
 * (a reload, a link) needs: the session's chunk, the layout, the registry and the route's own page
 * (the dashboard for /) and the registry's slices in the store. Otherwise each waited for the
 * last: the registry for the route patch, then the session's and
 * the layout's chunks for the matched routes, then the page's chunk (a reload of /students showed
 * its first row after some 45 chunks loaded one after another, the main thread idle in between).
 * The page is found by the registry's module itself (resources.ts `preloadResourcePage`), not
 * through `loadResources`, which also waits for the persisted lists' module and the slices'
 * injection; a list route also starts reading its first page there: the query leaves as soon as
 * the Database SDK has connected with Auth's user (at 10,000 rows under load, 150 ms before the
 * page's own query would have: its code, render and effects came first), and its rows are there
 * when the page renders.
 * Nothing for the public pages, the e-mail action page, sign-in and recovery, whose budgets
 * (bench/app.ts) exclude the signed-in code. A failed load is left to the route, which reports it.
 */
function preloadSignedInRoute(pathname: string): void {
  if (isPublicPath(pathname) || pathname.startsWith('/auth/')) return;
  const quiet = (loading: Promise<unknown>) => void loading.catch(() => undefined);
  quiet(session());
  if (pathname === '/login' || pathname === '/recover-password') return;
  prefetchFullCatalogue(detectLocale());
  quiet(import('./layout/Layout'));
  // The registry's slices injected: after a sign-in nothing else starts it before the shell's
  // lazy route (the persisted lists' module was asked for 400 ms after the click).
  quiet(loadResources());
  if (pathname === '/') quiet(import('./routes/DashboardPage'));
  quiet(import('./resources').then(({ preloadResourcePage }) => preloadResourcePage(pathname)));
}

// In a task of its own, not the entry's (which creates the router): each import runs Vite's
// preload helper, blocking time on a phone (see inNextTask).
setTimeout(() => preloadSignedInRoute(window.location.pathname));

/**
 * Once the sign-in form is submitted, starts loading the dashboard, where a sign-in lands, while
 * Auth checks the password, instead of after the session is there: the shell, the registry and
 * the page were requested only once the router had moved on, some 600 ms after the click at
 * 10,000 rows under load. Nothing before the submit, so /login itself downloads no more
 * (bench/app.ts).
 */
function preloadOnSignIn(): void {
  document.addEventListener('submit', () => preloadSignedInRoute('/'), {
    capture: true,
    once: true,
  });
}

let registryRoutesAdded = false;

/**
 * Adds the registry's admin routes when a path matches none of the routes above but the
 * catch-all (React Router calls this on such navigations, its "fog of war"): /students opened
 * directly or followed from a link. Other paths never load the registry from here.
 */
const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (registryRoutesAdded || matchRoutes(routes, path)?.at(-1)?.route.path !== '*') return;
  // The routes are built by the registry's module (not part of /login's code), once the slices
  // are in the store.
  const [{ resourceRoutes }] = await Promise.all([import('./resources'), loadResources()]);
  if (registryRoutesAdded) return;
  registryRoutesAdded = true;
  patch(ADMIN_ROUTE, resourceRoutes(page));
};

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
