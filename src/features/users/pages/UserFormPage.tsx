/** Placeholder until its feature lands. */
export default function UserFormPage() {
  return null;
}
