import { useRef, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { FormState } from './useFormState';
import { useUnsavedChanges } from './unsavedChanges';
import { RemoteChangesNotice } from './RemoteChangesNotice';
import { useRemoteChangesContext } from './remoteChangesContext';

/** A fieldset that only groups (the browser's border and padding off). */
const PLAIN_FIELDSET: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };

/**
 * The `<form>` of every create/edit form: browser validation off (the schema's messages show
 * instead), submit through `form.submit` (one save at a time), and the form reported to the
 * unsaved-changes guard while it holds unsaved input.
 *
 * On a page that follows its record (RemoteChangesContext) the form shows, at its top, that another
 * admin changed the record (with Reload) or deleted it; a deleted record's form is disabled (a
 * disabled fieldset: no input, no Save) and never submits. The notice is hidden while this form's
 * own save runs, whose echo may arrive before the save settles.
 *
 * `disabled` disables the form the same way while the page cannot take input yet (a link being
 * checked): the form is shown at once, in its final place and size, and enabled when ready.
 */
export function Form<V extends FieldValues, O>({
  form,
  onSubmit,
  submitting,
  children,
  className,
  disabled,
  'aria-label': ariaLabel,
}: {
  /** What `useFormState` returned. */
  form: FormState<V, O>;
  /** Saves the parsed record fields; resolve `true` once saved (the form is then left). */
  onSubmit: (output: O) => unknown;
  /** True while a save runs (from the page). */
  submitting: boolean;
  children: ReactNode;
  className?: string;
  /**
   * True while the form cannot be used yet: its controls disabled (a disabled fieldset), no
   * submit. A form given this prop keeps the fieldset when it turns false, so React keeps what the
   * controls hold.
   */
  disabled?: boolean;
  /** The form's accessible name, where a page holds more than one (tabs). */
  'aria-label'?: string;
}) {
  useUnsavedChanges(form.dirty, form.saving);
  const remote = useRemoteChangesContext();
  const element = useRef<HTMLFormElement>(null);
  const deleted = remote?.status === 'deleted';
  const off = deleted || disabled === true;
  const save = form.submit(onSubmit, submitting);
  // The label of a record field (or of an entry, `settings.originalPrice`): the control ids end
  // in the field's name (`school-name`), or in it without `Id` for a reference (`school-country`
  // for `countryId`).
  const labelOf = (path: string) => {
    const field = path.slice(path.lastIndexOf('.') + 1);
    for (const suffix of [field, field.replace(/Id$/, '')]) {
      const label = element.current?.querySelector(`label[for$="-${CSS.escape(suffix)}"]`);
      const text = label?.textContent?.trim();
      if (text) return text;
    }
    return undefined;
  };

  return (
    <form
      ref={element}
      className={className}
      aria-label={ariaLabel}
      onSubmit={(event: FormEvent) => {
        if (off) event.preventDefault();
        else save(event);
      }}
      noValidate
    >
      {remote && !submitting && !form.saving() && (
        <RemoteChangesNotice remote={remote} labelOf={labelOf} />
      )}
      {remote || disabled !== undefined ? (
        <fieldset disabled={off} style={PLAIN_FIELDSET}>
          {children}
        </fieldset>
      ) : (
        children
      )}
    </form>
  );
}
