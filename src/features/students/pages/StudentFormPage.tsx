/** Placeholder until its feature lands. */
export default function StudentFormPage() {
  return null;
}
