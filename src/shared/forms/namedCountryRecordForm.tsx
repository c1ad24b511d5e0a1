import type { ComponentType } from 'react';
import type * as z from '@/shared/zod';
import type { RecordFormProps } from './EntityFormPage';
import { NamedCountryForm, type NamedCountryValues } from './NamedCountryForm';
import { useFormState, type FormState } from './useFormState';

/** Where a NamedCountryForm's controls, labels and 'Go back' point (see NamedCountryForm). */
export interface NamedCountryFormOptions {
  /** Prefix of the controls' ids, e.g. 'school'. */
  idPrefix: string;
  /** Catalogue prefix of the labels, e.g. 'Schools'. */
  messagePrefix: string;
  /** The list's route, e.g. '/field-schools'. */
  backTo: string;
}

/**
 * Makes the record form EntityFormPage shows for a named, ordered record of a country (spec
 * sections 3 and 5: field levels, schools): a NamedCountryForm over `schema`, holding its values
 * (a failed save keeps them), with Save enabled only while the schema holds.
 * @param schema turns the form values `V` into the record fields `O`; messages are catalogue ids
 * @param options ids, labels and the list's route
 * @param Fields the record's own fields (e.g. a school's address), shown between Country and
 *   Order; they receive the form
 */
export function namedCountryRecordForm<V extends NamedCountryValues, O>(
  schema: z.ZodMiniType<O, Partial<NoInfer<V>>>,
  options: NamedCountryFormOptions,
  Fields?: ComponentType<{ form: FormState<V, O> }>,
): ComponentType<RecordFormProps<V, O>> {
  function RecordForm({ initial, submitting, onSubmit }: RecordFormProps<V, O>) {
    const form = useFormState(schema, initial);
    return (
      <NamedCountryForm form={form} onSubmit={onSubmit} submitting={submitting} {...options}>
        {Fields && <Fields form={form} />}
      </NamedCountryForm>
    );
  }
  RecordForm.displayName = `${options.messagePrefix}Form`;
  return RecordForm;
}
