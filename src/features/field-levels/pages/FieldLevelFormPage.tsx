/** Placeholder until its feature lands. */
export default function FieldLevelFormPage() {
  return null;
}
