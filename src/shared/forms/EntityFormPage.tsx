import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { PageCard } from '../lists/PageCard';
import { LoadingStatus } from './LoadingStatus';
import { useEntityForm, type FormThunks } from './useEntityForm';
import { RemoteChangesContext } from './useRemoteChanges';

/** The props of a record form shown by EntityFormPage (e.g. FieldLevelForm). */
export interface RecordFormProps<V, I> {
  /** The values to start from. */
  initial: V;
  /** True while a save runs. */
  submitting: boolean;
  /** Called with the record fields to save; settles when the save has. */
  onSubmit: (input: I) => Promise<unknown>;
}

/**
 * The page of `<list>/new` and `<list>/:id` (spec sections 2 and 4): creates a record, or edits
 * the one of the route's `:id`. While the record loads, 'Loading...' shows; a failed load
 * redirects to the list, and so does a successful save (useEntityForm). A new record gets
 * `createdAt` (epoch milliseconds) when created. While a record is edited, another admin's change
 * or deletion of it shows on the form (useRemoteChanges).
 *
 * The title is `${messagePrefix}.newTitle`, or `${messagePrefix}.editTitleNamed` with the record's
 * `name` once it is loaded (`.editTitle` before).
 */
export function EntityFormPage<T extends object, V, I extends object>({
  entity,
  listPath,
  messagePrefix,
  Form,
  empty,
  toForm,
}: {
  /** The thunks of the record's entity slice (shared/entitySlice). */
  entity: FormThunks<T, NoInfer<I> & { createdAt: number }, { id: string; changes: NoInfer<I> }>;
  /** The list's route, e.g. '/field-levels'. */
  listPath: string;
  /** Catalogue prefix of the titles, e.g. 'FieldLevels'. */
  messagePrefix: string;
  Form: ComponentType<RecordFormProps<V, I>>;
  /** Form values of a new record. */
  empty: V;
  /** Form values of a stored record. */
  toForm: (record: T) => V;
}) {
  const { id } = useParams();
  const form = useEntityForm(entity, id, listPath);
  const stored = form.record as { name?: unknown } | null;
  const name = typeof stored?.name === 'string' ? stored.name : undefined;

  return (
    <PageCard
      title={`${messagePrefix}.${id ? (name === undefined ? 'editTitle' : 'editTitleNamed') : 'newTitle'}`}
      titleValues={name === undefined ? undefined : { name }}
    >
      <RemoteChangesContext.Provider value={id ? form.remote : null}>
        {form.loadingRecord || (id && !form.record) ? (
          <LoadingStatus />
        ) : (
          <Form
            initial={form.record ? toForm(form.record) : empty}
            submitting={form.submitting}
            onSubmit={(input) =>
              id
                ? form.modify({ id, changes: input })
                : form.create({ ...input, createdAt: Date.now() })
            }
          />
        )}
      </RemoteChangesContext.Provider>
    </PageCard>
  );
}
