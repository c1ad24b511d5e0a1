import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PageLoader } from './layout/PageLoader';

// Lazy: it reads the session, whose store the public pages' code does not load (session.tsx).
// Only the error boundary inside the session's route (router.tsx) ever renders it.
const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

/**
 * The route tree's error boundary: a 404 response shows the not-found screen (spec 2); anything
 * else (typically a lazy page chunk that failed to load after a deploy) offers a reload.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoader />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const details = error instanceof Error ? error.message : String(error);
  return (
    <main className="section">
      <div className="container">
        <div className="notification is-danger is-light" role="alert">
          <h1 className="title is-4">
            <FormattedMessage id="RouteError.title" />
          </h1>
          <p>
            <FormattedMessage id="RouteError.text" />
          </p>
          <details className="mt-3">
            <summary>
              <FormattedMessage id="RouteError.details" />
            </summary>
            <pre>{details}</pre>
          </details>
        </div>
        <button
          type="button"
          className="button is-primary"
          onClick={() => window.location.reload()}
        >
          <FormattedMessage id="RouteError.reload" />
        </button>
      </div>
    </main>
  );
}
