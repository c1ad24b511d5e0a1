/** Placeholder until its feature lands. */
export default function TutorFormPage() {
  return null;
}
