import { format, parseISO } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import DatePicker, { registerLocale, type CalendarContainer } from 'react-datepicker';
import { useIntl } from 'react-intl';
import 'react-datepicker/dist/react-datepicker.css';
import { DISPLAY_DATE_FORMAT, parseDisplayDate } from './dateText';
import { FormField } from './FormField';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The value's prefix while the typed text is not a date: `invalid:31/02/2026`. */
const INVALID = 'invalid:';

// The calendar's month and weekday names in Spanish (react-datepicker reads date-fns locales).
registerLocale('es', es);

/**
 * The calendar's popup, as react-datepicker's own CalendarContainer (a modal dialog) but named in
 * the interface language: the library's name is a fixed English 'Choose Date'.
 */
function CalendarDialog({ className, children, inline }: Parameters<typeof CalendarContainer>[0]) {
  const intl = useIntl();
  return (
    <div
      className={className}
      aria-label={intl.formatMessage({ id: 'Common.dateDialog' })}
      role={inline ? undefined : 'dialog'}
      aria-modal={inline ? undefined : 'true'}
      translate="no"
    >
      {children}
    </div>
  );
}

export interface DateFieldProps {
  id: string;
  label: ReactNode;
  /** 'yyyy-MM-dd' or null; while typed text is not a date, `invalid:<text>`. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Called when the field loses focus (forms show a field's error once it was left). */
  onBlur?: () => void;
  /** Translated error text. */
  error?: string | null;
  /** Shown, not editable (a fact such as an account's creation date), without the calendar. */
  readOnly?: boolean;
}

/**
 * A date picker shown as dd/MM/yyyy (spec section 9), stored as 'yyyy-MM-dd'. Typed text is read
 * strictly (shared/forms/dateText): anything that is not a real dd/MM/yyyy date is passed on as
 * it was typed, so the schema's 'yyyy-MM-dd' rule reports 'Invalid date' and the form cannot save
 * it, instead of storing year 20. The text stays in the field as typed (the picker would blank
 * it on leaving, as if the date had been cleared), and 'Invalid date' shows under it even where
 * the form's schema gives no error of its own (an optional date, a filter).
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  readOnly = false,
}: DateFieldProps) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: `Common.${key}` });
  const spanish = intl.locale.startsWith('es');
  const typedText = value?.startsWith(INVALID) ? value.slice(INVALID.length) : undefined;
  // Its own message only once the field was left, not while a date is half typed.
  const [left, setLeft] = useState(false);
  const shownError = error ?? (left && typedText !== undefined ? t('invalidDate') : null);
  return (
    <FormField id={id} label={label} error={shownError}>
      <DatePicker
        id={id}
        className="input"
        dateFormat={DISPLAY_DATE_FORMAT}
        strictParsing
        placeholderText={t('datePlaceholder')}
        // The widget's own labels, translated (no English in the Spanish interface).
        locale={spanish ? 'es' : undefined}
        // Weeks start on Monday in Spanish-speaking countries (date-fns' es locale, weekStartsOn
        // 1), which the picker does not take from the locale by itself.
        calendarStartDay={spanish ? 1 : undefined}
        previousMonthButtonLabel={t('datePreviousMonth')}
        previousMonthAriaLabel={t('datePreviousMonth')}
        nextMonthButtonLabel={t('dateNextMonth')}
        nextMonthAriaLabel={t('dateNextMonth')}
        previousYearButtonLabel={t('datePreviousYear')}
        previousYearAriaLabel={t('datePreviousYear')}
        nextYearButtonLabel={t('dateNextYear')}
        nextYearAriaLabel={t('dateNextYear')}
        chooseDayAriaLabelPrefix={t('dateChooseDay')}
        disabledDayAriaLabelPrefix={t('dateUnavailableDay')}
        monthAriaLabelPrefix={t('dateMonth')}
        weekAriaLabelPrefix={t('dateWeek')}
        weekLabel={t('dateWeek')}
        ariaLabelClose={t('dateClose')}
        calendarContainer={CalendarDialog}
        selected={value && ISO_DATE.test(value) ? parseISO(value) : null}
        // Text that is not a date stays as typed (the picker shows `selected` otherwise: none).
        {...(typedText === undefined ? {} : { value: typedText })}
        onChange={(date: Date | null) => onChange(date ? format(date, 'yyyy-MM-dd') : null)}
        onChangeRaw={(event) => {
          const text = (event as ChangeEvent<HTMLInputElement> | undefined)?.target?.value;
          if (typeof text !== 'string') return; // a pick in the calendar: onChange has it
          const parsed = parseDisplayDate(text);
          onChange(parsed === undefined ? `${INVALID}${text}` : parsed);
        }}
        onBlur={() => {
          setLeft(true);
          onBlur?.();
        }}
        readOnly={readOnly}
        showYearDropdown
        showMonthDropdown
        dropdownMode="select"
        ariaInvalid={shownError ? 'true' : undefined}
        ariaDescribedBy={shownError ? `${id}-error` : undefined}
      />
    </FormField>
  );
}
