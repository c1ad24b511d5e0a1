/** Placeholder until its feature lands. */
export default function ProfilePage() {
  return null;
}
