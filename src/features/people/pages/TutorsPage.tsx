import { PeopleList } from '@/features/people/components/PeopleList';
import { tutorKind } from '@/features/people/kinds';

/** /tutors: the tutors list with the Show all switch (spec section 2). */
export default function TutorsPage() {
  return <PeopleList kind={tutorKind} />;
}
