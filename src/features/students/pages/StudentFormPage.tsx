import { MatchingTab } from '@/features/matching/components/MatchingTab';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import { studentKind } from '@/features/people/kinds';

/** /students/new and /students/{id}: tabs Basic Profile, Profile Level, Test result, Subjects. */
export default function StudentFormPage() {
  return (
    <PersonFormPage
      kind={studentKind}
      extraTabs={(person) => [
        {
          key: 'subjects',
          label: 'Students.subjectsTab',
          disabled: !person,
          content: person ? <MatchingTab student={person} /> : null,
        },
      ]}
    />
  );
}
