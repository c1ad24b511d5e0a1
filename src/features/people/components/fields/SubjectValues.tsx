import { useIntl } from 'react-intl';
import type { Proficiency } from '@/features/people/students/types';
import type { TutorSubjectRange } from '@/features/people/tutors/types';

/** What a kind's subject value control receives on the Profile Level tab. */
export interface SubjectValueProps<S> {
  subject: { id: string; name: string };
  value: S;
  onChange: (value: S) => void;
  /** Field levels to choose from, by order (spec section 3). */
  fieldLevels: ReadonlyArray<{ id: string; name: string }>;
}

const PROFICIENCIES: Proficiency[] = ['below', 'avg', 'above'];

/** A student's proficiency in a checked subject: below, average or above (spec section 9). */
export function ProficiencySelect({ subject, value, onChange }: SubjectValueProps<Proficiency>) {
  const intl = useIntl();
  return (
    <div className="select is-small">
      <select
        aria-label={intl.formatMessage({ id: 'Students.proficiencyOf' }, { subject: subject.name })}
        value={value}
        onChange={(e) => onChange(e.target.value as Proficiency)}
      >
        {PROFICIENCIES.map((p) => (
          <option key={p} value={p}>
            {intl.formatMessage({ id: `Students.proficiency.${p}` })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The field-level range a tutor teaches a checked subject at: first and last level. */
export function LevelRangeSelect({
  subject,
  value,
  onChange,
  fieldLevels,
}: SubjectValueProps<TutorSubjectRange>) {
  const intl = useIntl();
  const end = (which: keyof TutorSubjectRange) => (
    <div className="select is-small">
      <select
        aria-label={intl.formatMessage({ id: `Tutors.${which}Of` }, { subject: subject.name })}
        value={value[which]}
        onChange={(e) => onChange({ ...value, [which]: e.target.value })}
      >
        {fieldLevels.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {end('levelStart')}
      <span className="mx-2">–</span>
      {end('levelEnd')}
    </>
  );
}
