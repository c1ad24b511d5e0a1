import { MatchingTab } from '@/features/matching/components/MatchingTab';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import type { Student } from '../types';

/** /students/new and /students/{id}: tabs Basic Profile, Profile Level, Test result, Subjects. */
export default function StudentFormPage() {
  return (
    <PersonFormPage
      path="students"
      extraTabs={(person) => [
        {
          key: 'subjects',
          label: 'Students.subjectsTab',
          disabled: !person,
          content: person ? <MatchingTab student={person as Student} /> : null,
        },
      ]}
    />
  );
}
