import { useAppDispatch } from '@/app/hooks';
import { MatchedStudents } from '@/features/matching/components/MatchedStudents';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import { tutorKind } from '@/features/people/kinds';
import type { TestResultReset } from '@/features/test-results/components/TestResultTab';
import { testResultTab } from './testResultTab';
import { useReferenceData } from './useReferenceData';

/**
 * /tutors/new and /tutors/{id}: tabs Basic Profile, Profile Level, Test result, and below them
 * the students this tutor is confirmed for (spec section 2), composed by the app.
 */
export default function TutorFormPage() {
  const dispatch = useAppDispatch();
  const reference = useReferenceData();
  const reset = (id: string, changes: TestResultReset) =>
    dispatch(tutorKind.entity.modify({ id, changes }));
  return (
    <PersonFormPage
      kind={tutorKind}
      reference={reference}
      extraTabs={(person) => [testResultTab(person, reset)]}
      footer={(person) => <MatchedStudents tutor={person} reference={reference} />}
    />
  );
}
