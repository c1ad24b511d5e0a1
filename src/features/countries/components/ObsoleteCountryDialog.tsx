import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Modal } from '@/shared/dialog/Modal';
import { formatUses, type ReferenceUses } from '@/shared/lists/referenceUses';

/** A country about to be marked obsolete and what its uses check found (null: closed). */
export interface ObsoleteCountryCheck {
  name: string;
  /** The students and tutors that have the country; null when they could not be counted. */
  uses: ReferenceUses | null;
}

/**
 * Asks before marking a country obsolete that people use (spec sections 3 and 4: an obsolete
 * country stays on the records that have it and is no longer offered): names the uses ("Tuvalu is
 * in use: 2 students and 1 tutor.", from the server's `uses/` counters) or says they could not be
 * counted, and offers 'Mark obsolete' or 'Cancel'. An unused country is marked without asking
 * (CountriesPage), as before.
 */
export function ObsoleteCountryDialog({
  check,
  onConfirm,
  onCancel,
}: {
  check: ObsoleteCountryCheck | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const name = <strong>{check?.name}</strong>;
  return (
    <Modal
      open={check !== null}
      title={<FormattedMessage id="Common.confirmAction" />}
      describedByBody
      initialFocus={cancelRef}
      onCancel={onCancel}
      footer={
        <>
          <button type="button" className="button is-warning" onClick={onConfirm}>
            <FormattedMessage id="References.markObsolete" />
          </button>
          <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
            <FormattedMessage id="Common.cancel" />
          </button>
        </>
      }
    >
      <p>
        {check?.uses ? (
          <FormattedMessage
            id="References.obsoleteInUse"
            values={{ name, uses: formatUses(intl, check.uses) }}
          />
        ) : (
          <FormattedMessage id="References.obsoleteCheckFailed" values={{ name }} />
        )}
      </p>
      <p className="mt-2">
        <FormattedMessage id="References.obsoleteKeeps" />
      </p>
    </Modal>
  );
}
