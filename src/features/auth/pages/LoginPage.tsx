/** Placeholder until its feature lands. */
export default function LoginPage() {
  return null;
}
