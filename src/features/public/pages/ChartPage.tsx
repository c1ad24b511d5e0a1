/**
 * /chart/{data} (public; spec section 2; spec 9): the multiple-intelligence radar of
 * comma-separated scores, or what is wrong with malformed data. Reads nothing from the database.
 */
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { IntelligenceRadarChart } from '@/shared/intelligence/IntelligenceRadarChart';
import { parseScores, ScoresError, topScores } from '@/shared/intelligence/intelligences';
import { PublicPage } from '../components/PublicPage';

type Parsed = { scores: number[]; error: null } | { scores: null; error: ScoresError };

function parse(data: string | undefined): Parsed {
  try {
    return { scores: parseScores(data), error: null };
  } catch (e) {
    if (e instanceof ScoresError) return { scores: null, error: e };
    throw e;
  }
}

export default function ChartPage() {
  const { data } = useParams();
  const result = parse(data);
  return (
    <PublicPage title={<FormattedMessage id="Intelligence.resultTitle" />}>
      {result.error ? (
        <div className="notification is-danger" role="alert">
          <p className="has-text-weight-semibold">
            <FormattedMessage id="Public.chart.invalid" />
          </p>
          <p>
            <FormattedMessage
              id={result.error.messageId}
              values={{ position: result.error.position ?? '' }}
            />
          </p>
          <p className="mt-2 is-size-7">
            <FormattedMessage id="Public.chart.format" />
          </p>
        </div>
      ) : (
        <>
          <IntelligenceRadarChart scores={result.scores} />
          <h2 className="title is-6 mt-4">
            <FormattedMessage id="Intelligence.top.title" />
          </h2>
          <ol className="ml-5">
            {topScores(result.scores, 3).map(({ intelligence, score }) => (
              <li key={intelligence.key}>
                <span className="has-text-weight-semibold" style={{ color: intelligence.color }}>
                  <FormattedMessage id={intelligence.nameId} />
                </span>{' '}
                <FormattedMessage id="Intelligence.top.score" values={{ score }} />
              </li>
            ))}
          </ol>
        </>
      )}
    </PublicPage>
  );
}
