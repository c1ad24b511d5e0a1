/** Placeholder until its feature lands. */
export default function SchoolsPage() {
  return null;
}
