import { MatchedStudents } from '@/features/matching/components/MatchedStudents';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import type { Tutor } from '../types';

/** /tutors/new and /tutors/{id}: tabs Basic Profile, Profile Level, Test result, and the
 * students this tutor is confirmed for. */
export default function TutorFormPage() {
  return (
    <PersonFormPage
      path="tutors"
      footer={(person) => <MatchedStudents tutor={person as Tutor} />}
    />
  );
}
