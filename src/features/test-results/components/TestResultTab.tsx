/**
 * The Test result tab of the student and tutor forms (spec section 2, Students and tutors; spec 4:
 * 'Reset' clears isTested and testResult; spec 9: radar 0..18, top 3 scores).
 *
 * The reset is given by the app (`onReset`): the person's slice `modify` thunk, so the list in the
 * store holds the cleared record afterwards and the slice's toast/error handling applies (no
 * toast here).
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { IntelligenceRadarChart } from '@/shared/intelligence/IntelligenceRadarChart';
import { isScores, topScores } from '@/shared/intelligence/intelligences';

/** The fields a reset clears (spec section 4). */
export interface TestResultReset {
  isTested: false;
  testResult: null;
}

export interface TestResultTabProps {
  /** The person's id. */
  id: string;
  isTested: boolean;
  /** Eight scores in catalogue order, or null when there is no result. */
  testResult: number[] | null;
  /** Saves the cleared fields; settles when done (a failure was toasted by the app). */
  onReset: (changes: TestResultReset) => Promise<unknown>;
}

/** Radar, top three types with descriptions and jobs, and Reset; or the not-tested warning. */
export function TestResultTab({ id, isTested, testResult, onReset }: TestResultTabProps) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  const hasResult = isTested && isScores(testResult);
  const canReset = isTested || testResult !== null;

  const reset = async () => {
    setResetting(true);
    await onReset({ isTested: false, testResult: null });
    // On failure the slice's rejected action already shows the error toast; close the dialog
    // either way so the tab (still showing the stored result) is usable again.
    setResetting(false);
    setConfirming(false);
  };

  return (
    <section aria-labelledby={`test-result-${id}`}>
      <div className="level">
        <div className="level-left">
          <h2 id={`test-result-${id}`} className="title is-5 level-item">
            <FormattedMessage id="Intelligence.resultTitle" />
          </h2>
        </div>
        {canReset && (
          <div className="level-right">
            <button
              type="button"
              className={`button is-warning level-item${resetting ? ' is-loading' : ''}`}
              onClick={() => setConfirming(true)}
              disabled={resetting}
            >
              <FormattedMessage id="Intelligence.reset" />
            </button>
          </div>
        )}
      </div>

      {hasResult && testResult ? (
        <div className="columns">
          <div className="column is-half">
            <IntelligenceRadarChart scores={testResult} />
          </div>
          <div className="column is-half">
            <h3 className="title is-6">
              <FormattedMessage id="Intelligence.top.title" />
            </h3>
            <ol className="ml-4">
              {topScores(testResult, 3).map(({ intelligence, score }) => (
                <li key={intelligence.key} className="mb-4">
                  <p>
                    <span
                      className="tag is-medium mr-2"
                      style={{ backgroundColor: intelligence.color, color: '#fff' }}
                    >
                      <FormattedMessage id={intelligence.nameId} />
                    </span>
                    <FormattedMessage id="Intelligence.top.score" values={{ score }} />
                  </p>
                  <p className="mt-1">
                    <FormattedMessage id={intelligence.descriptionId} />
                  </p>
                  <p className="mt-1">
                    <strong>
                      <FormattedMessage id="Intelligence.top.jobs" />
                    </strong>
                    {': '}
                    {intl.formatList(
                      intelligence.jobIds.map((job) => intl.formatMessage({ id: job })),
                      { type: 'conjunction' },
                    )}
                  </p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      ) : (
        <div className="notification is-warning" role="status">
          <FormattedMessage id="Intelligence.notTested" />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        body={<FormattedMessage id="Intelligence.resetConfirm" />}
        confirmLabel={<FormattedMessage id="Intelligence.reset" />}
        confirmClassName="is-warning"
        loading={resetting}
        onConfirm={() => void reset()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
