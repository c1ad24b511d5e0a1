import { FormattedMessage, FormattedNumber } from 'react-intl';
import { SAMPLE_FIGURES, type SummaryFigure } from '../sampleFigures';

/** A row of summary tiles, figures formatted for the locale. */
export function SummaryCards({ figures = SAMPLE_FIGURES }: { figures?: readonly SummaryFigure[] }) {
  return (
    <div className="columns is-multiline">
      {figures.map((f) => (
        <div key={f.labelId} className="column is-6-tablet is-3-desktop">
          <div className="box has-text-centered">
            <p className="heading">
              <FormattedMessage id={f.labelId} />
            </p>
            <p className="title">
              <FormattedNumber value={f.value} />
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
