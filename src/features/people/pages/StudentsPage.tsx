import { PeopleList } from '@/features/people/components/PeopleList';

/** /students: the students list (spec section 2). */
export default function StudentsPage() {
  return <PeopleList path="students" />;
}
