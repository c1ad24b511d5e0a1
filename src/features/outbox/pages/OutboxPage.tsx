/** Placeholder until its feature lands. */
export default function OutboxPage() {
  return null;
}
