import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useInRouterContext, useParams } from 'react-router-dom';
import { DocumentTitle } from '../DocumentTitle';

/**
 * On a record's form (a route `<list>/:id`), the link to its history in the audit log
 * (`/audit?record=<id>`; record keys are push ids or uids, so the id alone names the record).
 */
function HistoryLink() {
  const { id } = useParams();
  if (!id) return null;
  return (
    <div className="card-header-icon">
      <Link to={`/audit?record=${encodeURIComponent(id)}`}>
        <FormattedMessage id="Audit.history" />
      </Link>
    </div>
  );
}

/**
 * The frame of a list or form screen: a Bulma card whose header is the page's h1 (`title`, a
 * message id) and whose content is `children`. `after` goes below the card, in the same section
 * (e.g. a list's ConfirmDialog). The title also names the browser tab (DocumentTitle). On a
 * record's form the header links to the record's history (HistoryLink). `titleValues` are the
 * title message's arguments (a record's name: 'Edit Student: {name}').
 */
export function PageCard({
  title,
  titleValues,
  children,
  after,
}: {
  title: string;
  titleValues?: Record<string, string>;
  children: ReactNode;
  after?: ReactNode;
}) {
  const inRouter = useInRouterContext();
  return (
    <section>
      <DocumentTitle title={title} values={titleValues} />
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id={title} values={titleValues} />
          </h1>
          {inRouter ? <HistoryLink /> : null}
        </header>
        <div className="card-content">{children}</div>
      </div>
      {after}
    </section>
  );
}
