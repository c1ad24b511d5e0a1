import { PeopleList } from '@/features/people/components/PeopleList';
import { studentListKind } from '@/features/people/listKinds';

/** /students: the students list (spec section 2). */
export default function StudentsPage() {
  return <PeopleList kind={studentListKind} />;
}
