/** Placeholder until its feature lands. */
export default function FieldLevelsPage() {
  return null;
}
