import { SubjectFormPage as SubjectForm } from '@/features/subjects/pages/SubjectFormPage';
import { useFieldLevels } from './useFieldLevels';

/** /subjects/new and /subjects/{id}: the subject form, its level range offering field levels. */
export default function SubjectFormPage() {
  return <SubjectForm fieldLevels={useFieldLevels()} />;
}
