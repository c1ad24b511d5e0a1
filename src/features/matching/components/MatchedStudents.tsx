import { get, ref } from 'firebase/database';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { listPath } from '@/shared/domain/derived/listRows';
import { referenceLabel, type ReferenceData } from '@/shared/domain/reference';
import { database } from '@/shared/firebase';

/**
 * The tutor's side of the matches (spec section 3: confirmedStudents, student id -> subjects): each
 * student the tutor is confirmed for, with the subjects. Names come from the students' list rows
 * (`lists/students/{id}/name`, one small read each; never whole records for a name); a student
 * whose row cannot be read shows its id.
 */
export function MatchedStudents({
  tutor,
  reference,
}: {
  /** A tutor record (features/people's Tutor): only its confirmed students are read. */
  tutor: { confirmedStudents?: Record<string, Record<string, boolean> | undefined> };
  /** The subjects' names come from here (given by the app). */
  reference: ReferenceData;
}) {
  const [names, setNames] = useState<Record<string, string>>({});
  const { allSubjects } = reference;
  const intl = useIntl();
  const confirmed = Object.entries(tutor.confirmedStudents ?? {});
  const studentIds = confirmed.map(([studentId]) => studentId).join(',');

  useEffect(() => {
    if (!studentIds) return undefined;
    let mounted = true;
    void (async () => {
      const db = await database();
      const read = await Promise.all(
        studentIds.split(',').map(async (id) => {
          const snap = await get(ref(db, `${listPath('students')}/${id}/name`));
          return [id, snap.val()] as const;
        }),
      );
      if (mounted)
        setNames(
          Object.fromEntries(read.filter((e): e is [string, string] => typeof e[1] === 'string')),
        );
    })().catch(() => undefined); // the ids stay shown
    return () => {
      mounted = false;
    };
  }, [studentIds]);

  // A deleted subject is named as such, never by its raw id.
  const subjectName = (id: string) =>
    referenceLabel(allSubjects, id, intl.formatMessage({ id: 'References.deleted' }));
  return (
    <section className="mt-5" aria-labelledby="matched-students-title">
      <h2 id="matched-students-title" className="title is-6">
        <FormattedMessage id="Matching.matchedStudents" />
      </h2>
      {confirmed.length === 0 ? (
        <p className="has-text-grey">
          <FormattedMessage id="Matching.noMatchedStudents" />
        </p>
      ) : (
        <ul>
          {confirmed.map(([studentId, subjectIds]) => (
            <li key={studentId}>
              <Link to={`/students/${studentId}`}>{names[studentId] ?? studentId}</Link>
              {': '}
              {Object.keys(subjectIds ?? {})
                .map(subjectName)
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
