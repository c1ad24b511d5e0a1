/** Placeholder until its feature lands. */
export default function DashboardPage() {
  return null;
}
