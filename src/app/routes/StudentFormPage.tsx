import { MatchingTab } from '@/features/matching/components/MatchingTab';
import { PersonFormPage } from '@/features/people/components/PersonFormPage';
import { studentKind } from '@/features/people/kinds';
import { testResultTab } from './testResultTab';

/**
 * /students/new and /students/{id}: tabs Basic Profile, Profile Level, Test result, Subjects
 * (spec section 2). The app composes the features: the person form with the test result and
 * the matching tabs (issue 14: features do not import each other).
 */
export default function StudentFormPage() {
  return (
    <PersonFormPage
      kind={studentKind}
      extraTabs={(person) => [
        testResultTab('students', person),
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
