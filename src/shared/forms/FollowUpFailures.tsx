import { FormattedMessage } from 'react-intl';
import type { StepFailure } from '../accounts';

export interface FollowUpFailuresProps {
  failures: StepFailure[];
  /**
   * Retries only the failed steps (the account exists already). Absent, the button submits the
   * form it is in, whose submit handler retries (so the input is parsed and checked again).
   */
  onRetry?: () => void;
  retrying: boolean;
  /** Keeps Retry disabled, e.g. while the form's current input is invalid (users' form). */
  disabled?: boolean;
}

/**
 * After an account was created, the follow-up steps that failed (record, upload, invitation), each
 * with its translated error, and one Retry button (spec section 4: "Any failure shows the error"; a
 * retry runs only the failed steps and never creates a second account). Used by the people and
 * users create forms. Message ids: FollowUp.* (people.json, which both forms' routes load).
 */
export function FollowUpFailures({
  failures,
  onRetry,
  retrying,
  disabled = false,
}: FollowUpFailuresProps) {
  if (failures.length === 0) return null;
  return (
    <div className="notification is-warning" role="alert">
      <p className="mb-2">
        <FormattedMessage id="FollowUp.intro" />
      </p>
      <ul className="mb-3">
        {failures.map((f) => (
          <li key={f.step}>
            <strong>
              <FormattedMessage id={`FollowUp.step.${f.step}`} />
            </strong>
            {': '}
            <FormattedMessage id={f.error.messageId} />
          </li>
        ))}
      </ul>
      <button
        type={onRetry ? 'button' : 'submit'}
        className={`button is-warning is-light${retrying ? ' is-loading' : ''}`}
        onClick={onRetry}
        disabled={retrying || disabled}
      >
        <FormattedMessage id="FollowUp.retry" />
      </button>
    </div>
  );
}
