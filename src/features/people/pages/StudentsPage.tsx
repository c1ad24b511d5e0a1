import { PeopleList } from '@/features/people/components/PeopleList';
import { studentKind } from '@/features/people/kinds';

/** /students: the students list (spec section 2). */
export default function StudentsPage() {
  return <PeopleList kind={studentKind} />;
}
