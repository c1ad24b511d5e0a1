import { PeopleList } from '@/features/people/components/PeopleList';

/** /tutors: the tutors list with the Show all switch (spec section 2). */
export default function TutorsPage() {
  return <PeopleList path="tutors" />;
}
