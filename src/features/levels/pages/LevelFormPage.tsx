/** Placeholder until its feature lands. */
export default function LevelFormPage() {
  return null;
}
