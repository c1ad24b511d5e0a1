import { MatchedStudents } from '@/features/matching/components/MatchedStudents';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import { tutorKind } from '@/features/people/kinds';
import { testResultTab } from './testResultTab';

/**
 * /tutors/new and /tutors/{id}: tabs Basic Profile, Profile Level, Test result, and below them
 * the students this tutor is confirmed for (spec section 2), composed by the app.
 */
export default function TutorFormPage() {
  return (
    <PersonFormPage
      kind={tutorKind}
      extraTabs={(person) => [testResultTab('tutors', person)]}
      footer={(person) => <MatchedStudents tutor={person} />}
    />
  );
}
