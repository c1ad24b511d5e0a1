/** Placeholder until its feature lands. */
export default function StudentsPage() {
  return null;
}
