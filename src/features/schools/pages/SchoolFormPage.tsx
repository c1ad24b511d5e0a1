/** Placeholder until its feature lands. */
export default function SchoolFormPage() {
  return null;
}
