/** Placeholder until its feature lands. */
export default function UsersPage() {
  return null;
}
