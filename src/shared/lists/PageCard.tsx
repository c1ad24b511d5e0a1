import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { DocumentTitle } from '../DocumentTitle';

/**
 * The frame of a list or form screen: a Bulma card whose header is the page's h1 (`title`, a
 * message id) and whose content is `children`. `after` goes below the card, in the same section
 * (e.g. a list's ConfirmDialog). The title also names the browser tab (DocumentTitle).
 */
export function PageCard({
  title,
  children,
  after,
}: {
  title: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <section>
      <DocumentTitle title={title} />
      <div className="card">
        <header className="card-header">
          <h1 className="card-header-title title is-5 mb-0">
            <FormattedMessage id={title} />
          </h1>
        </header>
        <div className="card-content">{children}</div>
      </div>
      {after}
    </section>
  );
}
