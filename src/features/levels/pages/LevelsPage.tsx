/** Placeholder until its feature lands. */
export default function LevelsPage() {
  return null;
}
