import { MatchedStudents } from '@/features/matching/components/MatchedStudents';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import { tutorKind } from '@/features/people/kinds';

/** /tutors/new and /tutors/{id}: tabs Basic Profile, Profile Level, Test result, and the
 * students this tutor is confirmed for. */
export default function TutorFormPage() {
  return (
    <PersonFormPage kind={tutorKind} footer={(person) => <MatchedStudents tutor={person} />} />
  );
}
