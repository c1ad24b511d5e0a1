import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { listReturnPath } from '../table/listState';
import { SubmitButton } from './SubmitButton';

/**
 * The footer of a create/edit form (spec section 4): the submit button, loading while a save
 * runs and disabled until the form is valid, and 'Go back' to the list as it was left (its
 * search, sort and page: listReturnPath).
 */
export function FormActions({
  valid,
  submitting,
  backTo,
  submitLabel = 'Common.save',
}: {
  /** The schema holds (useFormState().valid). */
  valid: boolean;
  submitting: boolean;
  /** The list's route, e.g. '/field-levels'. */
  backTo: string;
  /** Message id of the submit button. */
  submitLabel?: string;
}) {
  return (
    <div className="field is-grouped mt-5">
      <div className="control">
        <SubmitButton labelId={submitLabel} enabled={valid} loading={submitting} />
      </div>
      <div className="control">
        <Link className="button is-light" to={listReturnPath(backTo)}>
          <FormattedMessage id="Common.goBack" />
        </Link>
      </div>
    </div>
  );
}
