/** The state of the Basic Profile form, as its field groups receive it. */
import type { FormState } from '@/shared/forms/useFormState';
import type { PersonBasicValues } from '../../formValues';

/** useFormState over the Basic Profile values; the output is the kind's schema's. */
export type PersonForm = FormState<PersonBasicValues, Record<string, unknown>>;

/** What every field group of the Basic Profile form receives. */
export interface FieldGroupProps {
  form: PersonForm;
  /** The id of a field's control, e.g. `student-name` for 'name'. */
  idOf: (field: keyof PersonBasicValues) => string;
}

/** What a kind's extra field group receives (see PersonKind.Extras). */
export interface ExtrasProps<P> extends FieldGroupProps {
  /** The stored person when editing. */
  person: P | undefined;
  /** Upload progress of a chosen file field (0..100), null when none runs. */
  progressOf: (field: 'photo' | 'cv') => number | null;
}
