import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { selectSession } from '@/features/auth/authSlice';
import { DocumentTitle } from '@/shared/DocumentTitle';
import { useAppSelector } from './hooks';

/**
 * The not-found screen (spec 2 Not found): 'Error 404: page not found', 'The requested URL {url}
 * was not found', a Go Back button, and a link to home when signed in, otherwise to login.
 */
export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSession) !== null;
  const url = `${location.pathname}${location.search}`;
  return (
    <main className="section">
      <DocumentTitle title="NotFound.title" />
      <div className="container has-text-centered">
        <h1 className="title">
          <FormattedMessage id="NotFound.title" />
        </h1>
        <p className="subtitle">
          <FormattedMessage id="NotFound.text" values={{ url: <code>{url}</code> }} />
        </p>
        <div className="buttons is-centered">
          <button type="button" className="button" onClick={() => navigate(-1)}>
            <FormattedMessage id="Common.goBack" />
          </button>
          <Link to={signedIn ? '/' : '/login'} className="button is-primary">
            <FormattedMessage id={signedIn ? 'NotFound.home' : 'NotFound.login'} />
          </Link>
        </div>
      </div>
    </main>
  );
}
