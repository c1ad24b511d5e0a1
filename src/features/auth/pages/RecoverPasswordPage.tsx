/** Placeholder until its feature lands. */
export default function RecoverPasswordPage() {
  return null;
}
