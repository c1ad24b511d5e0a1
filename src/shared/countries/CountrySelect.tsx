import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_COUNTRY_CODE } from './builtInCountries';
import { useCountryName } from './countryNames';
import { useCountryOptions } from './CountryOptions';

export interface CountrySelectProps {
  /** Id of the <select>; give the same to the <label htmlFor>. */
  id: string;
  /** The selected two-letter code ('' for none). */
  value: string;
  onChange: (code: string) => void;
  /** Shows an empty 'Select a country' option first (for forms without a default). */
  allowEmpty?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Marks the select invalid (aria-invalid, red border). */
  invalid?: boolean;
  /** Id of an element describing the select, e.g. its error message. */
  describedBy?: string;
  onBlur?: () => void;
}

/**
 * A select of the usable (not obsolete) countries, names in the interface language, Singapore
 * first (spec sections 1 and 3). A value that has since become obsolete is still listed, marked,
 * so an existing record keeps showing its country. The countries come from the app's
 * CountryOptions (loaded on mount). For the forms of students, tutors, subjects, schools and field
 * levels. Pair it with a `<label htmlFor={id}>`.
 */
export function CountrySelect({
  id,
  value,
  onChange,
  allowEmpty = false,
  required,
  disabled,
  invalid = false,
  describedBy,
  onBlur,
}: CountrySelectProps) {
  const intl = useIntl();
  const { usable, all, load } = useCountryOptions();
  const nameOf = useCountryName();

  useEffect(() => {
    load();
  }, [load]);

  const options = useMemo(() => {
    const list = usable.map((c) => ({
      code: c.code,
      name: nameOf(c.code, c.name),
      obsolete: false,
    }));
    if (value && !list.some((c) => c.code === value)) {
      const known = all.find((c) => c.code === value);
      list.push({ code: value, name: nameOf(value, known?.name), obsolete: true });
    }
    return list.sort((a, b) =>
      a.code === DEFAULT_COUNTRY_CODE
        ? -1
        : b.code === DEFAULT_COUNTRY_CODE
          ? 1
          : a.name.localeCompare(b.name, intl.locale),
    );
  }, [usable, all, value, nameOf, intl.locale]);

  return (
    <div className={`select is-fullwidth${invalid ? ' is-danger' : ''}`}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        {allowEmpty && (
          <option value="">{intl.formatMessage({ id: 'Countries.selectCountry' })}</option>
        )}
        {options.map((c) => (
          <option key={c.code} value={c.code}>
            {c.obsolete
              ? intl.formatMessage({ id: 'Countries.obsoleteOption' }, { name: c.name })
              : c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
