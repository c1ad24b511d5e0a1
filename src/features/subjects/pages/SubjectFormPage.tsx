/** Placeholder until its feature lands. */
export default function SubjectFormPage() {
  return null;
}
