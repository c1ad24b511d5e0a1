import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReferencedCollection } from '../domain/derived/references';
import { ConfirmButtons } from '../dialog/ConfirmDialog';
import { Modal } from '../dialog/Modal';
import { formatUses, isUsed, readReferenceUses, type ReferenceUses } from './referenceUses';

/** What the dialog found out about the record's uses. */
type Check =
  | { state: 'checking' }
  | { state: 'unused' }
  | { state: 'used'; uses: ReferenceUses }
  | { state: 'failed' };

export interface DeleteReferenceDialogProps {
  /** The record to delete (null: closed). */
  record: { id: string; name: string } | null;
  /** Its collection, whose uses are counted (referenceUses.ts). */
  collection: ReferencedCollection;
  /** What a delete of an unused record says, e.g. 'This will permanently delete the subject X.' */
  deleteBody: ReactNode;
  /** Marks the record obsolete; absent where the record has no `isObsolete` (browsing levels). */
  onMarkObsolete?: () => void;
  onDelete: () => void;
  onCancel: () => void;
  /** The delete or the mark runs: both buttons wait. */
  busy: boolean;
}

/**
 * The delete confirmation of a reference record (spec section 4, confirm before deleting) that
 * first counts what uses it: deleting a subject with matches, or a field level students are at,
 * would leave their records pointing at nothing (a raw id or "None" on screen). While counting it
 * says so; an unused record is deleted as before; a used one is not: the dialog names the uses
 * ("used by 2 students, 1 tutor and 3 orders") and offers to mark it obsolete instead, which
 * keeps it on the records that have it and stops offering it (spec section 3, isObsolete), or,
 * where a record cannot be obsolete, says to change those records first. When the count cannot
 * be read the delete is refused too: nothing is deleted blind.
 */
export function DeleteReferenceDialog({
  record,
  collection,
  deleteBody,
  onMarkObsolete,
  onDelete,
  onCancel,
  busy,
}: DeleteReferenceDialogProps) {
  const intl = useIntl();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [check, setCheck] = useState<{ id: string; value: Check } | null>(null);

  useEffect(() => {
    if (!record) return;
    let current = true;
    readReferenceUses(collection, record.id, collection === 'subjects' ? record.name : undefined)
      .then(
        (uses): Check => (isUsed(uses) ? { state: 'used', uses } : { state: 'unused' }),
        (): Check => ({ state: 'failed' }),
      )
      .then((value) => {
        if (current) setCheck({ id: record.id, value });
      });
    return () => {
      current = false;
    };
  }, [collection, record]);

  const result: Check = record && check?.id === record.id ? check.value : { state: 'checking' };

  let body: ReactNode;
  // The action the footer offers beside Cancel, if any.
  let action: { label: ReactNode; className: string; run: () => void } | null = null;
  if (result.state === 'checking') {
    body = (
      <p role="status">
        <FormattedMessage id="References.checking" values={{ name: record?.name }} />
      </p>
    );
  } else if (result.state === 'unused') {
    body = deleteBody;
    action = {
      label: <FormattedMessage id="Common.delete" />,
      className: 'is-danger',
      run: onDelete,
    };
  } else if (result.state === 'failed') {
    body = (
      <p className="notification is-danger" role="alert">
        <FormattedMessage id="References.checkFailed" values={{ name: record?.name }} />
      </p>
    );
  } else {
    body = (
      <>
        <p>
          <FormattedMessage
            id="References.inUse"
            values={{
              name: <strong>{record?.name}</strong>,
              uses: formatUses(intl, result.uses),
            }}
          />
        </p>
        <p className="mt-2">
          <FormattedMessage
            id={onMarkObsolete ? 'References.offerObsolete' : 'References.changeFirst'}
          />
        </p>
      </>
    );
    if (onMarkObsolete)
      action = {
        label: <FormattedMessage id="References.markObsolete" />,
        className: 'is-warning',
        run: onMarkObsolete,
      };
  }

  return (
    <Modal
      open={record !== null}
      title={<FormattedMessage id="Common.confirmAction" />}
      describedByBody
      initialFocus={cancelRef}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      footer={
        <ConfirmButtons
          confirmLabel={action?.label}
          confirmClassName={action?.className ?? ''}
          loading={busy}
          cancelRef={cancelRef}
          onConfirm={action?.run}
          onCancel={onCancel}
        />
      }
    >
      {body}
    </Modal>
  );
}
