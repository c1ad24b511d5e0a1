/** Placeholder until its feature lands. */
export default function SubjectsPage() {
  return null;
}
