/** Placeholder until its feature lands. */
export default function TutorsPage() {
  return null;
}
