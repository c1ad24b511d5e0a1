import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { CountryField } from '@/shared/countries/CountryField';
import { Form } from './Form';
import { FormActions } from './FormActions';
import { InputField } from './InputField';
import { ObsoleteField } from './ObsoleteField';
import { OrderField } from './OrderField';
import type { BoundField, FormState } from './useFormState';

/**
 * The form values every named, ordered record of a country has (spec section 3: field levels,
 * schools and subjects): `order` is the text as typed, the schema turns it into a number.
 */
export interface NamedCountryValues extends FieldValues {
  name: string;
  countryId: string;
  order: string;
  isObsolete: boolean;
}

/**
 * The create/edit form of a named, ordered record of a country (spec sections 3 and 5: field
 * levels, schools, subjects): Name (required), Country, then the record's own fields
 * (`children`), then Order, Is obsolete and the footer (Save, enabled while the schema holds, and
 * Go back). Controls are `${idPrefix}-name`, `-country`, `-order`, `-obsolete`; labels are
 * `${messagePrefix}.name`, `.country`, `.order`, `.isObsolete`.
 */
export function NamedCountryForm<V extends NamedCountryValues, O>({
  form,
  onSubmit,
  submitting,
  idPrefix,
  messagePrefix,
  backTo,
  children,
}: {
  /** What `useFormState` returned for the record's schema. */
  form: FormState<V, O>;
  /** Saves the parsed record fields (from the page). */
  onSubmit: (output: O) => unknown;
  /** True while a save runs. */
  submitting: boolean;
  /** Prefix of the controls' ids, e.g. 'school'. */
  idPrefix: string;
  /** Catalogue prefix of the labels, e.g. 'Schools'. */
  messagePrefix: string;
  /** The list's route, e.g. '/field-schools'. */
  backTo: string;
  /** The record's own fields, between Country and Order. */
  children?: ReactNode;
}) {
  // V extends NamedCountryValues, so these fields exist with these types; TypeScript does not
  // resolve react-hook-form's Path<V> for a generic V.
  const bind = form.bind as unknown as <K extends keyof NamedCountryValues>(
    field: K,
  ) => BoundField<NamedCountryValues[K]>;
  const label = (key: 'name' | 'country' | 'order' | 'isObsolete') => (
    <FormattedMessage id={`${messagePrefix}.${key}`} />
  );

  return (
    <Form form={form} onSubmit={onSubmit} submitting={submitting}>
      <InputField id={`${idPrefix}-name`} label={label('name')} required {...bind('name')} />
      <CountryField id={`${idPrefix}-country`} label={label('country')} {...bind('countryId')} />
      {children}
      <OrderField id={`${idPrefix}-order`} label={label('order')} {...bind('order')} />
      <ObsoleteField
        id={`${idPrefix}-obsolete`}
        label={label('isObsolete')}
        {...bind('isObsolete')}
      />
      <FormActions valid={form.valid} submitting={submitting} backTo={backTo} />
    </Form>
  );
}
