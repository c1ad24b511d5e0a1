import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { Summary } from '../aggregate';

/** Catalogue ids of the tiles, in display order. */
const TILES: ReadonlyArray<[keyof Summary, string]> = [
  ['students', 'Statistics.figure.students'],
  ['tutors', 'Statistics.figure.tutors'],
  ['matchedSubjects', 'Statistics.figure.matchedSubjects'],
  ['pendingApprovals', 'Statistics.figure.pendingApprovals'],
  ['expiringSoon', 'Statistics.figure.expiringSoon'],
];

/** The summary figures as tiles (each a labelled group so screen readers pair label and value). */
export function FigureTiles({ summary, loading }: { summary: Summary; loading: boolean }) {
  return (
    <div className="columns is-mobile is-multiline" aria-busy={loading}>
      {TILES.map(([key, labelId]) => (
        // Flex column and box: tiles in a row share one height even when a label wraps.
        <div
          key={key}
          className="column is-half-mobile is-half-tablet is-one-fifth-desktop is-flex"
        >
          <div
            className="box has-text-centered is-flex-grow-1 is-flex is-flex-direction-column is-justify-content-space-between"
            role="group"
            aria-labelledby={`figure-${key}`}
          >
            <p className="heading" id={`figure-${key}`}>
              <FormattedMessage id={labelId} />
            </p>
            <p className="title">
              <FormattedNumber value={summary[key]} />
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
