import { useCallback } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { MatchingTab } from '@/features/matching/components/MatchingTab';
import type { MatchChange } from '@/features/matching/matchingThunks';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import { studentKind, tutorKind } from '@/features/people/kinds';
import type { TestResultReset } from '@/features/test-results/components/TestResultTab';
import { testResultTab } from './testResultTab';
import { useReferenceData } from './useReferenceData';

/**
 * /students/new and /students/{id}: tabs Basic Profile, Profile Level, Test result, Subjects (spec
 * section 2). The app composes the features: the person form with the test result and the matching
 * tabs (features do not import each other).
 */
export default function StudentFormPage() {
  const dispatch = useAppDispatch();
  const reference = useReferenceData();
  const reset = (id: string, changes: TestResultReset) =>
    dispatch(studentKind.entity.modify({ id, changes }));
  // A match changes the student and the tutors' records: the app reloads the ones it holds.
  const refresh = useCallback(
    ({ studentId, tutorIds }: MatchChange) => {
      void dispatch(studentKind.entity.fetchOne(studentId));
      for (const id of tutorIds) void dispatch(tutorKind.entity.fetchOne(id));
    },
    [dispatch],
  );
  return (
    <PersonFormPage
      kind={studentKind}
      reference={reference}
      extraTabs={(person) => [
        testResultTab(person, reset),
        {
          key: 'subjects',
          label: 'Students.subjectsTab',
          disabled: !person,
          content: person ? (
            <MatchingTab student={person} reference={reference} onChanged={refresh} />
          ) : null,
        },
      ]}
    />
  );
}
