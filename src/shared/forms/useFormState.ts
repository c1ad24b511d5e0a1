/**
 * The one form system of the product (spec sections 4 and 5): react-hook-form holds a create/edit
 * form's values, touched and dirty state; a zod schema validates them through `zodResolver`, and
 * its issue messages are catalogue ids. Every form gets, from here, once:
 * - errors shown once a field was changed or left (touched) and on every field after a submit,
 *   translated from the catalogue, including cross-field rules (the whole form is validated on
 *   each change, as the schema's refinements may name another field);
 * - a submit that cannot run twice (Enter, double click, slow network: see `submit`);
 * - a failed save that keeps the input (the values live here; only success leaves the form);
 * - the unsaved-changes prompt on leaving (`isDirty`, reported to UnsavedChangesGuard by `Form`);
 * - on a page that follows its record (RemoteChangesContext), Reload: the values start again from
 *   `initial`, which the page then computes from the stored record.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, type FormEvent } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
} from 'react-hook-form';
import { useIntl } from 'react-intl';
import { safeParse } from '../zod';
import type * as z from 'zod/v4/core';
import { useRemoteChangesContext } from './remoteChangesContext';

/** What an input needs to show and change one field (spread into InputField/SelectField). */
export interface BoundField<V> {
  value: V;
  /** Translated error text, null while the field is untouched or valid. */
  error: string | null;
  onChange: (value: V) => void;
  onBlur: () => void;
}

/** How a form shows its errors. */
export interface FormOptions {
  /**
   * Every field's error once any field was changed, not just the changed field's: for an edit
   * form whose stored values may already break a rule the admin has not touched (the Profile
   * Level tab: no preferred time), where Save would otherwise be disabled with no message.
   */
  showAllOnceChanged?: boolean;
}

/** The first message found in a field's error, which may be nested (arrays, objects). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as Partial<FieldError>).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * @param schema turns the form values (its input type: `V`, or part of it when the form holds
 *   fields another schema reads, as the Basic Profile holds both kinds' extras) into the record
 *   fields (its output `O`); issue messages are catalogue ids
 * @param initial the values to start from (e.g. `emptyX` or `xToForm(record)`); `isDirty` compares
 *   against them
 * @param options see FormOptions
 * @returns `values`; `valid` (the schema holds); `dirty`; `errorOf(field)` (translated, or null);
 *   `set(field, value)`; `bind(field)` for InputField/SelectField; `submit(onSubmit, submitting)`,
 *   the form's submit handler: it calls `onSubmit` with the parsed record fields only when the
 *   schema holds and no save runs; when `onSubmit` returns a promise, further submits are ignored
 *   until it settles, and for good once it resolves `true` (saved: the form is being left);
 *   `saving()` tells whether a save is in flight or done (the unsaved-changes guard lets those
 *   navigations pass); and `methods`, react-hook-form's own API for what this hook does not wrap.
 */
export function useFormState<V extends FieldValues, O>(
  schema: z.$ZodType<O, Partial<NoInfer<V>>>,
  initial: V,
  options: FormOptions = {},
) {
  const intl = useIntl();
  const methods = useForm<V, unknown, O>({
    resolver: zodResolver(schema as never, undefined, { mode: 'sync' }) as never,
    defaultValues: initial as DefaultValues<V>,
    mode: 'all',
  });
  const { formState, getValues, setValue, trigger, handleSubmit, reset } = methods;

  // Reload of the record (useRemoteChanges `version`): this render's `initial` holds its values.
  const version = useRemoteChangesContext()?.version ?? 0;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (version === shownVersion.current) return;
    shownVersion.current = version;
    reset(initial);
  }, [version, initial, reset]);
  // A schema made from loaded records (a name unique among them) changes when they arrive, which
  // can be after the user typed: check the values again, or the error would wait for a keystroke.
  const checkedSchema = useRef(schema);
  useEffect(() => {
    if (checkedSchema.current === schema) return;
    checkedSchema.current = schema;
    void trigger();
  }, [schema, trigger]);
  const values = useWatch({ control: methods.control }) as V;
  // Subscribed here so react-hook-form keeps them current (its formState is a proxy).
  const { errors, touchedFields, isSubmitted, isDirty } = formState;
  // Whole-form validity, computed from the values shown: the resolver's `isValid` settles a
  // render later, and a Save button must never be enabled for invalid values.
  const valid = safeParse(schema, values).success;

  const anyTouched = Object.keys(touchedFields).length > 0;
  const errorOf = (field: Path<V>): string | null => {
    const shown =
      isSubmitted ||
      (options.showAllOnceChanged === true && anyTouched) ||
      Boolean((touchedFields as Record<string, unknown>)[field]);
    const id = shown ? firstMessage((errors as FieldErrors)[field]) : undefined;
    return id ? intl.formatMessage({ id }) : null;
  };
  const set = <K extends Path<V>>(field: K, value: PathValue<V, K>) => {
    setValue(field, value, { shouldDirty: true, shouldTouch: true });
    // Every field: a refinement of the schema may put its issue on another field.
    void trigger();
  };
  const touch = (field: Path<V>) => {
    if ((touchedFields as Record<string, unknown>)[field]) return;
    setValue(field, getValues(field), { shouldTouch: true });
    void trigger();
  };
  const bind = <K extends Path<V>>(field: K): BoundField<PathValue<V, K>> => ({
    value: values[field as keyof V] as PathValue<V, K>,
    error: errorOf(field),
    onChange: (value) => set(field, value),
    onBlur: () => touch(field),
  });

  // A save in flight, known at once: two Enter presses 30 ms apart arrive before React has
  // re-rendered (without this check the record was saved twice). It stays set once a save resolves
  // `true` (saved, the form is being left), or a second Enter would create the record again.
  const inFlight = useRef(false);
  const submit = (onSubmit: (output: O) => unknown, submitting: boolean) => (event: FormEvent) => {
    event.preventDefault();
    if (submitting || inFlight.current) return;
    inFlight.current = true;
    const unlock = () => {
      inFlight.current = false;
    };
    void handleSubmit(async (output) => {
      try {
        if ((await onSubmit(output)) !== true) unlock();
      } catch {
        unlock();
      }
    }, unlock)(event);
  };
  const saving = useCallback(() => inFlight.current, []);

  return { values, valid, dirty: isDirty, errorOf, set, bind, submit, saving, methods };
}

/** The state `useFormState` returns, as `Form` and field groups receive it. */
export type FormState<V extends FieldValues, O> = ReturnType<typeof useFormState<V, O>>;
