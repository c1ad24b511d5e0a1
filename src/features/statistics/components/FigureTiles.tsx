import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from 'react-router-dom';
import { ordersListUrl } from '@/shared/domain/order';
import type { Summary } from '../aggregate';

/**
 * The tiles in display order: the figure, its catalogue id, and the list of the rows it counts
 * (none for matched subjects, which no list shows): every student (inactive ones too), the
 * active tutors (the tutors list without 'Show all'), and the orders the two order figures count
 * (the orders list's status and expiry filters select the same orders as the `stats/` nodes).
 */
const TILES: ReadonlyArray<[keyof Summary, string, string | null]> = [
  ['students', 'Statistics.figure.students', '/students?all=1'],
  ['tutors', 'Statistics.figure.tutors', '/tutors'],
  ['matchedSubjects', 'Statistics.figure.matchedSubjects', null],
  ['pendingApprovals', 'Statistics.figure.pendingApprovals', ordersListUrl({ status: 'waiting' })],
  ['expiringSoon', 'Statistics.figure.expiringSoon', ordersListUrl({ expiry: 'expiring' })],
];

/**
 * The summary figures as tiles (each a labelled group so screen readers pair label and value);
 * a tile whose rows a list can show is a link to them, named by its label and figure.
 */
export function FigureTiles({ summary, loading }: { summary: Summary; loading: boolean }) {
  return (
    <div className="columns is-mobile is-multiline" aria-busy={loading}>
      {TILES.map(([key, labelId, to]) => {
        const content = (
          <>
            <p className="heading" id={`figure-${key}`}>
              <FormattedMessage id={labelId} />
            </p>
            <p className="title">
              <FormattedNumber value={summary[key]} />
            </p>
          </>
        );
        const boxClass = [
          'box has-text-centered is-flex-grow-1 is-flex is-flex-direction-column',
          'is-justify-content-space-between',
        ].join(' ');
        return (
          // Flex column and box: tiles in a row share one height even when a label wraps.
          <div
            key={key}
            className="column is-half-mobile is-half-tablet is-one-fifth-desktop is-flex"
          >
            <div className="is-flex is-flex-grow-1" role="group" aria-labelledby={`figure-${key}`}>
              {to ? (
                <Link to={to} className={boxClass}>
                  {content}
                </Link>
              ) : (
                <div className={boxClass}>{content}</div>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
