import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { ReferenceData } from '@/shared/domain/reference';
import { students } from '@/features/people/students/studentsSlice';
import type { Tutor } from '@/features/people/tutors/types';

/**
 * The tutor's side of the matches (spec section 3: confirmedStudents, student id -> subjects):
 * each student the tutor is confirmed for, with the subjects.
 */
export function MatchedStudents({
  tutor,
  reference,
}: {
  tutor: Tutor;
  /** The subjects' names come from here (given by the app). */
  reference: ReferenceData;
}) {
  const dispatch = useAppDispatch();
  const entities = useAppSelector((s) => s.students.entities);
  const { subjects } = reference;
  const confirmed = Object.entries(tutor.confirmedStudents ?? {});

  useEffect(() => {
    for (const [studentId] of Object.entries(tutor.confirmedStudents ?? {})) {
      if (!entities[studentId]) void dispatch(students.fetchOne(studentId));
    }
    // Only when the tutor's matches change: a student that failed to load is not retried.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tutor.confirmedStudents, dispatch]);

  const subjectName = (id: string) => subjects.find((s) => s.id === id)?.name ?? id;
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
              <Link to={`/students/${studentId}`}>{entities[studentId]?.name ?? studentId}</Link>
              {': '}
              {Object.keys(subjectIds).map(subjectName).join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
