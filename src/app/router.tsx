/**
 * The route table (spec section 2, Route list). Pages are loaded lazily so that each route ships
 * only its own code (issue 5 budget: /login must not load the Database SDK, charts, date pickers
 * or QR codes). Guards: RequireAuth (signed-out visitors go to /login), RequireAdmin (non-admins
 * go to /), RedirectIfSignedIn (a signed-in visitor on /login goes to /).
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { PageModuleLoader } from '@/shared/resource';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { FullCatalogue } from './i18n/FullCatalogue';
import { PageLoader } from './layout/PageLoader';
import { resources } from './resources';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

/** A lazily loaded page: the module's default export is the route's component. */
const page = (load: PageModuleLoader): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * Admin screens (spec section 6), from the resource registry: each resource's list at its path,
 * and, when it has a form, `${path}/new` and `${path}/:id`.
 */
const adminRoutes: RouteObject[] = [
  ...resources.flatMap((resource): RouteObject[] => [
    { path: resource.path, ...page(resource.pages.list) },
    ...('form' in resource.pages
      ? [
          { path: `${resource.path}/new`, ...page(resource.pages.form) },
          { path: `${resource.path}/:id`, ...page(resource.pages.form) },
        ]
      : []),
  ]),
  // The placeholder page is an admin screen too: non-admins reach only home and their profile.
  { path: '/section', ...page(() => import('@/features/dashboard/pages/SectionPage')) },
];

/** Signed-in screens open to every user (spec section 1: home and their own profile only). */
const memberRoutes: RouteObject[] = [
  { index: true, ...page(() => import('./routes/DashboardPage')) },
  { path: '/profile', ...page(() => import('./ProfilePage')) },
];

/** Public pages: no sign-in, no admin data (spec section 6). */
const publicRoutes: RouteObject[] = [
  { path: '/qrcode/:id?', ...page(() => import('@/features/public/pages/QrCodePage')) },
  { path: '/payment/:id/:total', ...page(() => import('@/features/public/pages/PaymentPage')) },
  { path: '/chart/:data?', ...page(() => import('@/features/public/pages/ChartPage')) },
];

/**
 * The local backend's outbox (issue 5): what the Auth emulator would have e-mailed. The
 * production build replaces `VITE_USE_EMULATORS` by a literal, so the route and its chunk are gone.
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
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/login', ...page(() => import('@/features/auth/pages/LoginPage')) },
          {
            path: '/recover-password',
            ...page(() => import('@/features/auth/pages/RecoverPasswordPage')),
          },
        ],
      },
      // E-mail action links (reset, sign-in link, verification): public, even when signed in.
      { path: '/auth/action', ...page(() => import('@/features/auth/pages/AuthActionPage')) },
      {
        // Every screen but sign-in, recovery and 404 needs the whole catalogue (messages.ts).
        element: <FullCatalogue />,
        children: [
          ...publicRoutes,
          ...localRoutes,
          {
            element: <RequireAuth />,
            children: [
              {
                // Lazy like the pages: the signed-out /login does not need the layout's code.
                lazy: async () => ({ Component: (await import('./layout/Layout')).Layout }),
                children: [...memberRoutes, { element: <RequireAdmin />, children: adminRoutes }],
              },
            ],
          },
        ],
      },
      // Static: RouteError shows it too, so it is in the entry chunk anyway.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
