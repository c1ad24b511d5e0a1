import { SubjectsPage as SubjectList } from '@/features/subjects/pages/SubjectsPage';
import { useFieldLevels } from './useFieldLevels';

/** /subjects: the subjects list with the names of their level ranges (field levels). */
export default function SubjectsPage() {
  return <SubjectList fieldLevels={useFieldLevels()} />;
}
