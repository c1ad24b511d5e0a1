import { PeopleList } from '@/features/people/components/PeopleList';
import { tutorListKind } from '@/features/people/listKinds';

/** /tutors: the tutors list with the Show all switch (spec section 2). */
export default function TutorsPage() {
  return <PeopleList kind={tutorListKind} />;
}
